import type { APIRoute } from 'astro';
import { buildOpenApiDocument } from '../lib/openapi/document';
import { siteOrigin } from '../lib/content';

/** The OpenAPI 3.1 document, generated at build time from the contracts in src/shared/contracts. */
export const GET: APIRoute = () =>
  new Response(JSON.stringify(buildOpenApiDocument(siteOrigin()), null, 2), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
