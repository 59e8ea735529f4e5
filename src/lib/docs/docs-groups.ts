/**
 * The endpoint groups /docs renders: one group per API reference generated from the OpenAPI
 * document (itself generated from the contracts in src/shared/contracts/), so /docs shows the
 * contract's fields and real examples, never a hand-written copy of them.
 */
import {
  SAMPLE_JOB_ID,
  type DocApiGroup,
  type DocEndpoint,
  type DocField,
} from '../../../content/docs/api-reference';
import { API_IDS } from '../../shared/api-ids';
import type { HttpMethod, JsonValue } from '../snippets';
import { storedExamples } from '../../shared/examples';
import { withOrigin } from '../../shared/site-origin';
import type { FieldRow } from './schema-fields';
import type { ApiReference, OperationDoc } from './reference';

const docField = (r: FieldRow): DocField => ({
  name: r.name,
  type: r.nullable ? `${r.type} | null` : r.type,
  required: r.required,
  description: [
    r.variant ? `Variant ${r.variant}.` : '',
    r.description,
    r.constraints.length ? `(${r.constraints.join('; ')})` : '',
  ]
    .filter(Boolean)
    .join(' '),
});

/** An operation as a /docs endpoint; its anchor keeps the /docs form `post-detect`. */
export function docEndpoint(op: OperationDoc, origin: string): DocEndpoint {
  const others = Object.values(storedExamples)
    .filter((e) => e.method === op.method && e.path === op.path && e.status < 300)
    .slice(1);
  return {
    id: `${op.method.toLowerCase()}-${op.path
      .split('/')
      .filter((seg) => !seg.startsWith('{'))
      .pop()
      ?.replaceAll('_', '-')}`,
    title: op.summary,
    method: op.method as HttpMethod,
    path: op.path,
    description: op.description,
    ...(op.params.length
      ? {
          pathParams: op.params.map((p) => ({
            name: p.name,
            type: p.type,
            required: p.required,
            description: p.description,
          })),
        }
      : {}),
    // The same placeholders as the reference pages' samples (samples.ts operationUrl).
    ...(op.params.length
      ? { pathExample: Object.fromEntries(op.params.map((p) => [p.name, `YOUR_${p.name.toUpperCase()}`])) }
      : {}),
    ...(op.bodyFields.length ? { requestFields: op.bodyFields.map(docField) } : {}),
    ...(op.requestExample === undefined ? {} : { requestExample: op.requestExample as JsonValue }),
    successStatus: op.successStatus === 201 ? 201 : 200,
    responseFields: op.responseFields.map(docField),
    responseExample: (op.responseExample ?? {}) as JsonValue,
    ...(others.length
      ? {
          moreResponses: withOrigin(others, origin).map((e) => ({
            title: e.title,
            description: '',
            example: e.response as JsonValue,
          })),
        }
      : {}),
    notes: [`Full reference, errors and Try it: [${op.method} ${op.path}](/docs/${'{api}'}#${op.anchor}).`],
  };
}

/** The API /docs documents in full (the spec's vision-authenticity API); the others link out. */
export const DOCS_FULL_API_ID = API_IDS.photoAuthenticity;
/** The group /docs follows with the batch job lifecycle. */
export const BATCH_GROUP_ID = `${DOCS_FULL_API_ID}-endpoints`;

/**
 * Path values that run as copied: the code-sample check gives its account a batch job with
 * `SAMPLE_JOB_ID`, so the sample that reads a job finds one. A call on any other stored
 * resource's id would need an id from an earlier call: it stays on the reference page.
 */
const SAMPLE_PATHS: Record<string, Record<string, string>> = {
  'GET /api/predict_batch/{job_id}': { job_id: SAMPLE_JOB_ID },
};

/**
 * Every /docs group, one per generated reference (its keyed operations), the API documented in
 * full first. Every other API's group carries `reference`, and /docs lists its endpoints with
 * a link to that page, so the page stays light however many APIs the catalogue grows.
 */
export function docsGroups(refs: readonly ApiReference[], origin: string): DocApiGroup[] {
  const ordered = [
    ...refs.filter((ref) => ref.id === DOCS_FULL_API_ID),
    ...refs.filter((ref) => ref.id !== DOCS_FULL_API_ID),
  ];
  return ordered.map((ref) => {
    const full = ref.id === DOCS_FULL_API_ID;
    return {
      id: `${ref.id}-endpoints`,
      title: `${ref.name} endpoints`,
      description: `${ref.description} Generated from the OpenAPI document; the [${ref.name} reference](${ref.href}) has every error, Try it and the keyless demo.`,
      ...(full ? {} : { reference: { name: ref.name, href: ref.href, markdownHref: ref.markdownHref } }),
      // Listed in one line, every keyed operation is shown; documented in full, those whose
      // samples run as copied.
      endpoints: ref.operations
        .filter(
          (op) =>
            op.auth === 'apiKey' &&
            (!full || !op.path.includes('{') || SAMPLE_PATHS[`${op.method} ${op.path}`]),
        )
        .map((op) => {
          const e = docEndpoint(op, origin);
          const pathExample = full ? SAMPLE_PATHS[`${op.method} ${op.path}`] : undefined;
          return {
            ...e,
            ...(pathExample ? { pathExample } : {}),
            notes: (e.notes ?? []).map((n) => n.replace('{api}', ref.id)),
            referenceHref: `${ref.href}#${op.anchor}`,
          };
        }),
    };
  });
}
