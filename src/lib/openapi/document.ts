import { z } from 'zod';
import { ERROR_STATUS, errorBodySchema, operations as allOperations, type ErrorCode, type OperationContract } from '../../shared/contracts';

/** The subset of OpenAPI 3.1 this generator writes (enough for the docs and the validator). */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  'x-rate-limit'?: string;
}

const SECURITY: Record<OperationContract['auth'], Record<string, string[]>[]> = {
  apiKey: [{ bearerAuth: [] }],
  session: [{ sessionCookie: [] }],
  admin: [{ adminSessionCookie: [] }],
  none: [],
};

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline' }) as Record<string, unknown>;
  return rest;
}

function parameters(op: OperationContract): unknown[] {
  const out: unknown[] = [];
  for (const [where, shape] of [['path', op.params], ['query', op.query]] as const) {
    if (!shape) continue;
    const json = schemaOf(shape, 'input') as { properties?: Record<string, { description?: string }>; required?: string[] };
    for (const [name, schema] of Object.entries(json.properties ?? {})) {
      out.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), description: schema.description, schema });
    }
  }
  return out;
}

function errorResponses(codes: readonly ErrorCode[]): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) for (const status of ERROR_STATUS[code]) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].sort(([a], [b]) => a - b).map(([status, list]) => [
      String(status),
      {
        description: list.join(', '),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      },
    ]),
  );
}

function operationObject(op: OperationContract): OpenApiOperation {
  const params = parameters(op);
  const requestExamples = op.examples?.request;
  const responseExamples = op.examples?.response;
  const mediaExamples = (list?: { summary: string; value: unknown }[]) =>
    list?.length ? { examples: Object.fromEntries(list.map((e, i) => [`example${i + 1}`, { summary: e.summary, value: e.value }])) } : {};
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: op.description,
    tags: [op.group],
    security: SECURITY[op.auth],
    ...(params.length ? { parameters: params } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { [op.bodyType ?? 'application/json']: { schema: schemaOf(op.body, 'input'), ...mediaExamples(requestExamples) } },
          },
        }
      : {}),
    responses: {
      [String(op.response.status)]: {
        description: op.response.description,
        ...(op.response.status === 204 ? {} : { content: { 'application/json': { schema: schemaOf(op.response.schema, 'output'), ...mediaExamples(responseExamples) } } }),
      },
      ...errorResponses(op.errors),
    },
    ...(op.rateLimit ? { 'x-rate-limit': op.rateLimit } : {}),
  };
}

/** The OpenAPI 3.1 document of every operation, served at /openapi.json. */
export function buildOpenApiDocument(origin: string, operations: readonly OperationContract[] = allOperations): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const op of operations) (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op);
  return {
    openapi: '3.1.0',
    info: { title: 'Optiq image-analysis APIs', version: '1.0.0', description: 'Every endpoint of the Optiq marketplace and its image-analysis APIs.' },
    servers: [{ url: origin, description: 'This site' }],
    tags: [...new Set(operations.map((op) => op.group))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ErrorBody: schemaOf(errorBodySchema, 'output') },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key from your dashboard: `Authorization: Bearer <key>`.' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'optiq_session', description: 'The signed-in account session set by /api/account/login.' },
        adminSessionCookie: { type: 'apiKey', in: 'cookie', name: 'optiq_admin_session', description: 'The admin session set by /api/auth/login.' },
      },
    },
  };
}
