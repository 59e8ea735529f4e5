/**
 * The Optiq MCP server: every API-key operation of the OpenAPI document as a tool (generated into
 * `../generated/operations.ts`). A call becomes one request through the SDK's client: path and
 * query parameters from the arguments, the rest as the JSON body, or, when a `<field>_path`
 * argument names a local file, a multipart upload of that file with the other fields beside it.
 * An error answer of the API is a tool error whose text starts with its error code.
 */
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { createOptiqClient, multipart, OptiqError } from '../index.js';
import { TOOL_OPERATIONS } from '../generated/operations.js';
import type { ToolOperation } from './tool-operation.js';

export interface OptiqMcpOptions {
  /** The API key tools call with (`OPTIQ_API_KEY`). */
  apiKey?: string | undefined;
  /** The site's origin (`OPTIQ_BASE_URL`); default: the document's server. */
  baseUrl?: string | undefined;
  /** The fetch the client uses (tests). */
  fetch?: typeof fetch;
}

const IMAGE_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

const text = (value: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: value }],
  ...(isError ? { isError: true } : {}),
});

/** The arguments named in `names` that were given. */
const pick = (args: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(names.filter((n) => args[n] !== undefined).map((n) => [n, args[n]]));

async function upload(path: string): Promise<File> {
  const type = IMAGE_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
  return new File([await readFile(path)], basename(path), { type });
}

/** Arguments the request cannot be made without (checked before any request). */
class ArgumentError extends Error {}

/** One tool call as one request; API errors come back as an `OptiqError`. */
async function call(
  client: ReturnType<typeof createOptiqClient>,
  op: ToolOperation,
  args: Record<string, unknown>,
): Promise<unknown> {
  for (const name of op.pathParams)
    if (typeof args[name] !== 'string' || args[name] === '')
      throw new ArgumentError(`The argument "${name}" is required (the path is ${op.path}).`);
  const given = op.uploads.filter((u) => typeof args[u.argument] === 'string' && args[u.argument] !== '');
  const fields = pick(args, op.bodyFields);
  let body: Record<string, unknown> | FormData | undefined;
  if (given.length > 0) {
    for (const u of given) fields[u.field] = await upload(args[u.argument] as string);
    body = multipart(fields);
  } else if (op.bodyFields.length > 0) {
    body = fields;
  }
  // The path and method come from the generated list, so the client's path typing cannot help here.
  const result = await (
    client.request as (
      m: string,
      p: string,
      init: object,
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>
  )(op.method.toLowerCase(), op.path, {
    params: { path: pick(args, op.pathParams), query: pick(args, op.queryParams) },
    ...(body === undefined ? {} : { body }),
  });
  if (!result.response.ok) throw new OptiqError(result.response.status, result.error);
  return result.data ?? null;
}

/** An MCP server (not yet connected) exposing every API operation as a tool. */
export function createOptiqMcpServer({ apiKey, baseUrl, fetch }: OptiqMcpOptions = {}): Server {
  const client = createOptiqClient({ apiKey, baseUrl, ...(fetch ? { fetch } : {}) });
  const byName = new Map(TOOL_OPERATIONS.map((op) => [op.name, op]));
  const server = new Server({ name: 'optiq', version: '1.0.0' }, { capabilities: { tools: {} } });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: TOOL_OPERATIONS.map((op) => ({
      name: op.name,
      title: op.title,
      description: op.description,
      inputSchema: op.inputSchema,
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const op = byName.get(request.params.name);
    if (!op) return text(`Unknown tool "${request.params.name}"; list the tools for their names.`, true);
    try {
      const data = await call(client, op, request.params.arguments ?? {});
      return text(JSON.stringify(data, null, 2));
    } catch (error) {
      if (error instanceof OptiqError) {
        const body = { error: { code: error.code, message: error.message, details: error.details } };
        return text(
          `${error.code} (HTTP ${error.status}): ${error.message}\n${JSON.stringify(body, null, 2)}`,
          true,
        );
      }
      if (error instanceof ArgumentError) return text(error.message, true);
      const reason = error as NodeJS.ErrnoException;
      if (reason.code === 'ENOENT' || reason.code === 'EACCES' || reason.code === 'EISDIR')
        return text(`Cannot read the file: ${reason.message}`, true);
      return text(`The request failed: ${(error as Error).message}`, true);
    }
  });
  return server;
}
