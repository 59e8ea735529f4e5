/**
 * The reference pages' model, read from the OpenAPI document (`buildOpenApiDocument()`): one
 * page per active catalogue API that has operations, each operation with its parameters,
 * request and response fields, examples, code samples, errors with their remedies, auth, rate
 * limit and the API's monthly quotas. The Astro pages, their Markdown versions and llms.txt all
 * render this model, so they cannot disagree.
 */
import { buildOpenApiDocument, type OpenApiDocument, type OpenApiOperation } from '../openapi/document';
import { ERROR_STATUS, errorCodes } from '../../shared/contracts/errors';
import { storedExamples } from '../../shared/examples';
import { withOrigin } from '../../shared/site-origin';
import { slugify } from './rich-text';
import { operations } from '../../shared/contracts';
import { errorHelp, type ErrorHelp } from '../../shared/contracts/error-docs';
import { fieldRows, type FieldRow, type JsonSchema } from './schema-fields';

/** What the reference needs of a catalogue entry. */
export interface CatalogueApi {
  id: string;
  name: string;
  description: string;
  status: string;
  /** Pay-per-use price of one request, in US dollars. */
  price: number;
  pricingPlans?: { name: string; monthlyPrice: number | null; requestsPerMonth: number | null }[];
}

export type AuthKind = 'apiKey' | 'session' | 'admin' | 'none';

export interface ParamDoc {
  name: string;
  in: string;
  required: boolean;
  description: string;
  type: string;
  constraints: string[];
}

export interface ErrorDoc extends ErrorHelp {
  code: string;
  status: number;
}

export interface OperationDoc {
  /** Heading anchor: the operationId in kebab case, e.g. `detect-objects`. */
  anchor: string;
  operationId: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  auth: AuthKind;
  params: ParamDoc[];
  bodyType?: string;
  bodyRequired: boolean;
  bodyFields: FieldRow[];
  requestExample?: Record<string, unknown> | undefined;
  successStatus: number;
  successDescription: string;
  responseFields: FieldRow[];
  responseExample?: unknown;
  errors: ErrorDoc[];
  /** The rate-limit policies that apply, with their per-minute limits. */
  rateLimits: { name: string; limit: number; windowSeconds: number }[];
}

export interface ApiReference {
  id: string;
  name: string;
  description: string;
  /** Path of the HTML page and of its Markdown twin. */
  href: string;
  markdownHref: string;
  operations: OperationDoc[];
  /** Pay-per-use price of one request, in US dollars. */
  price: number;
  quotas: { tier: string; requestsPerMonth: number | null; monthlyPrice: number | null }[];
}

/** The document the docs render: every operation of the contracts. */
export function docsDocument(origin: string): OpenApiDocument {
  return buildOpenApiDocument(origin, operations);
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the document with its method and path. */
export function documentOperations(
  doc: OpenApiDocument,
): { method: string; path: string; op: OpenApiOperation }[] {
  const out: { method: string; path: string; op: OpenApiOperation }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const m of METHODS) {
      const op = item[m];
      if (op) out.push({ method: m.toUpperCase(), path, op });
    }
  }
  return out;
}

function authOf(op: OpenApiOperation): AuthKind {
  const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
  if (schemes.includes('bearerAuth')) return 'apiKey';
  if (schemes.includes('adminSessionCookie')) return 'admin';
  if (schemes.includes('sessionCookie')) return 'session';
  return 'none';
}

type Media = { schema?: JsonSchema; example?: unknown; examples?: Record<string, { value?: unknown }> };

function firstExample(media: Media | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  return first?.value;
}

/** A stored real exchange (content/examples) for an operation the document gives no example for. */
function storedExampleFor(
  method: string,
  path: string,
  origin: string,
): { request?: Record<string, unknown>; response?: unknown } {
  const found = Object.values(storedExamples).find(
    (e) => e.method === method && e.path === path && e.status < 300,
  );
  // A GET sends no body: its stored `request` is empty and not shown.
  return found
    ? withOrigin(
        { ...(found.method === 'GET' ? {} : { request: found.request }), response: found.response },
        origin,
      )
    : {};
}

/**
 * Error codes of one response: `x-error-codes` when the document lists them, else the codes its
 * description names (the generator writes them as `RATE_LIMITED, QUOTA_EXCEEDED`).
 */
function codesOf(status: string, response: { description?: string; 'x-error-codes'?: string[] }): string[] {
  if (Array.isArray(response['x-error-codes'])) return response['x-error-codes'];
  return errorCodes.filter((c) => (ERROR_STATUS[c] as readonly number[]).includes(Number(status)));
}

