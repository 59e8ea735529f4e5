import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { accuracyCardSchema, type AccuracyCard } from '../shared/schemas/accuracy';

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

/** Measured figures: each card metric under its key, formatted as a percentage. */
export function measuredFigures(cards = loadAccuracyCards()): Figure[] {
  return cards.flatMap((card) =>
    card.metrics.map((m) => ({ key: m.key, text: formatPercent(m.value), source: 'measured' as const, from: `content/accuracy/${card.api}.json` })),
  );
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
