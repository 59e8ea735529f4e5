/**
 * Claims check over the built site: every percentage, rate, size, pixel dimension and time a
 * visitor reads must be a quotable figure (src/lib/figures.ts: a measured accuracy card, a
 * documented limit, a price) or sit inside a phrase of the allow-list below. "99.5% accuracy"
 * with no measurement behind it fails the build; "10 MB" passes because the image limit that the
 * API enforces is 10 MB. Code samples and JSON examples (`<pre>`, `<code>`) are not copy.
 * Usage: tsx scripts/ci/check-claims.ts [dist]
 */
import { resolve } from 'node:path';
import { builtPages } from '../lib/built-site';
import { normsOf, unsourcedClaims, visibleText, type Unsourced } from '../lib/claims';
import {
  documentedFigures,
  formatPercent,
  loadAccuracyCards,
  measuredFigures,
  type Figure,
} from '../../src/lib/figures';
import type { AccuracyCard } from '../../src/shared/schemas/accuracy';
import { parseCli } from '../lib/cli';

/**
 * Texts the spec fixes and that no measurement or constant can stand behind, each matched as a
 * whole phrase (a figure counts as allowed only inside it). Keep this short; a new entry needs a
 * reason, and a quality figure never belongs here (measure it: npm run eval).
 */
export const ALLOWED_PHRASES: { phrase: RegExp; why: string }[] = [
  // Spec section 9, Pricing: the uptime commitments of the tiers and of the Standard Plan (a
  // contractual promise with a refund, not a measurement). Tier cards print the figure and the
  // words in two cells ("99.9% ¦ uptime SLA").
  {
    phrase: /99\.99?% (?:¦ )?uptime SLA|uptime SLA ¦ 99\.99?%/g,
    why: 'site copy: SLA of the tiers and the Standard Plan',
  },
  // The confidence level of the Wilson intervals the accuracy cards print: a definition of the
  // interval, not a measurement (the bounds themselves come from the cards).
  {
    phrase: /95% (?:Wilson |confidence |score )*intervals?|95% CI\b/g,
    why: "confidence level of the accuracy cards' intervals",
  },
  // Spec section 9: "Sign-up confirmation promises contact within 24 hours".
  {
    phrase: /reply to sign-up requests within 24 hours|within 24 hours/g,
    why: 'site copy: sign-up confirmation promise',
  },
  // The error-level analysis explains its own method: the tile size and the 3x factor are the
  // definition of the `hotTileShare` field (src/server/vision/authenticity/ela.ts), not a claim.
  { phrase: /Share of 16x16 tiles/g, why: 'definition of an ELA response field' },
];

/** Every figure text a page may print from the committed accuracy cards (the card sections render them). */
export function cardFigureTexts(cards: readonly AccuracyCard[]): string[] {
  const out: string[] = [];
  const proportion = (p: { value: number; ci95: [number, number] } | undefined) => {
    if (!p) return;
    out.push(formatPercent(p.value), formatPercent(p.ci95[0]), formatPercent(p.ci95[1]));
  };
  for (const card of cards) {
    out.push(
      card.summary,
      ...card.failure_modes,
      ...card.notes,
      ...card.sets.map((s) => `${s.name} ${s.description}`),
    );
    for (const m of card.metrics) {
      proportion(m);
      out.push(m.label);
    }
    for (const row of card.per_class) [row.precision, row.recall, row.accuracy].forEach(proportion);
    for (const l of card.latency) {
      for (const ms of [l.p50_ms, l.p99_ms])
        out.push(
          `${Math.round(ms)} ms`,
          `${(ms / 1000).toFixed(1)} s`,
          `${(ms / 1000).toFixed(2)} s`,
          `${Math.round(ms / 1000)} s`,
        );
      out.push(l.what);
    }
    for (const s of card.scores) out.push(s.meaning);
  }
  return out;
}

/** The normalised figures the site may state (the registry's, and everything the cards print), and the measured ones among them. */
export function allowedFigures(
  figures: readonly Figure[],
  cards: readonly AccuracyCard[],
): { all: Set<string>; measured: Set<string> } {
  const measured = [
    ...figures.filter((f) => f.source === 'measured').map((f) => f.text),
    ...cardFigureTexts(cards),
  ].flatMap(normsOf);
  return {
    all: new Set([...figures.map((f) => f.text).flatMap(normsOf), ...measured]),
    measured: new Set(measured),
  };
}

export function checkClaims(dist: string): { pages: number; unsourced: (Unsourced & { page: string })[] } {
  const cards = loadAccuracyCards();
  const allowed = allowedFigures([...measuredFigures(cards), ...documentedFigures()], cards);
  const phrases = ALLOWED_PHRASES.map((a) => a.phrase);
  const pages = builtPages(dist);
  const unsourced = pages.flatMap((page) =>
    unsourcedClaims(visibleText(page.html), allowed.all, phrases, allowed.measured).map((u) => ({
      ...u,
      page: page.route,
    })),
  );
  return { pages: pages.length, unsourced };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { positionals } = parseCli('Usage: tsx scripts/ci/check-claims.ts [dist]', {
    allowPositionals: true,
  });
  const dist = resolve(positionals[0] ?? 'dist');
  const { pages, unsourced } = checkClaims(dist);
  for (const u of unsourced) console.error(`UNSOURCED ${u.page}: "${u.raw}" (${u.norm}) in "…${u.context}…"`);
  console.log(
    `claims check: ${pages} pages, ${unsourced.length} figures not from the registry (src/lib/figures.ts) or the allow-list`,
  );
  process.exit(unsourced.length > 0 ? 1 : 0);
}
