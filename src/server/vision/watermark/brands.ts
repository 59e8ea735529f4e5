/**
 * Wordmark logos recognised from their text: a brand list (stock agencies and photo services
 * whose names appear as overlays on previews) matched against what the OCR read. Logos that are
 * pictures without text are not recognised.
 *
 * The rule: a brand is named only when consecutive words of the line spell one of its names
 * exactly, compared without case, accents, spaces or punctuation, and with the glyphs OCR
 * confuses in print (I, l, 1; O, 0) taken as one (an image number may follow,
 * "shutterstock 1234567" or "shutterstock1234567"). No near spelling counts: one edit away from
 * a long name named "stockphoto.example" iStock and "STOCKPHOTO" too, while the true brand read
 * with one wrong letter is still reported as a text watermark, only without a brand. Measured on
 * the watermark evaluation split's lookalike wordings (content/accuracy/watermark-detection.json,
 * `watermark.false_brand_attribution`).
 */

export interface Brand {
  /** Name as reported. */
  name: string;
  /** Spellings that count as this brand (compared without case, spaces or punctuation). */
  aliases?: string[];
}

/** The default list; callers may pass their own. */
export const DEFAULT_BRANDS: readonly Brand[] = [
  // Not "getty" alone: a street, a museum and a family carry the name.
  { name: 'Getty Images', aliases: ['gettyimages'] },
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

export const normalizeText = (s: string): string =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Edit distance, stopping early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        (prev[j] ?? 0) + 1,
        (cur[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
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
  /** Always 1: a brand is named only on an exact (normalised) spelling. */
  similarity: 1;
}

/**
 * Folds the glyphs the OCR confuses in print fonts into one: capital I, lower-case l and the
 * digit 1 (read "lmages" for "Images"), and the letter O and the digit 0. Applied to the text and
 * to the brand names alike, so a match is still exact, up to these look-alike glyphs.
 */
const foldGlyphs = (s: string): string => s.replace(/[l1]/g, 'i').replace(/0/g, 'o');

/** Words of a line, normalised (letters and digits only; anything else separates words). */
const wordsOf = (text: string): string[] =>
  text
    .normalize('NFKD')
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .map(normalizeText)
    .filter((w) => w.length > 0);

/** Longest run of words joined to spell one name ("Getty" + "Images", "AP" + "Photo"). */
const MAX_RUN = 4;

/**
 * The brand a line of text names, if any: consecutive words of the line that spell one of a
 * brand's names exactly (normalised), the last of them optionally followed by digits only.
 */
export function matchBrand(text: string, brands: readonly Brand[] = DEFAULT_BRANDS): BrandMatch | undefined {
  const words = wordsOf(text);
  if (words.length === 0) return undefined;
  const names = brands.map((brand) => ({
    brand,
    names: new Set(
      [brand.name, ...(brand.aliases ?? [])]
        .map((n) => foldGlyphs(normalizeText(n)))
        .filter((n) => n.length >= 2),
    ),
  }));
  for (let i = 0; i < words.length; i++) {
    let run = '';
    for (let j = i; j < Math.min(words.length, i + MAX_RUN); j++) {
      run += words[j];
      const folded = foldGlyphs(run);
      const bare = foldGlyphs(run.replace(/\d+$/, ''));
      for (const { brand, names: spellings } of names) {
        if (spellings.has(folded) || (bare.length < folded.length && spellings.has(bare)))
          return { brand: brand.name, similarity: 1 };
      }
    }
  }
  return undefined;
}
