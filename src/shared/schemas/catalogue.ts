import { z } from 'zod';
import './zod-config';

/**
 * Catalogue schemas shared by the content collections (build time), the database seed and the
 * catalogue functions, so a page and `GET /api/apis` read the same shape.
 */

/** Icons an API card may show; anything else falls back to the eye icon. */
export const apiIcons = ['fa-eye', 'fa-brain', 'fa-face-smile'] as const;

export const endpointSchema = z.object({
  /** HTTP method, upper case. */
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).describe('HTTP method, upper case.'),
  /** Path on the site's origin, e.g. `/api/v1/detect` (the API lives under `/api/`). */
  path: z
    .string()
    .startsWith('/api/')
    .describe("Path on the site's origin, e.g. `/api/v1/detect` (the API lives under `/api/`)."),
  /**
   * Not served yet: the page shows it as not available. A test checks this flag against the
   * functions, so a served endpoint is never marked planned nor a planned one left unmarked.
   */
  planned: z
    .boolean()
    .default(false)
    .describe('True when the endpoint is not served yet (shown as not available).'),
  /** One sentence on what the endpoint does. */
  description: z.string().min(1).describe('One sentence on what the endpoint does.'),
  /** Name of a stored real exchange in content/examples (replaces `request`/`response`). */
  example: z
    .string()
    .optional()
    .describe('Name of a stored real exchange in content/examples (replaces `request`/`response`).'),
  /** Example request body, shown as JSON on the detail page. */
  request: z.unknown().optional().describe('Example request body, shown as JSON on the detail page.'),
  /** Example response body, shown as JSON on the detail page. */
  response: z.unknown().optional().describe('Example response body, shown as JSON on the detail page.'),
});

export const pricingPlanSchema = z.object({
  /** Tier name shown as the card title. */
  name: z.string().min(1).describe('Tier name shown as the card title.'),
  /** Monthly price in US dollars; null means "contact us". */
  monthlyPrice: z
    .number()
    .nonnegative()
    .nullable()
    .describe('Monthly price in US dollars; null means "contact us".'),
  /** Included requests per month; null means custom volume. */
  requestsPerMonth: z
    .number()
    .int()
    .positive()
    .nullable()
    .describe('Included requests per month; null means custom volume.'),
  /** Uptime SLA shown on the card, e.g. `99.9%`. */
  sla: z.string().min(1).describe('Uptime SLA shown on the card, e.g. `99.9%`.'),
  /** Extra selling points listed on the card. */
  features: z.array(z.string().min(1)).describe('Extra selling points listed on the card.'),
  /** Marks the tier with a Popular badge. */
  popular: z.boolean().default(false).describe('Marks the tier with a Popular badge.'),
});

export const apiSchema = z.object({
  /** URL slug and primary key, e.g. `image-object-detection`. */
  id: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .describe('URL slug and primary key, e.g. `image-object-detection`.'),
  /** Display name on cards and the detail page. */
  name: z.string().min(1).describe('Display name on cards and the detail page.'),
  /** One or two sentences shown on the card and the detail page. */
  description: z.string().min(1).describe('One or two sentences shown on the card and the detail page.'),
  /** Catalogue category, e.g. `Computer Vision`. */
  category: z.string().min(1).describe('Catalogue category, e.g. `Computer Vision`.'),
  /** Price per request in US dollars, 2 decimals. */
  price: z.number().nonnegative().multipleOf(0.01).describe('Price per request in US dollars, 2 decimals.'),
  /** `active` is subscribable and testable; anything else shows as Coming Soon. */
  status: z
    .string()
    .min(1)
    .describe('`active` is subscribable and testable; anything else shows as Coming Soon.'),
  /** Icon name; unknown values fall back to the eye icon. */
  icon: z.string().min(1).describe('Icon name; unknown values fall back to the eye icon.'),
  /** Feature bullets shown on the card. */
  features: z.array(z.string().min(1)).min(1).describe('Feature bullets shown on the card.'),
  /** Documented endpoints with example payloads. */
  endpoints: z.array(endpointSchema).min(1).describe('Documented endpoints with example payloads.'),
  /** Use-case ids this API serves. */
  useCases: z.array(z.string()).default([]).describe('Use-case ids this API serves.'),
  /** Monthly tiers; shown on the detail page when present. */
  pricingPlans: z
    .array(pricingPlanSchema)
    .default([])
    .describe('Monthly tiers; shown on the detail page when present.'),
});

export const useCaseSchema = z.object({
  /** URL slug and primary key. */
  id: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .describe('URL slug and primary key.'),
  /** Display name. */
  name: z.string().min(1).describe('Display name.'),
  /** Paragraph shown on the card and the detail page. */
  description: z.string().min(1).describe('Paragraph shown on the card and the detail page.'),
  /** Site-relative or absolute URL of the header image. */
  imageUrl: z.string().min(1).describe('Site-relative or absolute URL of the header image.'),
  /** Alternative text for the header image. */
  imageAlt: z.string().min(1).describe('Alternative text for the header image.'),
  /** Industry names shown as badges, e.g. `Retail`. */
  industries: z.array(z.string().min(1)).min(1).describe('Industry names shown as badges, e.g. `Retail`.'),
  /** API ids applicable to this use case (may be empty). */
  applicableApis: z.array(z.string()).describe('API ids applicable to this use case (may be empty).'),
  /** Key benefits listed on the detail page. */
  benefits: z.array(z.string().min(1)).default([]).describe('Key benefits listed on the detail page.'),
});

export const apiCategorySchema = z.object({
  /** Category key used by the detect API, e.g. `bathroom`. */
  id: z
    .string()
    .regex(/^[a-z0-9_]+$/)
    .describe('Category key used by the detect API, e.g. `bathroom`.'),
  /** Display name. */
  name: z.string().min(1).describe('Display name.'),
  /** Object names the detect API reports for this category. */
  objects: z
    .array(z.string().min(1))
    .min(1)
    .describe('Object names the detect API reports for this category.'),
});

/** An API as `GET /api/apis` returns it: the content entry plus its base URL. */
export const apiViewSchema = apiSchema
  .extend({
    /** Base URL of the API when it is served elsewhere; null when it lives on this site under /api/. */
    baseUrl: z
      .string()
      .nullable()
      .describe(
        'Base URL of the API when it is served elsewhere; null when it lives on this site under /api/.',
      ),
  })
  .meta({ id: 'Api', description: 'An API of the catalogue.' });
export type ApiView = z.output<typeof apiViewSchema>;

/** A use case as `GET /api/use-cases` returns it (its image description may be missing). */
export const useCaseViewSchema = useCaseSchema
  .extend({
    imageAlt: z
      .string()
      .nullable()
      .describe('Alternative text for the header image; null when none is stored.'),
  })
  .meta({ id: 'UseCase', description: 'A use case of the catalogue.' });
export type UseCaseView = z.output<typeof useCaseViewSchema>;

export type ApiEntry = z.infer<typeof apiSchema>;
export type UseCaseEntry = z.infer<typeof useCaseSchema>;
export type ApiCategoryEntry = z.infer<typeof apiCategorySchema>;
export type Endpoint = z.infer<typeof endpointSchema>;
export type PricingPlan = z.infer<typeof pricingPlanSchema>;

/** True when an API can be subscribed to and tested. */
export const isActive = (api: Pick<ApiEntry, 'status'>): boolean => api.status === 'active';
