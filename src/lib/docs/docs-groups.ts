/**
 * The endpoint groups /docs renders: the photo-authenticity API written by hand in
 * content/docs/api-reference.ts (its endpoints have no contract yet), then one group per API
 * reference generated from the OpenAPI document, so /docs shows the contract's fields and real
 * examples, never a hand-written copy of them.
 */
import { authenticityGroup, type DocApiGroup, type DocEndpoint, type DocField } from '../../../content/docs/api-reference';
import type { HttpMethod, JsonValue } from '../snippets';
import { storedExamples } from '../../shared/examples';
import { withOrigin } from '../../shared/site-origin';
import type { FieldRow } from './schema-fields';
import type { ApiReference, OperationDoc } from './reference';

const docField = (r: FieldRow): DocField => ({
  name: r.name,
  type: r.nullable ? `${r.type} | null` : r.type,
  required: r.required,
  description: [r.variant ? `Variant ${r.variant}.` : '', r.description, r.constraints.length ? `(${r.constraints.join('; ')})` : ''].filter(Boolean).join(' '),
});

/** An operation as a /docs endpoint; its anchor keeps the /docs form `post-detect`. */
export function docEndpoint(op: OperationDoc, origin: string): DocEndpoint {
  const others = Object.values(storedExamples).filter((e) => e.method === op.method && e.path === op.path && e.status < 300).slice(1);
  return {
    id: `${op.method.toLowerCase()}-${op.path.split('/').filter((seg) => !seg.startsWith('{')).pop()}`,
    title: op.summary,
    method: op.method as HttpMethod,
    path: op.path,
    description: op.description,
    ...(op.params.length ? { pathParams: op.params.map((p) => ({ name: p.name, type: p.type, required: p.required, description: p.description })) } : {}),
    // The same placeholders as the reference pages' samples (samples.ts operationUrl).
    ...(op.params.length ? { pathExample: Object.fromEntries(op.params.map((p) => [p.name, `YOUR_${p.name.toUpperCase()}`])) } : {}),
    ...(op.bodyFields.length ? { requestFields: op.bodyFields.map(docField) } : {}),
    ...(op.requestExample === undefined ? {} : { requestExample: op.requestExample as JsonValue }),
    successStatus: op.successStatus === 201 ? 201 : 200,
    responseFields: op.responseFields.map(docField),
    responseExample: (op.responseExample ?? {}) as JsonValue,
    ...(others.length ? { moreResponses: withOrigin(others, origin).map((e) => ({ title: e.title, description: '', example: e.response as JsonValue })) } : {}),
    notes: [`Full reference, errors and Try it: [${op.method} ${op.path}](/docs/${'{api}'}#${op.anchor}).`],
  };
}

const handWritten = new Set(authenticityGroup.endpoints.map((e) => `${e.method} ${e.path}`));

/** The API /docs documents in full (the spec's vision-authenticity API); the others link out. */
export const DOCS_FULL_API_ID = 'photo-authenticity';

/**
 * Every /docs group: authenticity first, then one per generated reference (its keyed
 * operations). Only the authenticity API is documented in full here; every other API's
 * group carries `reference`, and /docs lists its endpoints with a link to that page, so the
 * page stays light however many APIs the catalogue grows.
 */
export function docsGroups(refs: readonly ApiReference[], origin: string): DocApiGroup[] {
  return [
    withOrigin(authenticityGroup, origin),
    ...refs.map((ref) => ({
      id: `${ref.id}-endpoints`,
      title: `${ref.name} endpoints`,
      description: `${ref.description} Generated from the OpenAPI document; the [${ref.name} reference](${ref.href}) has every error, Try it and the keyless demo.`,
      ...(ref.id === DOCS_FULL_API_ID ? {} : { reference: { name: ref.name, href: ref.href, markdownHref: ref.markdownHref } }),
      // Documented in full here, a call on a stored resource's id (GET .../{job_id}) would need
      // an id from an earlier call, so its sample could not run as copied: it stays on the
      // reference page. Listed in one line, every keyed operation is shown.
      endpoints: ref.operations
        // The batch endpoints are written by hand in the authenticity group (with the job
        // lifecycle beside them); the API's own reference page still generates them.
        .filter((op) => op.auth === 'apiKey' && !handWritten.has(`${op.method} ${op.path}`) && (ref.id !== DOCS_FULL_API_ID || !op.path.includes('{')))
        .map((op) => {
          const e = docEndpoint(op, origin);
          return { ...e, notes: (e.notes ?? []).map((n) => n.replace('{api}', ref.id)), referenceHref: `${ref.href}#${op.anchor}` };
        }),
    })),
  ];
}
