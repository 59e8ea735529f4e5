import { z } from 'zod';
import './zod-config';
import { API_ID_LIST } from '../api-ids';

/**
 * One changelog entry (`content/changelog/<date>-<slug>.md`): front matter validated here, the
 * Markdown body lists the changes. /changelog lists the entries by day, newest first, and
 * /changelog.xml carries them as RSS.
 */
export const changelogEntrySchema = z.object({
  /** The entry's heading and the RSS item's title. */
  title: z.string().min(1),
  /** The day it shipped (YYYY-MM-DD, UTC): entries are grouped and ordered by it. */
  date: z.coerce.date(),
  /** What kind of change: shown as a badge. */
  kind: z.enum(['added', 'changed', 'fixed']),
  /** The APIs it changes, by catalogue id (each links to its reference); empty for the platform. */
  apis: z.array(z.enum(API_ID_LIST as [string, ...string[]])).default([]),
  /** One or two sentences: shown under the heading and used as the RSS item's description. */
  summary: z.string().min(1),
});

export type ChangelogEntryData = z.infer<typeof changelogEntrySchema>;
