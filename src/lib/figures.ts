import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { accuracyCardSchema, type AccuracyCard, type Proportion } from '../shared/schemas/accuracy';
import { apiSchema } from '../shared/schemas/catalogue';
import { MAX_ERROR_CHECKS, MAX_IMAGE_URLS } from '../shared/schemas/detect';
import { SIMILAR_LIMITS } from '../shared/schemas/similar';
import { NAMED_POLICIES } from '../shared/schemas/faces';
import { BATCH_MAX_IMAGES } from '../shared/schemas/photo-authenticity/batch';
import { INSPECTION_MIN_SIDE } from '../shared/schemas/inspection';
import { BYTES_PER_MB, IMAGE_LIMITS, UPLOAD_LIMITS } from '../shared/limits';
import { DETECTED_SHARE, TRACE_SHARE } from '../shared/invisible-watermark';
import { ALL_RATE_LIMITS } from '../shared/rate-limits';
import { STATUS_PROBES } from '../shared/schemas/status';
import {
  ENTERPRISE_ABOVE_IMAGES,
  freeTierAllowance,
  PAY_PER_USE_MINIMUM,
  STANDARD_PLAN,
} from './pricing-model';
import { formatCount, formatRate, formatUsd, formatWholeUsd, monthlyTotal } from './format';

export { formatRate };

/**
 * The registry of quotable figures. A page that states a percentage, a rate, a size or a time
 * takes it from here by name, so every figure the site shows is a measurement the repository can
 * rerun (an accuracy card in `content/accuracy/`), a documented limit, or a price. The claims check
 * (`npm test`) fails on a figure in the built HTML that is not in this registry or its allow-list.
 *
 * Build-time only (reads the committed cards from disk).
 */

export type FigureSource = 'measured' | 'limit' | 'price';

export interface Figure {
  key: string;
  /** The text a page shows, e.g. `90.4%`, `10 MB`. */
  text: string;
  source: FigureSource;
  /** Where it comes from: a card file and metric, or the constant that defines the limit. */
  from: string;
}

/** `0.9041` -> `90.4%`: every measured proportion is shown with one decimal. */
export function formatPercent(value: number): string {
  return `${(Math.round(value * 1000) / 10).toFixed(1)}%`;
}

/** `212.4` -> `212 ms`: every measured time is shown in whole milliseconds. */
export function formatMs(ms: number): string {
  return `${Math.round(ms)} ms`;
}

const CARD_DIR = join(process.cwd(), 'content', 'accuracy');

/** Every committed accuracy card, validated. */
export function loadAccuracyCards(dir = CARD_DIR): AccuracyCard[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((f) => accuracyCardSchema.parse(JSON.parse(readFileSync(join(dir, f), 'utf8'))));
}

/**
 * Measured figures: each card metric under its key, formatted as a percentage, and every other
 * figure an accuracy card shows (the metric's 95% interval bounds, the per-class table, the
 * latency), so a page that renders a card quotes only registered figures.
 */
export function measuredFigures(cards = loadAccuracyCards()): Figure[] {
  return cards.flatMap((card) => {
    const from = `content/accuracy/${card.api}.json`;
    const pct = (key: string, value: number): Figure => ({
      key,
      text: formatPercent(value),
      source: 'measured',
      from,
    });
    const withInterval = (key: string, p: Proportion): Figure[] => [
      pct(key, p.value),
      pct(`${key}.ci95_low`, p.ci95[0]),
      pct(`${key}.ci95_high`, p.ci95[1]),
    ];
    const slug = (s: string) =>
      s
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_|_$/g, '');
    return [
      ...card.metrics.flatMap((m) => withInterval(m.key, m)),
      ...card.per_class.flatMap((row) =>
        (['precision', 'recall', 'accuracy'] as const).flatMap((kind) => {
          const p = row[kind];
          return p ? withInterval(`${card.api}.class.${slug(row.set)}.${slug(row.label)}.${kind}`, p) : [];
        }),
      ),
      ...card.latency.flatMap((l, i) => [
        {
          key: `${card.api}.latency.${slug(l.set)}.${i}.p50_ms`,
          text: formatMs(l.p50_ms),
          source: 'measured' as const,
          from,
        },
        {
          key: `${card.api}.latency.${slug(l.set)}.${i}.p99_ms`,
          text: formatMs(l.p99_ms),
          source: 'measured' as const,
          from,
        },
      ]),
    ];
  });
}

