import { z } from 'zod';
import './zod-config';
import { ICON_NAMES } from '../icons';

/**
 * Content schemas of the industry pages (`content/industries/*.json`) and the use-case
 * marketing pages (`content/marketing/*.json`). Each kind is a base schema extended with a
 * literal `type`, so a page's extra sections are checked at build time and narrowed in code.
 */

/** Icons the page components can draw: the names of the site's icon set (src/shared/icons.ts). */
export const iconSchema = z.enum(ICON_NAMES);

/** Labels a contact button may carry. */
export const CONTACT_LABELS = [
  'Contact Sales',
  'Contact Engineering',
  'Schedule Consultation',
  'Schedule Technical Call',
  'Schedule Insurance Demo',
  'Schedule Healthcare Demo',
  'Schedule Retail Demo',
  'Schedule Security Demo',
  'Schedule Automotive Demo',
  'Schedule Agriculture Demo',
] as const;
export const contactLabelSchema = z.enum(CONTACT_LABELS);
export type ContactLabel = z.infer<typeof contactLabelSchema>;

/** A card with a title and a paragraph, used across marketing and industry pages. */
export const cardSchema = z.object({
  /** Card heading. */
  title: z.string().min(1),
  /** Card body text. */
  description: z.string().min(1),
});

/** A card with an icon. */
export const iconCardSchema = cardSchema.extend({
  /** Decorative icon shown above the title. */
  icon: iconSchema,
});

/** A section heading with an optional intro paragraph. */
const sectionHeadSchema = z.object({
  /** Section heading (an h2). */
  heading: z.string().min(1),
  /** Paragraph under the heading. */
  intro: z.string().min(1).optional(),
});

/** Fields every page shares: routing, metadata and the contact tag. */
const pageBaseSchema = z.object({
  /** Route slug (under /industries/ for industries, at the root for marketing pages). */
  slug: z.string().regex(/^[a-z0-9-]+$/, 'Use lower-case letters, digits and hyphens, e.g. "real-estate".'),
  /** Name sent as `pageName` with every contact request from the page, e.g. "Real Estate Industry". */
  pageName: z.string().min(1),
  /** Document title (the site name is appended). */
  title: z.string().min(1).max(70, 'Keep titles under 70 characters so search results do not cut them.'),
  /** Meta and Open Graph description. */
  description: z.string().min(50).max(170, 'Keep descriptions between 50 and 170 characters.'),
});

/** The closing call to action. */
const closingSchema = z.object({
  /** Call-to-action heading. */
  heading: z.string().min(1),
  /** Paragraph under the heading. */
  body: z.string().min(1),
  /** Label of the main contact button. */
  primary: contactLabelSchema,
  /** Label of an optional second contact button. */
  secondary: contactLabelSchema.optional(),
});

// --- Industry pages -----------------------------------------------------------------------

const industryBaseSchema = pageBaseSchema.extend({
  /** Industry name in running text and the breadcrumb, e.g. "Real Estate". */
  name: z.string().min(1),
  /** Hero section. */
  hero: z.object({
    /** Small badge above the headline. */
    badge: z.string().min(1),
    /** The page's h1. */
    headline: z.string().min(1),
    /** Paragraph under the headline. */
    subheadline: z.string().min(1),
    /** Label of the hero's contact button. */
    cta: contactLabelSchema,
  }),
  /** Grid of exactly four application cards. */
  applications: sectionHeadSchema.extend({
    /** The four applications. */
    items: z.array(iconCardSchema).length(4, 'An industry page shows exactly four application cards.'),
  }),
  /** Benefits list of exactly six items. */
  benefits: sectionHeadSchema.extend({
    /** The six benefits. */
    items: z.array(cardSchema).length(6, 'An industry page lists exactly six benefits.'),
  }),
  /** Closing call to action. */
  closing: closingSchema,
});

/** Retail, security, automotive and agriculture: the common layout only. */
export const standardIndustrySchema = industryBaseSchema.extend({
  /** Page kind. */
  type: z.literal('standard'),
});

