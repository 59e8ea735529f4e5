import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { accuracyCardSchema, type AccuracyCard, type Proportion } from '../shared/schemas/accuracy';

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
    const pct = (key: string, value: number): Figure => ({ key, text: formatPercent(value), source: 'measured', from });
    const withInterval = (key: string, p: Proportion): Figure[] => [pct(key, p.value), pct(`${key}.ci95_low`, p.ci95[0]), pct(`${key}.ci95_high`, p.ci95[1])];
    const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
    return [
      ...card.metrics.flatMap((m) => withInterval(m.key, m)),
      ...card.per_class.flatMap((row) =>
        (['precision', 'recall', 'accuracy'] as const).flatMap((kind) => {
          const p = row[kind];
          return p ? withInterval(`${card.api}.class.${slug(row.set)}.${slug(row.label)}.${kind}`, p) : [];
        }),
      ),
      ...card.latency.flatMap((l, i) => [
        { key: `${card.api}.latency.${slug(l.set)}.${i}.p50_ms`, text: formatMs(l.p50_ms), source: 'measured' as const, from },
        { key: `${card.api}.latency.${slug(l.set)}.${i}.p99_ms`, text: formatMs(l.p99_ms), source: 'measured' as const, from },
      ]),
    ];
  });
}

/** Documented limits and prices (filled in beside the constants that define them). */
export function documentedFigures(): Figure[] {
  return [];
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
  if (!figure) throw new Error(`No quotable figure "${key}": measure it (npm run eval) or add the documented limit to src/lib/figures.ts`);
  return figure.text;
}
