/**
 * The changelog as pages show it: entries newest first, grouped by day, each with its anchor,
 * and as an RSS feed. Pure: the collection is read in src/lib/content.ts.
 */
import type { ChangelogEntryData } from '../shared/schemas/changelog';
import { rssFeed } from './rss';

export interface ChangelogEntry extends ChangelogEntryData {
  /** The file's name without extension: the entry's anchor on /changelog. */
  id: string;
  /** The Markdown body rendered to HTML. */
  html: string;
}

export interface ChangelogDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  entries: ChangelogEntry[];
}

/** YYYY-MM-DD of a date, in UTC. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** Newest first; on one day, in reverse file-name order (the later file is the later change). */
export function sortEntries(entries: readonly ChangelogEntry[]): ChangelogEntry[] {
  return [...entries].sort((a, b) => b.date.getTime() - a.date.getTime() || b.id.localeCompare(a.id));
}

/** The entries grouped by day, newest day first. */
export function groupByDay(entries: readonly ChangelogEntry[]): ChangelogDay[] {
  const days = new Map<string, ChangelogEntry[]>();
  for (const entry of sortEntries(entries)) {
    const day = isoDay(entry.date);
    days.set(day, [...(days.get(day) ?? []), entry]);
  }
  return [...days].map(([date, list]) => ({ date, entries: list }));
}

/** "26 November 2026" for a YYYY-MM-DD day. */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The changelog's RSS 2.0 feed: one item per entry, linking to its anchor on /changelog. */
export function changelogFeed(entries: readonly ChangelogEntry[], origin: string): string {
  return rssFeed({
    title: 'Optiq changelog',
    link: `${origin}/changelog`,
    self: `${origin}/changelog.xml`,
    description: 'New APIs, changed behaviour and fixes of the Optiq image-analysis APIs.',
    items: sortEntries(entries).map((e) => ({
      title: e.title,
      link: `${origin}/changelog#${e.id}`,
      guid: `${origin}/changelog#${e.id}`,
      description: e.summary,
      pubDate: e.date,
      categories: [e.kind, ...e.apis],
    })),
  });
}