/** `10 * 1024 * 1024` -> `10 MB`, `4.5 MiB` -> `4.5 MB`. */
export function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / BYTES_PER_MB) * 10) / 10} MB`;
}

/** A whole-number proportion threshold: `0.9` -> `90%` (thresholds are set values, not measurements). */
export function formatThreshold(value: number): string {
  return `${Math.round(value * 100)}%`;
}

const CONTENT_DIR = join(process.cwd(), 'content');

/** The catalogue's APIs as the pricing figures need them (read from content/apis, validated). */
function catalogueApis(dir = join(CONTENT_DIR, 'apis')) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => apiSchema.parse(JSON.parse(readFileSync(join(dir, f), 'utf8'))));
}

/**
 * Documented limits and prices, each from the constant or content file that defines (and for
 * limits, enforces) it: a page that quotes one can never drift from what the API does.
 */
export function documentedFigures(): Figure[] {
  const limit = (key: string, text: string, from: string): Figure => ({ key, text, source: 'limit', from });
  const price = (key: string, text: string, from: string): Figure => ({ key, text, source: 'price', from });
  const IMAGE = 'src/shared/limits.ts IMAGE_LIMITS';
  const UPLOAD = 'src/shared/limits.ts UPLOAD_LIMITS';
  const PRICING = 'src/lib/pricing-model.ts';
  const STATUS_FROM = 'src/shared/schemas/status.ts STATUS_PROBES';
  const figures: Figure[] = [
    limit('limits.image_url_mb', formatMegabytes(IMAGE_LIMITS.maxBytes), IMAGE),
    limit('limits.min_side_px', `${IMAGE_LIMITS.minSide} px`, IMAGE),
    limit('limits.max_side_px', `${IMAGE_LIMITS.maxSide} px`, IMAGE),
    limit(
      'limits.dimensions',
      `${IMAGE_LIMITS.minSide}x${IMAGE_LIMITS.minSide} to ${IMAGE_LIMITS.maxSide}x${IMAGE_LIMITS.maxSide} pixels`,
      IMAGE,
    ),
    limit('limits.upload_mb', formatMegabytes(UPLOAD_LIMITS.fileBytes), UPLOAD),
    limit('limits.request_body_mb', formatMegabytes(UPLOAD_LIMITS.platformBodyBytes), UPLOAD),
    limit('limits.downscale_megapixels', `${UPLOAD_LIMITS.downscalePixels / 1_000_000} megapixels`, UPLOAD),
    limit(
      'limits.batch_images',
      formatCount(BATCH_MAX_IMAGES),
      'src/shared/schemas/photo-authenticity/batch.ts BATCH_MAX_IMAGES',
    ),
    limit(
      'limits.inspection_min_side_px',
      `${INSPECTION_MIN_SIDE} px`,
      'src/shared/schemas/inspection.ts INSPECTION_MIN_SIDE',
    ),
    limit('limits.detect_urls', formatCount(MAX_IMAGE_URLS), 'src/shared/schemas/detect.ts MAX_IMAGE_URLS'),
    limit(
      'limits.error_checks',
      formatCount(MAX_ERROR_CHECKS),
      'src/shared/schemas/detect.ts MAX_ERROR_CHECKS',
    ),
    // The similar-images demo's threshold slider and the calibrated bands.
    limit(
      'similar.threshold_min',
      formatThreshold(SIMILAR_LIMITS.threshold.min),
      'src/shared/schemas/similar.ts SIMILAR_LIMITS',
    ),
    limit(
      'similar.threshold_max',
      formatThreshold(SIMILAR_LIMITS.threshold.max),
      'src/shared/schemas/similar.ts SIMILAR_LIMITS',
    ),
    limit(
      'similar.threshold_related',
      formatThreshold(SIMILAR_LIMITS.threshold.default),
      'src/shared/schemas/similar.ts SIMILAR_LIMITS (default: a related scene)',
    ),
    limit(
      'similar.threshold_near_duplicate',
      formatThreshold(0.9),
      'src/server/vision/similar/calibration.json anchors (0.9: near duplicate)',
    ),
    // The invisible watermark's decision rule: the share of the mark's bits that must match.
    limit(
      'watermark.invisible_detected_share',
      formatThreshold(DETECTED_SHARE),
      'src/server/vision/invisible-watermark/known-marks.ts DETECTED_SHARE',
    ),
    limit(
      'watermark.invisible_trace_share',
      formatThreshold(TRACE_SHARE),
      'src/server/vision/invisible-watermark/known-marks.ts TRACE_SHARE',
    ),
    // The profile_photo policy of facial analysis: its size and frame rules.
    limit(
      'faces.profile_min_face_px',
      `${NAMED_POLICIES.profile_photo.min_face_px} px`,
      'src/shared/schemas/faces.ts NAMED_POLICIES',
    ),
    limit(
      'faces.profile_min_face_share',
      formatThreshold(NAMED_POLICIES.profile_photo.min_face_share),
      'src/shared/schemas/faces.ts NAMED_POLICIES',
    ),
    limit(
      'faces.profile_max_cut_off',
      formatThreshold(NAMED_POLICIES.profile_photo.max_cut_off),
      'src/shared/schemas/faces.ts NAMED_POLICIES',
    ),
    // Rate limits: per key for the API, per client for the site's own endpoints.
    ...Object.values(ALL_RATE_LIMITS).map((p) =>
      limit(`rate.${p.name}`, formatRate(p), 'src/shared/rate-limits.ts'),
    ),
    // The status page's record: how often a probe runs, how long probes are kept, days shown.
    limit('status.probe_interval', `${STATUS_PROBES.intervalMinutes} minutes`, STATUS_FROM),
    limit('status.retention', `${STATUS_PROBES.retentionDays} days`, STATUS_FROM),
    limit('status.window', `${STATUS_PROBES.days} days`, STATUS_FROM),
    price('price.starts_at', `${formatWholeUsd(PAY_PER_USE_MINIMUM)}/month`, PRICING),
    price('price.standard_plan', `${formatWholeUsd(STANDARD_PLAN.base)}/month`, PRICING),
    price('price.standard_included', `${formatCount(STANDARD_PLAN.included)} images a month`, PRICING),
    price('price.standard_overage', formatUsd(STANDARD_PLAN.overage), PRICING),
    price('price.enterprise_above', `${formatCount(ENTERPRISE_ABOVE_IMAGES)} images a month`, PRICING),
    price(
      'quota.free_tier',
      freeTierAllowance,
      'src/shared/free-tier.ts FREE_TIER (through the pricing model)',
    ),
    // The pricing page's monthly totals, for the included volume, twice and three times it.
    ...[1, 2, 3].map((k) => {
      const images = STANDARD_PLAN.included * k;
      return price(
        `price.standard_total_${images}`,
        `${formatWholeUsd(monthlyTotal(images, STANDARD_PLAN))}/month`,
        PRICING,
      );
    }),
  ];
  for (const api of catalogueApis()) {
    const from = `content/apis/${api.id}.json`;
    figures.push(price(`price.${api.id}.per_request`, formatUsd(api.price), from));
    for (const plan of api.pricingPlans) {
      const tier = plan.name.toLowerCase();
      if (plan.monthlyPrice !== null)
        figures.push(price(`price.${api.id}.${tier}`, `${formatWholeUsd(plan.monthlyPrice)}/month`, from));
      if (plan.requestsPerMonth !== null)
        figures.push(
          price(`quota.${api.id}.${tier}`, `${formatCount(plan.requestsPerMonth)} requests/month`, from),
        );
    }
  }
  return figures;
}

let cached: Map<string, Figure> | undefined;

/** All quotable figures by key. */
export function figureRegistry(): Map<string, Figure> {
  cached ??= new Map([...measuredFigures(), ...documentedFigures()].map((f) => [f.key, f]));
  return cached;
}

/** The text of one figure; throws (failing the build) when the key is unknown. */
export function fig(key: string): string {
  const figure = figureRegistry().get(key);
  if (!figure)
    throw new Error(
      `No quotable figure "${key}": measure it (npm run eval) or add the documented limit to src/lib/figures.ts`,
    );
  return figure.text;
}

const FIGURE_PLACEHOLDER = /\{fig:([a-z0-9_.-]+)\}/g;

/**
 * Puts quotable figures into copy: every `{fig:key}` in a string (anywhere inside `value`'s
 * objects and arrays) becomes `fig(key)`, so content files quote a limit or a measurement by
 * name instead of typing its number. An unknown key fails the build.
 */
export function quoteFigures<T>(value: T): T {
  if (typeof value === 'string') return value.replace(FIGURE_PLACEHOLDER, (_, key: string) => fig(key)) as T;
  if (Array.isArray(value)) return (value as unknown[]).map((v) => quoteFigures(v)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, quoteFigures(v)])) as T;
  }
  return value;
}
