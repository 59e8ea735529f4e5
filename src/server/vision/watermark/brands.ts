/**
 * Wordmark logos recognised from their text: a brand list (stock agencies and photo services
 * whose names appear as overlays on previews) matched against what the OCR read. Logos that are
 * pictures without text are not recognised.
 */

export interface Brand {
  /** Name as reported. */
  name: string;
  /** Spellings that count as this brand (compared without case, spaces or punctuation). */
  aliases?: string[];
}

/** The default list; callers may pass their own. */
export const DEFAULT_BRANDS: readonly Brand[] = [
  { name: 'Getty Images', aliases: ['gettyimages', 'getty'] },
  { name: 'iStock', aliases: ['istock', 'istockphoto'] },
  { name: 'Shutterstock' },
  { name: 'Adobe Stock', aliases: ['adobestock'] },
  { name: 'Alamy' },
  { name: 'Dreamstime' },
  { name: '123RF' },
  { name: 'Depositphotos' },
  { name: 'Pond5' },
  { name: 'Freepik' },
  { name: 'Envato', aliases: ['envatoelements'] },
  { name: 'Vecteezy' },
  { name: 'Stocksy' },
  { name: 'Bigstock', aliases: ['bigstockphoto'] },
  { name: 'Can Stock Photo', aliases: ['canstockphoto'] },
  { name: 'Fotolia' },
  { name: 'Pixabay' },
  { name: 'Unsplash' },
  { name: 'Pexels' },
  { name: 'Reuters' },
  { name: 'AP Photo', aliases: ['apphoto'] },
];

export const normalizeText = (s: string): string => s.toLowerCase().normalize('NFKD').replace(/[^\p{L}\p{N}]/gu, '');

/** Edit distance, stopping early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] ?? max + 1;
}

export interface BrandMatch {
  brand: string;
  /** 1 for an exact spelling, lower for a near miss (one OCR error in a long name). */
  similarity: number;
}

/**
 * The brand a line of text names, if any: an alias contained in the text, or a word of the text
 * one edit away from an alias of 6+ characters.
 */
export function matchBrand(text: string, brands: readonly Brand[] = DEFAULT_BRANDS): BrandMatch | undefined {
  const whole = normalizeText(text);
  if (whole.length < 3) return undefined;
  const words = text.split(/[\s.,;:/|]+/).map(normalizeText).filter((w) => w.length >= 3);
  let best: BrandMatch | undefined;
  for (const brand of brands) {
    for (const alias of [brand.name, ...(brand.aliases ?? [])].map(normalizeText)) {
      if (alias.length < 3) continue;
      // Short names must be a word of their own ("alamy"), long ones may be part of a run.
      const exact = alias.length >= 6 ? whole.includes(alias) : words.includes(alias) || whole === alias;
      if (exact) return { brand: brand.name, similarity: 1 };
      if (alias.length >= 6) {
        // Near misses only between long strings: a common short word ("stock") is no brand.
        for (const w of [whole, ...words].filter((x) => x.length >= 6)) {
          if (editDistance(w, alias, 1) <= 1 && (!best || best.similarity < 0.85)) best = { brand: brand.name, similarity: 0.85 };
        }
      }
    }
  }
  return best;
}