/** Real estate: room detection and three customer stories. */
export const realEstateIndustrySchema = industryBaseSchema.extend({
  /** Page kind. */
  type: z.literal('real-estate'),
  /** Room-detection section: bedrooms, kitchens, bathrooms. */
  roomDetection: sectionHeadSchema.extend({
    /** One entry per room type. */
    rooms: z
      .array(
        z.object({
          /** Room type, e.g. "Bedrooms". */
          name: z.string().min(1),
          /** What the model looks for in it. */
          description: z.string().min(1),
          /** Objects detected in this room type. */
          objects: z.array(z.string().min(1)).min(3),
        }),
      )
      .length(3, 'List bedrooms, kitchens and bathrooms.'),
  }),
  /** Three customer success stories. */
  stories: sectionHeadSchema.extend({
    /** The three stories. */
    items: z
      .array(
        z.object({
          /** Customer type (no real customer names without their consent). */
          customer: z.string().min(1),
          /** Headline result, e.g. "72% faster listing QA". */
          result: z.string().min(1),
          /** What they did and how. */
          description: z.string().min(1),
        }),
      )
      .length(3),
  }),
});

/** Manufacturing: four capabilities and an equipment-health section. */
export const manufacturingIndustrySchema = industryBaseSchema.extend({
  /** Page kind. */
  type: z.literal('manufacturing'),
  /** Four capability cards. */
  capabilities: sectionHeadSchema.extend({
    /** The four capabilities. */
    items: z.array(iconCardSchema).length(4),
  }),
  /** Equipment-health section. */
  equipmentHealth: sectionHeadSchema.extend({
    /** Bullet points of what is monitored. */
    points: z.array(z.string().min(1)).min(3),
  }),
});

/** Insurance: three claim categories and a property-risk section. */
export const insuranceIndustrySchema = industryBaseSchema.extend({
  /** Page kind. */
  type: z.literal('insurance'),
  /** Claim categories: auto, property, commercial. */
  claims: sectionHeadSchema.extend({
    /** The three categories. */
    items: z
      .array(
        iconCardSchema.extend({
          /** Example claims of this category. */
          examples: z.array(z.string().min(1)).min(2),
        }),
      )
      .length(3, 'List the auto, property and commercial claim categories.'),
  }),
  /** Property-risk section. */
  propertyRisk: sectionHeadSchema.extend({
    /** Risk factors assessed from photos. */
    points: z.array(z.string().min(1)).min(3),
  }),
});

/** Healthcare: four capabilities and three safety standards. */
export const healthcareIndustrySchema = industryBaseSchema.extend({
  /** Page kind. */
  type: z.literal('healthcare'),
  /** Four capability cards. */
  capabilities: sectionHeadSchema.extend({
    /** The four capabilities. */
    items: z.array(iconCardSchema).length(4),
  }),
  /** Safety standards: infection control, patient safety, equipment compliance. */
  standards: sectionHeadSchema.extend({
    /** The three standards. */
    items: z.array(iconCardSchema).length(3),
  }),
});

/** Industry page copy (one JSON file per industry under content/industries). */
export const industrySchema = z.discriminatedUnion('type', [
  standardIndustrySchema,
  realEstateIndustrySchema,
  manufacturingIndustrySchema,
  insuranceIndustrySchema,
  healthcareIndustrySchema,
]);
export type IndustryPage = z.infer<typeof industrySchema>;

// --- Use-case marketing pages -------------------------------------------------------------

const marketingBaseSchema = pageBaseSchema.extend({
  /** Hero section. */
  hero: z.object({
    /** Small badge above the headline. */
    badge: z.string().min(1),
    /** The page's h1. */
    headline: z.string().min(1),
    /** Paragraph under the headline. */
    subheadline: z.string().min(1),
  }),
  /** Headline figures under the hero (only figures the claims check accepts: the registry in src/lib/figures.ts or its allow-list). */
  stats: z
    .array(
      z.object({
        /** The figure, e.g. "99.5%". */
        value: z.string().min(1),
        /** What it measures. */
        label: z.string().min(1),
        /** Where the figure is backed up, e.g. an API's accuracy card (`/docs/image-object-detection#accuracy`). */
        href: z.string().startsWith('/').optional(),
      }),
    )
    .max(4)
    .default([]),
  /** Feature cards. */
  features: sectionHeadSchema.extend({
    /** Three to six features. */
    items: z.array(iconCardSchema).min(3).max(6),
  }),
  /** Closing call to action. */
  closing: closingSchema,
});

