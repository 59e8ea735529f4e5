import type { APIRoute } from 'astro';
import { siteFullMarkdown } from '../lib/docs/site-markdown';

/** /llms-full.txt: /docs and every API reference in one Markdown text. */
export const GET: APIRoute = async () =>
  new Response(await siteFullMarkdown(), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
