/**
 * Schemas of the site copy that is not a catalogue entry or a page of its own
 * (`content/site/*.json`): the home page's figures, the pricing page's plan lists and FAQ, the
 * industry cards of /use-cases and the navigation's industries. `fillTemplate` puts the
 * pricing model's figures into the copy, so a price is written in one place only.
 */
import { z } from 'zod';
import { ICON_NAMES } from '../shared/icons';

/** A `{name}` placeholder in copy. */
const PLACEHOLDER = /\{(\w+)\}/g;

/** Replaces every `{name}` in `text` with `values[name]`; an unknown name throws (fails the build). */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    if (!Object.hasOwn(values, name)) throw new Error(`Unknown placeholder {${name}} in "${text}".`);
    return values[name] as string;
  });
}

const industrySlug = z
  .string()
  .regex(/^[a-z0-9-]+$/, 'An industry slug, the name of a file under content/industries.');

/** Headline figures: registry figures (`{fig:key}`), spec-fixed texts or words linking to a measurement. */
export const statSchema = z.object({
  /** The figure, e.g. "99.9%". */
  value: z.string().min(1),
  /** What it measures. */
  label: z.string().min(1),
  /** Where the figure is backed up, e.g. an API's accuracy card (`/docs/image-object-detection#accuracy`). */
  href: z.string().startsWith('/').optional(),
});

/** content/site/home.json. */
export const homeCopySchema = z.object({
  /** Which copy file this is. */
  page: z.literal('home'),
  /** The figures under the hero. */
  stats: z.array(statSchema).min(2).max(4),
});

/** content/site/pricing.json; `{base}`, `{included}`, `{overage}`, `{enterpriseAbove}` and `{total10k}` come from the pricing model. */
export const pricingCopySchema = z.object({
  /** Which copy file this is. */
  page: z.literal('pricing'),
  /** What the Standard Plan includes. */
  standardFeatures: z.array(z.string().min(1)).min(3),
  /** What the Enterprise plan adds. */
  enterpriseFeatures: z.array(z.string().min(1)).min(2),
  /** Frequently asked questions. */
  faq: z
    .array(
      z.object({
        /** The question (a summary line). */
        question: z.string().min(1),
        /** The answer. */
        answer: z.string().min(1),
      }),
    )
    .min(1),
});

/** content/site/use-cases.json. */
export const useCasesCopySchema = z.object({
  /** Which copy file this is. */
  page: z.literal('use-cases'),
  /** The industry cards of /use-cases; names and links come from the industry pages. */
  industries: z
    .array(
      z.object({
        /** Industry page slug. */
        slug: industrySlug,
        /** Card icon. */
        icon: z.enum(ICON_NAMES),
        /** One line on what the industry uses Optiq for. */
        description: z.string().min(1),
      }),
    )
    .length(6, 'The use-cases page shows six industry cards.'),
});

/** content/site/nav.json. */
export const navCopySchema = z.object({
  /** Which copy file this is. */
  page: z.literal('nav'),
  /** Industry pages in the navigation's Industries menu, in order (slugs). */
  industries: z.array(industrySlug).min(1),
});

/** Any file under content/site. */
export const siteCopySchema = z.discriminatedUnion('page', [
  homeCopySchema,
  pricingCopySchema,
  useCasesCopySchema,
  navCopySchema,
]);
export type SiteCopy = z.infer<typeof siteCopySchema>;