function rateLimitsOf(op: OpenApiOperation): OperationDoc['rateLimits'] {
  return (op['x-rate-limit'] ?? []).map(({ name, limit, windowSeconds }) => ({ name, limit, windowSeconds }));
}

/** One operation of the document as the reference renders it. */
export function operationDoc(
  doc: OpenApiDocument,
  method: string,
  path: string,
  op: OpenApiOperation,
  origin: string,
): OperationDoc {
  const components = doc.components.schemas;
  const body = op.requestBody as { required?: boolean; content?: Record<string, Media> } | undefined;
  // An operation taking both JSON and a file upload is documented (and tried) as the upload:
  // its fields are the JSON ones plus `file`. A form whose field names vary (label sets'
  // `examples.<label>`) cannot be laid out as fields, so that operation is documented as JSON
  // and its form described in words.
  const media = Object.entries(body?.content ?? {});
  const fixedForm = (m: Media): boolean => {
    const extra = (m.schema as { additionalProperties?: unknown } | undefined)?.additionalProperties;
    return extra === undefined || extra === false;
  };
  const [bodyType, bodyMedia] =
    media.find(([type, m]) => type === 'multipart/form-data' && fixedForm(m)) ??
    media.find(([type]) => type === 'application/json') ??
    media[0] ??
    [];
  const responses = op.responses as Record<string, { description?: string; content?: Record<string, Media> }>;
  const successStatus = Object.keys(responses).find((s) => /^2\d\d$/.test(s)) ?? '200';
  const success = responses[successStatus]!;
  const successMedia = success.content?.['application/json'];
  const stored = storedExampleFor(method, path, origin);
  const errors: ErrorDoc[] = [];
  for (const [status, response] of Object.entries(responses)) {
    if (/^[23]/.test(status)) continue;
    for (const code of codesOf(status, response))
      errors.push({ code, status: Number(status), ...errorHelp(code) });
  }
  const params = (
    (op.parameters ?? []) as {
      name: string;
      in: string;
      required?: boolean;
      description?: string;
      schema?: JsonSchema;
    }[]
  ).map((p) => {
    const [row] = fieldRows({ type: 'object', properties: { [p.name]: p.schema ?? {} } }, components);
    return {
      name: p.name,
      in: p.in,
      required: Boolean(p.required),
      description: p.description ?? row?.description ?? '',
      type: row?.type ?? 'string',
      constraints: row?.constraints ?? [],
    };
  });
  return {
    anchor: slugify(op.operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2')),
    operationId: op.operationId,
    method,
    path,
    summary: op.summary,
    description: op.description,
    auth: authOf(op),
    params,
    ...(bodyType ? { bodyType } : {}),
    bodyRequired: Boolean(body?.required),
    bodyFields: fieldRows(bodyMedia?.schema, components),
    requestExample: (firstExample(bodyMedia) as Record<string, unknown> | undefined) ?? stored.request,
    successStatus: Number(successStatus),
    successDescription: success.description ?? '',
    responseFields: fieldRows(successMedia?.schema, components),
    responseExample: firstExample(successMedia) ?? stored.response,
    errors: errors.sort((a, b) => a.status - b.status),
    rateLimits: rateLimitsOf(op),
  };
}

/** The demo operations that belong to an API's page: `/api/demo/object-detection` to `image-object-detection`. */
const isDemoOf = (apiId: string, path: string, tags: string[]) =>
  tags.includes('demo') && apiId.endsWith(path.split('/').pop() ?? '\u0000');

/** One reference per active catalogue API with operations in the document, in catalogue order. */
export function apiReferences(
  doc: OpenApiDocument,
  apis: readonly CatalogueApi[],
  origin: string,
): ApiReference[] {
  const ops = documentOperations(doc);
  return apis
    .filter((api) => api.status === 'active')
    .map((api) => {
      const mine = ops.filter(({ path, op }) => op.tags.includes(api.id) || isDemoOf(api.id, path, op.tags));
      // Keyed operations first, the keyless demo last.
      mine.sort((a, b) => Number(a.op.tags.includes('demo')) - Number(b.op.tags.includes('demo')));
      return {
        id: api.id,
        name: api.name,
        description: api.description,
        href: `/docs/${api.id}`,
        markdownHref: `/docs/${api.id}.md`,
        operations: mine.map(({ method, path, op }) => operationDoc(doc, method, path, op, origin)),
        price: api.price,
        quotas: (api.pricingPlans ?? []).map((p) => ({
          tier: p.name,
          requestsPerMonth: p.requestsPerMonth,
          monthlyPrice: p.monthlyPrice,
        })),
      };
    })
    .filter((ref) => ref.operations.some((op) => op.auth !== 'none'));
}
