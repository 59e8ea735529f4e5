import { z } from 'zod';
import { ALL_RATE_LIMITS } from '../../shared/rate-limits';
import {
  ERROR_EXAMPLE_MESSAGES,
  ERROR_HELP,
  ERROR_STATUS,
  errorBodySchema,
  operations as allOperations,
  type ErrorBody,
  type ErrorCode,
  type OperationContract,
} from '../../shared/contracts';
import { DEFAULT_SITE_ORIGIN } from '../../shared/site-origin';
import { ACCURACY_API_IDS } from '../../shared/schemas/accuracy';
import { operationExamples } from './examples';

/**
 * The accuracy card of an API group (its reference page's #accuracy section), for the tag and
 * every operation of the group; site groups (catalogue, account, demo, ...) have none.
 */
export function accuracyDocs(group: string, origin: string): OpenApiExternalDocs | undefined {
  if (!(ACCURACY_API_IDS as readonly string[]).includes(group)) return undefined;
  return {
    description: 'Accuracy card: what this API was measured on, its figures and known failure modes.',
    url: `${origin}/docs/${group}#accuracy`,
  };
}
import { formatRate } from '../format';

/** The subset of OpenAPI 3.1 this generator writes (enough for the docs and the validator). */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description?: string; externalDocs?: OpenApiExternalDocs }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, unknown>;
  };
}

export type JsonSchema = Record<string, unknown>;

/** A link to documentation outside the document (an API's accuracy card). */
export interface OpenApiExternalDocs {
  description: string;
  url: string;
}

/** One documented rate limit (`x-rate-limit`): `limit` calls per `windowSeconds` per client. */
export interface OpenApiRateLimit {
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string;
  schema: JsonSchema;
}

export interface OpenApiMediaType {
  schema: JsonSchema;
  examples?: Record<string, { summary: string; value: unknown }>;
}

export interface OpenApiResponse {
  description: string;
  /** JSON Schema of `error.details` per error code, for the codes whose details carry data. */
  'x-error-details'?: Record<string, JsonSchema>;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, OpenApiMediaType>;
  /** The error codes this status stands for in this operation (for the docs' error tables). */
  'x-error-codes'?: ErrorCode[];
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse>;
  'x-rate-limit'?: OpenApiRateLimit[];
  /** The accuracy card of the API the operation belongs to. */
  externalDocs?: OpenApiExternalDocs;
  /** Who may call it: `apiKey`, `session`, `admin` or `none` (the contract's `auth`). */
  'x-auth': OperationContract['auth'];
}

const SECURITY: Record<OperationContract['auth'], Record<string, string[]>[]> = {
  apiKey: [{ bearerAuth: [] }],
  session: [{ sessionCookie: [] }],
  admin: [{ adminSessionCookie: [] }],
  none: [],
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  catalogue: 'The APIs and use cases of the marketplace (public, read-only).',
  contact: 'Contact requests to the sales team.',
  admin: 'The admin session and the contact submissions it reads.',
  demo: 'Keyless demo endpoints behind the site demos, with strict per-client limits.',
  account: 'Accounts, API keys, subscriptions and usage.',
  status: 'The service health and the status page: probes of the database, the queue and the models.',
  'image-object-detection': 'The Image Object Detection API.',
  'facial-attribute-analysis':
    'The Facial Attribute Analysis API: faces, landmarks, head pose, eyes, quality and a presentation-attack indicator, with policy checks. No identification, no face matching, no embeddings, no age, gender or emotion.',
};

/**
 * Collects the components of one document: every schema with `.meta({ id })` becomes
 * `#/components/schemas/<id>` (a schema whose input and output shapes differ gets an `Input`
 * twin for requests).
 */
class Components {
  readonly schemas: Record<string, JsonSchema> = {};

  /** JSON Schema of `schema` for requests (`input`) or responses (`output`), referencing components. */
  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      reused: 'inline',
    }) as JsonSchema;
    const { $schema: _schema, $defs, ...root } = json as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const renamed = new Map<string, string>();
    for (const [id, def] of Object.entries($defs ?? {})) {
      let name = id;
      const existing = this.schemas[name];
      if (existing && JSON.stringify(existing) !== JSON.stringify(def)) name = `${id}Input`;
      renamed.set(id, name);
    }
    const relink = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(relink);
      if (!value || typeof value !== 'object') return value;
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => {
          if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
            const id = v.slice('#/$defs/'.length);
            return [k, `#/components/schemas/${renamed.get(id) ?? id}`];
          }
          return [k, relink(v)];
        }),
      );
    };
    for (const [id, def] of Object.entries($defs ?? {}))
      this.schemas[renamed.get(id)!] ??= relink(def) as JsonSchema;
    return relink(root) as JsonSchema;
  }
}

