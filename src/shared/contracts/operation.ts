import type { z } from 'zod';
import type { OperationGroup } from '../api-ids';
import type { ExampleName } from '../examples';
import type { ErrorCode } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an operation:
 * - `apiKey`: `Authorization: Bearer <key>` of an account subscribed to the operation's API;
 * - `session`: the signed-in account's session cookie (site pages, the dashboard);
 * - `admin`: the admin session cookie (/c);
 * - `none`: anyone (catalogue reads, contact form, keyless demo endpoints with strict limits).
 */
export type OperationAuth = 'apiKey' | 'session' | 'admin' | 'none';

export interface NamedExample<T> {
  summary: string;
  value: T;
}

/**
 * One endpoint's contract: the single source its handler validates with, islands parse
 * responses with, tests check against, and the OpenAPI document and docs are generated from.
 * Every field of every schema carries a one-line `.describe()`.
 */
export interface OperationContract<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  /** Stable camelCase id, unique across the document (OpenAPI operationId). */
  operationId: string;
  method: HttpMethod;
  /** Path as served, with OpenAPI-style parameters: `/api/account/keys/{id}`. */
  path: string;
  /**
   * Catalogue API id this operation belongs to (`image-object-detection`, `photo-authenticity`...)
   * or a site group (`catalogue`, `contact`, `account`, `admin`, `demo`): src/shared/api-ids.ts.
   * Becomes the OpenAPI tag.
   */
  group: OperationGroup;
  summary: string;
  description: string;
  auth: OperationAuth;
  /** Path parameters, e.g. `z.object({ id: z.string().describe('...') })`. */
  params?: z.ZodObject | undefined;
  /** Query parameters. */
  query?: z.ZodObject | undefined;
  /** Request body schema (validated by the handler). */
  body?: Body | undefined;
  /** Media type of the body; JSON unless said otherwise. */
  bodyType?: 'application/json' | 'multipart/form-data';
  /**
   * The same operation also accepts `multipart/form-data` with these fields (a file upload
   * beside the JSON body, e.g. the demo's `file`).
   */
  multipartBody?: z.ZodObject | undefined;
  response: {
    status: 200 | 201 | 202 | 204;
    description: string;
    schema: Response;
  };
  /**
   * The response body also answered with another status (the health check's 503 carries the
   * same report as its 200). Its status must not be one of `errors`' statuses.
   */
  alsoAnsweredWith?: { status: 503; description: string } | undefined;
  /** Every error code the operation may answer with (status from ERROR_STATUS). */
  errors: readonly ErrorCode[];
  /** The shape of `error.details` for codes that carry more than null, e.g. NO_IMAGE_ANALYSED's per-image results. */
  errorDetails?: Partial<Record<ErrorCode, z.ZodType>> | undefined;
  /**
   * Name of the rate-limit policy that applies (src/shared/rate-limits.ts), if any; a
   * list when the call picks one of several (detect: `single`, or `batch` for several images).
   */
  rateLimit?: string | readonly string[];
  /** Examples written in the contract (shown first). */
  examples?: {
    request?: NamedExample<Body extends z.ZodType ? z.input<Body> : never>[];
    response?: NamedExample<z.output<Response>>[];
  };
  /**
   * Stored real exchanges (content/examples) shown after them, by name: the OpenAPI builder
   * (src/lib/openapi/examples.ts) reads them, so contracts an island imports carry no example
   * bodies. `request` adds each one's request body, `response` its response.
   */
  storedExamples?: { request?: readonly ExampleName[]; response?: readonly ExampleName[] };
}

/** A contract as `defineOperation` returns it: its body, params, query and multipart schemas keep their exact types. */
export type DefinedOperation<
  Body extends z.ZodType | undefined,
  Response extends z.ZodType,
  Params extends z.ZodObject | undefined,
  Query extends z.ZodObject | undefined,
  Multipart extends z.ZodObject | undefined = undefined,
> = Omit<OperationContract<Body, Response>, 'body' | 'params' | 'query' | 'multipartBody'> & {
  body: Body;
  params: Params;
  query: Query;
  multipartBody: Multipart;
};

/**
 * Identity helper that keeps the schema types of one contract, so a handler can write
 * `readJson(req, op.body)` and `op.params.parse(...)` and get the exact types.
 */
export function defineOperation<
  Response extends z.ZodType,
  Body extends z.ZodType | undefined = undefined,
  Params extends z.ZodObject | undefined = undefined,
  Query extends z.ZodObject | undefined = undefined,
  Multipart extends z.ZodObject | undefined = undefined,
>(
  contract: OperationContract<Body, Response> & { params?: Params; query?: Query; multipartBody?: Multipart },
): DefinedOperation<Body, Response, Params, Query, Multipart> {
  return contract as DefinedOperation<Body, Response, Params, Query, Multipart>;
}
