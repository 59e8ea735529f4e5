import type { APIRoute } from 'astro';
import { changelogFeed } from '../lib/changelog';
import { getChangelogEntries, siteOrigin } from '../lib/content';

/** /changelog.xml: the changelog as an RSS 2.0 feed. */
export const GET: APIRoute = async () =>
  new Response(changelogFeed(await getChangelogEntries(), siteOrigin()), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' },
  });
