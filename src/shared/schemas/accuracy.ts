import { z } from 'zod';
import './zod-config';
import { API_ID_LIST } from '../api-ids';

/**
 * An accuracy card: what one API was measured on, the figures, and how its scores read.
 * Written by `npm run eval` (scripts/eval/*) to `content/accuracy/<api id>.json`, rendered on the
 * API's reference page (`#accuracy`) and the docs' accuracy overview. Every figure a page quotes
 * about quality comes from one of these files.
 */

/**
 * The APIs that carry an accuracy card, by catalogue id: each has `scripts/eval/<id>.ts` and
 * `npm run eval:<id>`, and its reference page shows the card (or says it is not measured yet).
 */
export const ACCURACY_API_IDS = API_ID_LIST;

/** A proportion with its counts and a 95% Wilson interval. */
export const proportionSchema = z.object({
  value: z.number().min(0).max(1).describe('Successes / trials.'),
  successes: z.number().int().nonnegative(),
  trials: z.number().int().nonnegative(),
  ci95: z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]).describe('95% Wilson score interval.'),
});
export type Proportion = z.infer<typeof proportionSchema>;

export const evalSetSchema = z.object({
  /** Stable name other parts of the card refer to, e.g. `rooms-dev`. */
  id: z.string().min(1),
  name: z.string().min(1).describe('What a reader sees, e.g. "Interior photos, dev split".'),
  version: z.string().min(1).describe('Version or content digest of the set.'),
  size: z.number().int().nonnegative().describe('Images (or pairs) in the set.'),
  description: z.string().min(1).describe('Where the images come from and how they were labelled.'),
});

export const metricSchema = proportionSchema.extend({
  /** Registry key a page quotes it by, e.g. `detect.fixture_recall`. */
  key: z.string().regex(/^[a-z0-9_]+(\.[a-z0-9_]+)+$/),
  label: z.string().min(1).describe('Plain words, e.g. "Fixture recall at the default threshold".'),
  set: z.string().min(1).describe('Id of the set it was measured on.'),
});

export const classRowSchema = z.object({
  label: z.string().min(1),
  set: z.string().min(1),
  precision: proportionSchema.optional(),
  recall: proportionSchema.optional(),
  accuracy: proportionSchema.optional(),
});

export const latencySchema = z.object({
  what: z.string().min(1).describe('What was timed, e.g. "warm detect, one image, in process".'),
  set: z.string().min(1),
  n: z.number().int().positive(),
  p50_ms: z.number().nonnegative(),
  p99_ms: z.number().nonnegative(),
  load_average: z.tuple([z.number(), z.number(), z.number()]).describe('os.loadavg() when the timing ended.'),
  cpus: z.number().int().positive(),
});

export const scoreDocSchema = z.object({
  field: z.string().min(1).describe('Response field, e.g. `detection_results[].confidence`.'),
  kind: z.enum(['calibrated_probability', 'raw_score', 'similarity', 'estimate']),
  meaning: z.string().min(1).describe('What the number is, in plain words.'),
});

export const accuracyCardSchema = z.object({
  api: z.string().min(1).describe('Catalogue id of the API.'),
  title: z.string().min(1),
  summary: z.string().min(1).describe('One or two sentences: what was measured and the headline.'),
  command: z.string().min(1).describe('The command that rewrites this card.'),
  measured_at: z.string().describe('ISO date-time of the run.'),
  commit: z.string().describe('Commit the run measured (short hash, "+dirty" when the tree had changes).'),
  sets: z.array(evalSetSchema).min(1),
  metrics: z.array(metricSchema).min(1),
  per_class: z.array(classRowSchema).default([]),
  latency: z.array(latencySchema).default([]),
  scores: z.array(scoreDocSchema).default([]),
  failure_modes: z.array(z.string().min(1)).default([]),
  /** Extra figures (in the card's own words), e.g. a similar-search crop table. */
  notes: z.array(z.string().min(1)).default([]),
});
export type AccuracyCard = z.infer<typeof accuracyCardSchema>;
