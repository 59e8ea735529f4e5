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
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  /** Path on the site's origin, e.g. `/api/v1/detect` (the API lives under `/api/`). */
  path: z.string().startsWith('/api/'),
  /**
   * Not served yet: the page shows it as not available. A test checks this flag against the
   * functions, so a served endpoint is never marked planned nor a planned one left unmarked.
   */
  planned: z.boolean().default(false),
  /** One sentence on what the endpoint does. */
  description: z.string().min(1),
  /** Name of a stored real exchange in content/examples (replaces `request`/`response`). */
  example: z.string().optional(),
  /** Example request body, shown as JSON on the detail page. */
  request: z.unknown().optional(),
  /** Example response body, shown as JSON on the detail page. */
  response: z.unknown().optional(),
});

export const pricingPlanSchema = z.object({
  /** Tier name shown as the card title. */
  name: z.string().min(1),
  /** Monthly price in US dollars; null means "contact us". */
  monthlyPrice: z.number().nonnegative().nullable(),
  /** Included requests per month; null means custom volume. */
  requestsPerMonth: z.number().int().positive().nullable(),
  /** Uptime SLA shown on the card, e.g. `99.9%`. */
  sla: z.string().min(1),
  /** Extra selling points listed on the card. */
  features: z.array(z.string().min(1)),
  /** Marks the tier with a Popular badge. */
  popular: z.boolean().default(false),
});

export const apiSchema = z.object({
  /** URL slug and primary key, e.g. `image-object-detection`. */
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** Display name on cards and the detail page. */
  name: z.string().min(1),
  /** One or two sentences shown on the card and the detail page. */
  description: z.string().min(1),
  /** Catalogue category, e.g. `Computer Vision`. */
  category: z.string().min(1),
  /** Price per request in US dollars, 2 decimals. */
  price: z.number().nonnegative().multipleOf(0.01),
  /** `active` is subscribable and testable; anything else shows as Coming Soon. */
  status: z.string().min(1),
  /** Icon name; unknown values fall back to the eye icon. */
  icon: z.string().min(1),
  /** Feature bullets shown on the card. */
  features: z.array(z.string().min(1)).min(1),
  /** Documented endpoints with example payloads. */
  endpoints: z.array(endpointSchema).min(1),
  /** Use-case ids this API serves. */
  useCases: z.array(z.string()).default([]),
  /** Monthly tiers; shown on the detail page when present. */
  pricingPlans: z.array(pricingPlanSchema).default([]),
});

export const useCaseSchema = z.object({
  /** URL slug and primary key. */
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** Display name. */
  name: z.string().min(1),
  /** Paragraph shown on the card and the detail page. */
  description: z.string().min(1),
  /** Site-relative or absolute URL of the header image. */
  imageUrl: z.string().min(1),
  /** Alternative text for the header image. */
  imageAlt: z.string().min(1),
  /** Industry names shown as badges, e.g. `Retail`. */
  industries: z.array(z.string().min(1)).min(1),
  /** API ids applicable to this use case (may be empty). */
  applicableApis: z.array(z.string()),
  /** Key benefits listed on the detail page. */
  benefits: z.array(z.string().min(1)).default([]),
});

export const apiCategorySchema = z.object({
  /** Category key used by the detect API, e.g. `bathroom`. */
  id: z.string().regex(/^[a-z0-9_]+$/),
  /** Display name. */
  name: z.string().min(1),
  /** Object names the detect API reports for this category. */
  objects: z.array(z.string().min(1)).min(1),
});

export type ApiEntry = z.infer<typeof apiSchema>;
export type UseCaseEntry = z.infer<typeof useCaseSchema>;
export type ApiCategoryEntry = z.infer<typeof apiCategorySchema>;
export type Endpoint = z.infer<typeof endpointSchema>;
export type PricingPlan = z.infer<typeof pricingPlanSchema>;

/** True when an API can be subscribed to and tested. */
export const isActive = (api: Pick<ApiEntry, 'status'>): boolean => api.status === 'active';
