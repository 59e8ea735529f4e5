/**
 * The catalogue ids of the image-analysis APIs, defined once: contracts name their group with
 * them, functions meter and authorise calls by them (`runApiCall(db, req, ctx, API_IDS.caption, ...)`),
 * and the accuracy cards, reference pages and `scripts/eval/<id>.ts` are keyed by them. Importing
 * this module costs a function nothing: no service, no engine.
 */
export const API_IDS = {
  objectDetection: 'image-object-detection',
  classification: 'image-classification',
  captioning: 'image-captioning',
  similarSearch: 'similar-image-search',
  photoAuthenticity: 'photo-authenticity',
  watermark: 'watermark-detection',
  faces: 'facial-attribute-analysis',
  virtualInspection: 'virtual-inspection',
} as const;

export type ApiId = (typeof API_IDS)[keyof typeof API_IDS];

/** Every API id, in the catalogue's order. */
export const API_ID_LIST: readonly ApiId[] = Object.values(API_IDS);

/** The site's own endpoint groups beside the APIs (OpenAPI tags without an accuracy card). */
export const SITE_GROUPS = ['catalogue', 'contact', 'account', 'admin', 'demo', 'status'] as const;
export type SiteGroup = (typeof SITE_GROUPS)[number];

/** What a contract's `group` may be: an API id or a site group. */
export type OperationGroup = ApiId | SiteGroup;