/** Real estate analysis, AI image detection and photo authentication. */
export const useCaseMarketingSchema = marketingBaseSchema.extend({
  /** Page kind. */
  type: z.literal('use-case'),
  /** How it works, in order. */
  steps: sectionHeadSchema.extend({
    /** Three or four steps. */
    items: z.array(cardSchema).min(3).max(4),
  }),
  /** Who uses it. */
  audiences: sectionHeadSchema.extend({
    /** Audience cards. */
    items: z.array(iconCardSchema).min(3).max(6),
  }),
});

/** Similar images: adds the curl example. */
export const similarImagesMarketingSchema = marketingBaseSchema.extend({
  /** Page kind. */
  type: z.literal('similar-images'),
  /** Who uses it. */
  audiences: sectionHeadSchema.extend({
    /** Audience cards. */
    items: z.array(iconCardSchema).min(3).max(6),
  }),
  /** The curl example: POST /api/v1/similar {image_url, limit, threshold}. */
  example: sectionHeadSchema.extend({
    /** Image URL in the example body. */
    imageUrl: z.url({ protocol: /^https?$/ }),
    /** Maximum number of matches in the example body. */
    limit: z.int().min(1).max(50),
    /** Minimum similarity (0 to 1) in the example body. */
    threshold: z.number().min(0).max(1),
  }),
});

/** An assessment tab of the virtual-inspection page. */
const inspectionTabSchema = z.object({
  /** Tab label. */
  label: z.string().min(1),
  /** Paragraph at the top of the panel. */
  intro: z.string().min(1),
  /** Exactly six assessments. */
  assessments: z.array(iconCardSchema).length(6),
});

/** Virtual inspection: Real Estate / Automotive tabs and four benefit cards. */
export const virtualInspectionMarketingSchema = marketingBaseSchema.extend({
  /** Page kind. */
  type: z.literal('virtual-inspection'),
  /** Heading above the tabs. */
  tabsHeading: z.string().min(1),
  /** Real Estate tab (selected by default). */
  realEstate: inspectionTabSchema,
  /** Automotive tab. */
  automotive: inspectionTabSchema.extend({
    /** The 'Coming Soon: Full Vehicle Analysis' box. */
    comingSoon: cardSchema,
  }),
  /** Four benefit cards with a headline figure each. */
  benefits: sectionHeadSchema.extend({
    /** The four benefits. */
    items: z
      .array(
        cardSchema.extend({
          /** Headline words or a registry figure (`{fig:key}`), e.g. "Measured accuracy". */
          metric: z.string().min(1),
          /** Where the claim is backed up, e.g. an API's accuracy card. */
          href: z.string().startsWith('/').optional(),
        }),
      )
      .length(4),
  }),
});

/** Use-case marketing page copy (one JSON file per page under content/marketing). */
export const marketingSchema = z.discriminatedUnion('type', [
  useCaseMarketingSchema,
  similarImagesMarketingSchema,
  virtualInspectionMarketingSchema,
]);
export type MarketingPage = z.infer<typeof marketingSchema>;

/** Narrows a marketing page to the kind a route expects, failing the build on a mismatch. */
export function assertMarketingType<T extends MarketingPage['type']>(
  page: MarketingPage,
  type: T,
): Extract<MarketingPage, { type: T }> {
  if (page.type !== type)
    throw new Error(`content/marketing/${page.slug}.json has type "${page.type}", expected "${type}".`);
  return page as Extract<MarketingPage, { type: T }>;
}
