import { getCollection, getEntry } from 'astro:content';
import { sortApis } from './api-card-data';
import { resolveEndpointExamples } from '../shared/examples';
import { siteOriginFromEnv } from '../shared/site-origin';
import type { ApiCategoryEntry, ApiEntry, UseCaseEntry } from '../shared/schemas/catalogue';
import { assertMarketingType, type IndustryPage, type MarketingPage } from '../shared/schemas/pages';
import type { IconName } from '../shared/icons';
import type { SiteCopy } from './copy';
import type { AccuracyCard } from '../shared/schemas/accuracy';
import { quoteFigures } from './figures';
import type { ChangelogEntry } from './changelog';

/**
 * The one place pages and components read the content collections (catalogue, industry and
 * marketing pages, site copy). Each collection is loaded once per build and sorted here, so
 * every page lists things in the same order, and a file that names something missing fails
 * the build rather than a visitor's request.
 */

/** The site's origin from Astro's `site` setting: the base URL of the API and its samples. */
export const siteOrigin = (): string =>
  import.meta.env.SITE ? new URL(import.meta.env.SITE).origin : siteOriginFromEnv();

let apis: Promise<ApiEntry[]> | undefined;
let useCases: Promise<UseCaseEntry[]> | undefined;
let categories: Promise<ApiCategoryEntry[]> | undefined;

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en');

/** All APIs: active first, then by name. */
export function getApis(): Promise<ApiEntry[]> {
  apis ??= getCollection('apis').then((entries) =>
    sortApis(
      entries.map((e) => ({ ...e.data, endpoints: resolveEndpointExamples(e.data.endpoints, siteOrigin()) })),
    ),
  );
  return apis;
}

/** One API by id, or undefined. */
export async function getApi(id: string): Promise<ApiEntry | undefined> {
  return (await getApis()).find((api) => api.id === id);
}

/** All use cases, by name. */
export function getUseCases(): Promise<UseCaseEntry[]> {
  useCases ??= getCollection('useCases').then((entries) => entries.map((e) => e.data).sort(byName));
  return useCases;
}

/** One use case by id, or undefined. */
export async function getUseCase(id: string): Promise<UseCaseEntry | undefined> {
  return (await getUseCases()).find((useCase) => useCase.id === id);
}

/** The room categories of the detection API, by name. */
export function getApiCategories(): Promise<ApiCategoryEntry[]> {
  categories ??= getCollection('apiCategories').then((entries) => entries.map((e) => e.data).sort(byName));
  return categories;
}

/**
 * The APIs a use case lists, in the order it lists them. Ids with no API are skipped rather
 * than failing the build, so a use case can name an API before its page exists.
 */
export async function getApisForUseCase(useCase: Pick<UseCaseEntry, 'applicableApis'>): Promise<ApiEntry[]> {
  const all = await getApis();
  return useCase.applicableApis.flatMap((id) => all.find((api) => api.id === id) ?? []);
}

let industryPages: Promise<IndustryPage[]> | undefined;

/**
 * All industry pages, sorted by slug. The file name must equal the `slug` field, so a page's
 * route and its JSON file can never drift apart.
 */
export function getIndustryPages(): Promise<IndustryPage[]> {
  industryPages ??= getCollection('industries').then((entries) => {
    for (const entry of entries) {
      if (entry.id !== entry.data.slug) {
        throw new Error(
          `content/industries/${entry.id}.json declares slug "${entry.data.slug}"; rename the file or fix the slug.`,
        );
      }
    }
    return entries.map((e) => quoteFigures(e.data)).sort((a, b) => a.slug.localeCompare(b.slug));
  });
  return industryPages;
}

/** The industry page with this slug; an unknown slug fails the build. */
async function requireIndustry(slug: string, file: string): Promise<IndustryPage> {
  const page = (await getIndustryPages()).find((p) => p.slug === slug);
  if (!page)
    throw new Error(`${file} names industry "${slug}", but content/industries/${slug}.json does not exist.`);
  return page;
}

/**
 * The marketing page stored as `content/marketing/{slug}.json`, narrowed to the kind its route
 * renders. Missing files or a wrong `type` fail the build rather than a visitor's request.
 */
export async function getMarketingPage<T extends MarketingPage['type']>(
  slug: string,
  type: T,
): Promise<Extract<MarketingPage, { type: T }>> {
  const entry = await getEntry('marketing', slug);
  if (!entry) throw new Error(`content/marketing/${slug}.json is missing.`);
  if (entry.data.slug !== slug)
    throw new Error(`content/marketing/${slug}.json declares slug "${entry.data.slug}".`);
  return assertMarketingType(quoteFigures(entry.data), type);
}

/** The site copy file `content/site/{page}.json`. */
export async function getSiteCopy<P extends SiteCopy['page']>(
  page: P,
): Promise<Extract<SiteCopy, { page: P }>> {
  const entry = await getEntry('siteCopy', page);
  if (!entry || entry.data.page !== page)
    throw new Error(`content/site/${page}.json is missing or is not the "${page}" copy.`);
  return quoteFigures(entry.data) as Extract<SiteCopy, { page: P }>;
}

/** A link to an industry page. */
export interface IndustryLink {
  href: string;
  label: string;
}

const industryLink = (page: IndustryPage): IndustryLink => ({
  href: `/industries/${page.slug}`,
  label: page.name,
});

/** The navigation's Industries menu, in the order content/site/nav.json lists it. */
export async function getNavIndustries(): Promise<IndustryLink[]> {
  const nav = await getSiteCopy('nav');
  return Promise.all(
    nav.industries.map(async (slug) => industryLink(await requireIndustry(slug, 'content/site/nav.json'))),
  );
}

/** Every industry page as a link: the navigation's order, then the pages it leaves out. */
export async function getAllIndustryLinks(): Promise<IndustryLink[]> {
  const nav = await getNavIndustries();
  const rest = (await getIndustryPages())
    .map(industryLink)
    .filter((link) => !nav.some((n) => n.href === link.href));
  return [...nav, ...rest];
}

/** The industry cards of /use-cases. */
export async function getUseCaseIndustryCards(): Promise<
  (IndustryLink & { icon: IconName; description: string })[]
> {
  const copy = await getSiteCopy('use-cases');
  return Promise.all(
    copy.industries.map(async (card) => ({
      ...industryLink(await requireIndustry(card.slug, 'content/site/use-cases.json')),
      icon: card.icon,
      description: card.description,
    })),
  );
}

let accuracyCards: Promise<Map<string, AccuracyCard>> | undefined;

/** The committed accuracy cards (content/accuracy/<api id>.json) by API id. */
export function getAccuracyCards(): Promise<Map<string, AccuracyCard>> {
  accuracyCards ??= getCollection('accuracy').then(
    (entries) =>
      new Map(
        entries.map((e) => {
          if (e.id !== e.data.api)
            throw new Error(
              `content/accuracy/${e.id}.json holds the card of "${e.data.api}": name the file after the API id`,
            );
          return [e.data.api, e.data];
        }),
      ),
  );
  return accuracyCards;
}

let changelog: Promise<ChangelogEntry[]> | undefined;

/** Every changelog entry (content/changelog/*.md) with its body rendered, in file order. */
export function getChangelogEntries(): Promise<ChangelogEntry[]> {
  // The glob loader renders each Markdown body at load time.
  changelog ??= getCollection('changelog').then((entries) =>
    entries.map((e) => ({ ...e.data, id: e.id, html: e.rendered?.html ?? '' })),
  );
  return changelog;
}
