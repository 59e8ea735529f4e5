/**
 * Pure helpers that turn the API reference into what /docs renders: sample requests, the
 * table of contents and the anchor-to-tab map that lets deep links open the right tab.
 */
import type { DocApiGroup, DocEndpoint } from '../../../content/docs/api-reference';
import { codeSamples, type CodeSamples, type RequestSample } from '../snippets';
import { BATCH_GROUP_ID } from './docs-groups';
import { SDK_SECTION } from './sdk';

/** Tabs of the reference, in order. */
export const docsTabs = [
  { id: 'endpoints', label: 'Endpoints' },
  { id: 'examples', label: 'Examples' },
  { id: 'errors', label: 'Errors' },
  { id: 'performance', label: 'Performance' },
] as const;
export type DocsTabId = (typeof docsTabs)[number]['id'];

/** Fixed sub-sections of the Errors and Performance tabs (id, label). */
export const errorSections = [
  { id: 'error-body', label: 'Error body' },
  { id: 'http-status-codes', label: 'HTTP status codes' },
  { id: 'error-codes', label: 'Error codes' },
  { id: 'handling-errors', label: 'Handling errors' },
] as const;
export const performanceSections = [
  { id: 'rate-limits', label: 'Rate limits' },
  { id: 'quotas', label: 'Monthly quotas' },
  { id: 'response-times', label: 'Typical response times' },
  { id: 'image-requirements', label: 'Image requirements' },
  { id: 'detection-limits', label: 'Detection limits' },
] as const;

/** The absolute URL of an endpoint on `origin`, its path parameters filled from `pathExample`. */
export function endpointUrl(endpoint: DocEndpoint, origin: string): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = endpoint.pathExample?.[name];
    if (value === undefined) throw new Error(`${endpoint.id}: no example value for path parameter "${name}"`);
    return encodeURIComponent(value);
  });
  return `${origin}${path}`;
}

/** The request an endpoint's code samples send to the API on `origin`. */
export function sampleRequest(endpoint: DocEndpoint, origin: string): RequestSample {
  return {
    method: endpoint.method,
    url: endpointUrl(endpoint, origin),
    ...(endpoint.requestExample === undefined ? {} : { body: endpoint.requestExample }),
  };
}

/** Anchor of an endpoint's entry in the Examples tab. */
const exampleId = (endpoint: DocEndpoint): string => `example-${endpoint.id}`;

/** One Examples-tab entry per endpoint documented in full on /docs (groups without `reference`). */
export function examplesFor(
  groups: DocApiGroup[],
  origin: string,
): { id: string; endpoint: DocEndpoint; samples: CodeSamples }[] {
  return groups
    .filter((g) => !g.reference)
    .flatMap((g) =>
      g.endpoints.map((endpoint) => ({
        id: exampleId(endpoint),
        endpoint,
        samples: codeSamples(sampleRequest(endpoint, origin)),
      })),
    );
}

export interface TocEntry {
  id: string;
  label: string;
  /** The tab holding this section, if it lives in one. */
  tab?: DocsTabId;
  children: { id: string; label: string }[];
}

/** The "On this page" list. */
export function tocFor(groups: DocApiGroup[]): TocEntry[] {
  return [
    { id: 'quick-start', label: 'Quick start', children: [] },
    { id: 'authentication', label: 'Authentication', children: [] },
    { id: 'api-references', label: 'API references', children: [] },
    { ...SDK_SECTION, children: [] },
    { id: 'accuracy', label: 'Accuracy', children: [] },
    {
      id: 'endpoints',
      label: 'Endpoints',
      tab: 'endpoints',
      children: groups.flatMap((g) => [
        ...g.endpoints.map((e) => ({ id: e.id, label: e.title })),
        ...(g.id === BATCH_GROUP_ID ? [{ id: 'batch-job-lifecycle', label: 'Batch job lifecycle' }] : []),
      ]),
    },
    { id: 'examples', label: 'Examples', tab: 'examples', children: [] },
    { id: 'errors', label: 'Errors', tab: 'errors', children: [...errorSections] },
    { id: 'performance', label: 'Performance', tab: 'performance', children: [...performanceSections] },
  ];
}

/** Every anchor inside a tab panel mapped to its tab, so /docs#post-detect opens Endpoints. */
export function anchorsFor(groups: DocApiGroup[]): Record<string, DocsTabId> {
  const map: Record<string, DocsTabId> = {};
  const add = (tab: DocsTabId, ids: string[]) => {
    for (const id of ids) {
      if (map[id] !== undefined) throw new Error(`Duplicate anchor id "${id}" on /docs`);
      map[id] = tab;
    }
  };
  add('endpoints', [
    'endpoints',
    'batch-job-lifecycle',
    ...groups.flatMap((g) => [g.id, ...g.endpoints.map((e) => e.id)]),
  ]);
  add('examples', [
    'examples',
    ...groups.filter((g) => !g.reference).flatMap((g) => g.endpoints.map(exampleId)),
  ]);
  add('errors', ['errors', ...errorSections.map((s) => s.id)]);
  add('performance', ['performance', ...performanceSections.map((s) => s.id)]);
  return map;
}

/** What the quick start sends: a synchronous prediction, whose answer carries the verdict at once. */
export const QUICK_START = { method: 'POST', path: '/api/predict' } as const;

/**
 * The endpoint the quick start shows: `POST /api/predict`, never the first endpoint of a group
 * (a batch job, whose first answer is `pending` and has no `is_real` to read). Throws (failing
 * the build) when the document has no such endpoint.
 */
export function quickStartEndpoint(groups: readonly DocApiGroup[]): DocEndpoint {
  const endpoint = groups
    .flatMap((g) => g.endpoints)
    .find((e) => e.method === QUICK_START.method && e.path === QUICK_START.path);
  if (!endpoint)
    throw new Error(`The quick start needs ${QUICK_START.method} ${QUICK_START.path} in the docs groups.`);
  return endpoint;
}