/** Example values carry the default local origin; the document shows the site's own. */
function forOrigin<T>(value: T, origin: string): T {
  if (origin === DEFAULT_SITE_ORIGIN) return value;
  return JSON.parse(JSON.stringify(value).replaceAll(DEFAULT_SITE_ORIGIN, origin)) as T;
}

function namedExamples(list: readonly { summary: string; value: unknown }[] | undefined, origin: string) {
  if (!list?.length) return {};
  return {
    examples: Object.fromEntries(
      list.map((e, i) => [`example${i + 1}`, { summary: e.summary, value: forOrigin(e.value, origin) }]),
    ),
  };
}

function parameters(op: OperationContract, components: Components): OpenApiParameter[] {
  const out: OpenApiParameter[] = [];
  for (const [where, shape] of [
    ['path', op.params],
    ['query', op.query],
  ] as const) {
    if (!shape) continue;
    const json = components.convert(shape, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(json.properties ?? {})) {
      const { description, ...rest } = schema as JsonSchema & { description?: string };
      out.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        description: description ?? '',
        schema: rest,
      });
    }
  }
  return out;
}

/** An example error body for `code`, as the server words it. */
export function exampleErrorBody(code: ErrorCode): ErrorBody {
  const details =
    code === 'INVALID_REQUEST' ? { fields: { image_urls: ['Please provide at least one image URL'] } } : null;
  return {
    error: { code, message: ERROR_EXAMPLE_MESSAGES[code], details },
    request_id: '4f0c2b9e-2f7a-4d51-9a43-0c1d5e8b7a21',
  };
}

const RETRY_AFTER = {
  description: 'Seconds to wait before trying again.',
  schema: { type: 'integer', minimum: 1 },
};

/** The headers of every 429: RATE_LIMITED (a per-minute policy) and QUOTA_EXCEEDED (the month's). */
const LIMIT_HEADERS = {
  'Retry-After': RETRY_AFTER,
  'RateLimit-Policy': {
    description:
      'The limit that refused the call (IETF draft-ietf-httpapi-ratelimit-headers): its name, requests allowed (q) and window in seconds (w); e.g. `"single";q=100;w=60`, or `"monthly";q=1000;w=2592000` for the tier\'s monthly quota.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'That limit now: requests remaining (r, 0 on a 429) and seconds until it resets (t); e.g. `"monthly";r=0;t=86400`.',
    schema: { type: 'string' },
  },
};

function errorResponses(op: OperationContract, components: Components): Record<string, OpenApiResponse> {
  const codes = op.errors;
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes)
    for (const status of ERROR_STATUS[code]) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, list]): [string, OpenApiResponse] => [
        String(status),
        {
          description: list.map((code) => `\`${code}\`: ${ERROR_HELP[code].remedy}`).join(' '),
          'x-error-codes': list,
          ...errorDetailsOf(op, list, components),
          ...(status === 429
            ? { headers: LIMIT_HEADERS }
            : status === 503
              ? { headers: { 'Retry-After': RETRY_AFTER } }
              : {}),
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/ErrorBody' },
              examples: Object.fromEntries(
                list.map((code) => [code, { summary: code, value: exampleErrorBody(code) }]),
              ),
            },
          },
        },
      ]),
  );
}

function errorDetailsOf(
  op: OperationContract,
  codes: readonly ErrorCode[],
  components: Components,
): Pick<OpenApiResponse, 'x-error-details'> {
  const entries = codes.flatMap((code) => {
    const schema = op.errorDetails?.[code];
    return schema ? [[code, components.convert(schema, 'output')] as const] : [];
  });
  return entries.length ? { 'x-error-details': Object.fromEntries(entries) } : {};
}

