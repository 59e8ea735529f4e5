import type { APIRoute } from 'astro';
import { siteDocsMarkdown } from '../lib/docs/site-markdown';

/** The Markdown twin of /docs. */
export const GET: APIRoute = async () =>
  new Response(await siteDocsMarkdown(), { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
