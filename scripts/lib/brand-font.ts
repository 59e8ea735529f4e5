/**
 * The brand font as the site ships it: Inter's Latin file from @fontsource-variable/inter cut to
 * the characters the site writes and the weights it uses. Fontsource's Latin file carries the
 * whole 100-900 axis and ~390 characters (48 KB); this one carries 400-700 and ~120 characters
 * (22 KB), preloaded on every page, so it costs a slow phone about half the time before the
 * text settles. Characters outside it (names with accents in user content, other scripts) draw
 * in the metric-matched fallback face declared in global.css.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);

/** Where the subset and its @font-face rule are written (both committed; `npm run font` remakes them). */
export const FONT_FILE = 'src/assets/fonts/inter-latin-400-700.woff2';
export const FONT_CSS = 'src/styles/brand-font.css';

/** The weights the design uses: normal, medium, semibold, bold (headings and <strong>). */
export const WEIGHTS = { min: 400, max: 700 } as const;

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Printable ASCII plus the typographic characters the copy uses: no-break space, (c), (R),
 * degree, middle dot, times, en/em dash, curly quotes, bullet, ellipsis, up/down arrows, minus,
 * euro, trade mark. (Fontsource's Latin file has no left/right arrow or almost-equal sign: those
 * draw in the fallback face, as they always have.)
 */
export const CODE_POINTS: readonly number[] = [
  ...range(0x20, 0x7e),
  0xa0,
  0xa9,
  0xae,
  0xb0,
  0xb7,
  0xd7,
  0x2013,
  0x2014,
  0x2018,
  0x2019,
  0x201c,
  0x201d,
  0x2022,
  0x2026,
  0x2191,
  0x2193,
  0x2212,
  0x20ac,
  0x2122,
];

/** CSS unicode-range for a sorted list of code points, runs joined as `U+20-7E`. */
export function unicodeRange(points: readonly number[]): string {
  const sorted = [...new Set(points)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    const hex = (n: number) => n.toString(16).toUpperCase();
    parts.push(j > i ? `U+${hex(sorted[i]!)}-${hex(sorted[j]!)}` : `U+${hex(sorted[i]!)}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/** The subset font (woff2 bytes) from fontsource's Latin variable file. */
export async function makeBrandFont(): Promise<Buffer> {
  const source = readFileSync(
    require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'),
  );
  return subsetFont(source, String.fromCodePoint(...CODE_POINTS), {
    targetFormat: 'woff2',
    variationAxes: { wght: { min: WEIGHTS.min, max: WEIGHTS.max } },
  });
}

/** The @font-face rule for the subset: its weights and exactly its characters. */
export function brandFontCss(): string {
  return `/* Written by \`npm run font\` (scripts/data/make-font.ts): the subset of Inter the site ships. Do not edit. */
@font-face {
  font-family: 'Inter Variable';
  font-style: normal;
  font-display: swap;
  font-weight: ${WEIGHTS.min} ${WEIGHTS.max};
  src: url('../assets/fonts/inter-latin-400-700.woff2') format('woff2-variations');
  unicode-range: ${unicodeRange(CODE_POINTS)};
}
`;
}