/** The policies an operation names, resolved from src/shared/rate-limits.ts. */
export function rateLimitsOf(op: OperationContract): OpenApiRateLimit[] {
  const names =
    op.rateLimit === undefined ? [] : typeof op.rateLimit === 'string' ? [op.rateLimit] : [...op.rateLimit];
  return names.map((name) => {
    const policy = ALL_RATE_LIMITS[name];
    if (!policy)
      throw new Error(`${op.operationId}: no rate-limit policy named "${name}" in src/shared/rate-limits.ts`);
    return { name, limit: policy.limit, windowSeconds: policy.windowMs / 1000 };
  });
}

function describeLimits(limits: readonly OpenApiRateLimit[]): string {
  if (limits.length === 0) return '';
  const each = limits.map(
    (l) => `${formatRate({ limit: l.limit, windowMs: l.windowSeconds * 1000 }, 'calls')} (\`${l.name}\`)`,
  );
  return `\n\nRate limit per client: ${each.join('; ')}. Past it: 429 \`RATE_LIMITED\` with \`Retry-After\`.`;
}

function operationObject(op: OperationContract, components: Components, origin: string): OpenApiOperation {
  const params = parameters(op, components);
  const limits = rateLimitsOf(op);
  const accuracy = accuracyDocs(op.group, origin);
  const examples = operationExamples(op);
  const requestContent: Record<string, OpenApiMediaType> = {};
  if (op.body) {
    requestContent[op.bodyType ?? 'application/json'] = {
      schema: components.convert(op.body, 'input'),
      ...namedExamples(examples.request, origin),
    };
  }
  if (op.multipartBody)
    requestContent['multipart/form-data'] = { schema: components.convert(op.multipartBody, 'input') };
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: op.description + describeLimits(limits),
    tags: [op.group],
    security: SECURITY[op.auth],
    'x-auth': op.auth,
    ...(params.length ? { parameters: params } : {}),
    ...(Object.keys(requestContent).length
      ? { requestBody: { required: true, content: requestContent } }
      : {}),
    responses: {
      [String(op.response.status)]: {
        description: op.response.description,
        ...(op.response.status === 204
          ? {}
          : {
              content: {
                'application/json': {
                  schema: components.convert(op.response.schema, 'output'),
                  ...namedExamples(examples.response, origin),
                },
              },
            }),
      },
      ...(op.alsoAnsweredWith
        ? {
            [String(op.alsoAnsweredWith.status)]: {
              description: op.alsoAnsweredWith.description,
              content: {
                'application/json': { schema: components.convert(op.response.schema, 'output') },
              },
            },
          }
        : {}),
      ...errorResponses(op, components),
    },
    ...(limits.length ? { 'x-rate-limit': limits } : {}),
    ...(accuracy ? { externalDocs: accuracy } : {}),
  };
}

/** `/api/apis/{id}`: OpenAPI's path template, as the contracts write it. */
const isTemplatedPath = (path: string) => /^\/[\w\-/{}.]*$/.test(path);

/** The OpenAPI 3.1 document of every operation, served at /openapi.json. */
export function buildOpenApiDocument(
  origin: string,
  operations: readonly OperationContract[] = allOperations,
): OpenApiDocument {
  const components = new Components();
  components.convert(errorBodySchema, 'output'); // registers #/components/schemas/ErrorBody
  const paths: OpenApiDocument['paths'] = {};
  for (const op of operations) {
    if (!isTemplatedPath(op.path))
      throw new Error(`${op.operationId}: path "${op.path}" is not an OpenAPI path template`);
    const item = (paths[op.path] ??= {});
    const method = op.method.toLowerCase();
    if (item[method]) throw new Error(`Two contracts for ${op.method} ${op.path}`);
    item[method] = operationObject(op, components, origin);
  }
  const groups = [...new Set(operations.map((op) => op.group))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Optiq image-analysis APIs',
      version: '1.0.0',
      description: 'Every endpoint of the Optiq marketplace and its image-analysis APIs.',
    },
    servers: [{ url: origin, description: 'This site' }],
    tags: groups.map((name) => {
      const externalDocs = accuracyDocs(name, origin);
      return {
        name,
        ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}),
        ...(externalDocs ? { externalDocs } : {}),
      };
    }),
    paths,
    components: {
      schemas: components.schemas,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key from your dashboard: `Authorization: Bearer <key>`.',
        },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'optiq_session',
          description: 'The signed-in account session set by /api/account/login.',
        },
        adminSessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'optiq_admin_session',
          description: 'The admin session set by /api/auth/login.',
        },
      },
    },
  };
}
