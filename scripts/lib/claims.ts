/**
 * The claims check's reader: finds every figure a visitor reads in a built page (a percentage,
 * a rate, a size, a pixel dimension, a time) and normalises it, so that "50MB", "50 MB" and
 * "50 megabytes" are one claim, and a registry figure ("10 MB") matches wherever a page prints
 * it. Code (`<pre>`, `<code>`), scripts, styles and SVG are not copy and are skipped; so is
 * anything marked `data-claims="skip"` on its own element (used by nothing by default).
 */

/** One figure found in text. */
export interface Claim {
  /** The figure as the page wrote it, e.g. `1000+ images per minute`. */
  raw: string;
  /** Normalised form compared with the registry, e.g. `1000 /minute`, `50 MB`, `99.5%`. */
  norm: string;
  /** Offset of `raw` in the text it was read from. */
  index: number;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  times: '×',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  ldquo: '“',
  rdquo: '”',
  thinsp: ' ',
  ensp: ' ',
  emsp: ' ',
};

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ent: string) => {
    if (ent[0] === '#') {
      const code = ent[1] === 'x' || ent[1] === 'X' ? parseInt(ent.slice(2), 16) : parseInt(ent.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ent.toLowerCase()] ?? whole;
  });
}

/** Elements whose content is not prose a visitor reads as a claim. */
const SKIPPED = ['script', 'style', 'pre', 'code', 'svg', 'template', 'noscript', 'textarea'];
/** Elements that end a run of text: a figure never spans two of them... */
const BLOCK =
  /^(p|div|li|ul|ol|dl|dt|dd|h[1-6]|section|article|header|footer|nav|main|aside|table|thead|tbody|tr|td|th|caption|figure|figcaption|blockquote|form|label|button|option|select|br|hr|details|summary|fieldset|legend)$/i;

/**
 * The text a visitor reads in a page: the body without code, scripts, styles and SVG, plus the
 * title and the meta description (search results show both). Block elements are joined with
 * " ¦ " so a figure and a label in two cells stay near each other (a stat card prints "10,000"
 * and "requests an hour" in two elements) without words of unrelated paragraphs running together.
 */
export function visibleText(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '';
  const description = /<meta\s+name="description"\s+content="([^"]*)"/i.exec(html)?.[1] ?? '';
  let body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  for (const tag of SKIPPED)
    body = body.replace(new RegExp(`<${tag}\\b[^>]*>[\\s\\S]*?</${tag}>`, 'gi'), ' ');
  body = stripMarked(body);
  body = body.replace(/<\/?([a-zA-Z][a-zA-Z0-9-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>/g, (_, name: string) =>
    BLOCK.test(name) ? ' ¦ ' : ' ',
  );
  body = body.replace(/<!--[\s\S]*?-->/g, ' ');
  return [title, description, body]
    .map((t) =>
      decode(t)
        .replace(/\s+/g, ' ')
        .replace(/(?:\s*¦\s*)+/g, ' ¦ ')
        .trim(),
    )
    .join(' ¦ ');
}

/** Removes elements carrying `data-claims="skip"` (with their content; nesting of the same tag is honoured). */
function stripMarked(html: string): string {
  const open = /<([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*\sdata-claims="skip"[^>]*>/;
  let out = html;
  for (let m = open.exec(out); m; m = open.exec(out)) {
    const name = m[1]!;
    const re = new RegExp(`<(/?)${name}\\b[^>]*>`, 'gi');
    re.lastIndex = m.index + m[0].length;
    let depth = 1;
    let end = out.length;
    for (let t = re.exec(out); t; t = re.exec(out)) {
      depth += t[1] ? -1 : 1;
      if (depth === 0) {
        end = t.index + t[0].length;
        break;
      }
    }
    out = `${out.slice(0, m.index)} ${out.slice(end)}`;
  }
  return out;
}

// A number as copy writes it: 10,000 / 4096 / 0.55 / .5, with an optional currency sign and "+".
const NUM = String.raw`\$?(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?|\.\d+)\+?`;
// "2 to 5", "50-200", "256 and 4096": the unit after the last number applies to each.
const RANGE = String.raw`${NUM}(?:\s?(?:-|–|—|to|and|or)\s?${NUM})*`;

const UNITS: { re: string; unit: string }[] = [
  { re: String.raw`%|\s?per\s?cent\b|\s?percent\b`, unit: '%' },
  { re: String.raw`\s?(?:[kK]B|KiB|kilobytes?)\b`, unit: 'KB' },
  { re: String.raw`\s?(?:MB|MiB|megabytes?)\b`, unit: 'MB' },
  { re: String.raw`\s?(?:GB|GiB|gigabytes?)\b`, unit: 'GB' },
  { re: String.raw`\s?(?:TB|terabytes?)\b`, unit: 'TB' },
  { re: String.raw`\s?(?:MP|megapixels?)\b`, unit: 'MP' },
  { re: String.raw`\s?(?:px|pixels?)\b`, unit: 'px' },
  { re: String.raw`\s?(?:ms|milliseconds?)\b`, unit: 'ms' },
  { re: String.raw`\s?(?:s|secs?|seconds?)\b`, unit: 's' },
  { re: String.raw`\s?(?:mins?|minutes?)\b`, unit: 'min' },
  { re: String.raw`\s?(?:h|hrs?|hours?)\b`, unit: 'h' },
  { re: String.raw`\s?days?\b`, unit: 'days' },
];

const PERIOD = String.raw`(second|sec|s|minute|min|hour|hr|h|day|week|month|mo|year|yr)s?\b`;
const PERIOD_NAME: Record<string, string> = {
  second: 'second',
  sec: 'second',
  s: 'second',
  minute: 'minute',
  min: 'minute',
  hour: 'hour',
  hr: 'hour',
  h: 'hour',
  day: 'day',
  week: 'week',
  month: 'month',
  mo: 'month',
  year: 'year',
  yr: 'year',
};
// "per minute", "a minute", "an hour", "/month", "each day", "every hour".
const PER = String.raw`(?:\s?\/\s?|\s(?:per|an?|each|every)\s)`;
// Up to three words between a number and its "per period": "100 single and 20 batch requests a minute".
const WORDS = String.raw`(?:\s(?:[A-Za-z][\w-]*|¦)){0,3}?`;

/** Turns "10,000" / "$19" / "1000+" into a canonical number text ("10000", "$19", "1000"). */
function canonical(n: string): string {
  const money = n.startsWith('$');
  const value = Number(n.replace(/[$,+]/g, ''));
  return `${money ? '$' : ''}${String(value)}`;
}

const numbersIn = (range: string): string[] =>
  [...range.matchAll(new RegExp(NUM, 'g'))].map((m) => canonical(m[0]));

/**
 * Every figure in `text`, normalised. Rates ("10,000 requests an hour", "requests per hour
 * 10,000", "$20/month") become `<number> /<period>`; percentages, sizes, pixels and times keep
 * their unit (`99.5%`, `50 MB`, `256 px`, `500 ms`, `1.4 s`); "256x256" is `256 px`; "24/7" stays.
 */
export function extractClaims(text: string): Claim[] {
  const out: Claim[] = [];
  const taken: [number, number][] = [];
  const free = (a: number, b: number) => taken.every(([x, y]) => b <= x || a >= y);
  const add = (raw: string, index: number, norms: string[]) => {
    taken.push([index, index + raw.length]);
    for (const norm of norms) out.push({ raw, norm, index });
  };
  const lead = String.raw`(?<![\w.,$])`;

  // 24/7 first: it would otherwise read as "24 per 7".
  for (const m of text.matchAll(/\b24\s?\/\s?7\b|\b24x7\b|round[- ]the[- ]clock/gi))
    add(m[0], m.index, ['24/7']);

  // Times and multipliers written in words: "in about a second", "sub-second", "3x more".
  for (const m of text.matchAll(
    /\b(?:about|under|within|less than|in|around|roughly)\s(?:a|one)\s(second|minute|hour)\b|\bsub-?(second)\b/gi,
  )) {
    add(m[0], m.index, [
      `1 ${({ second: 's', minute: 'min', hour: 'h' } as Record<string, string>)[(m[1] ?? m[2]!).toLowerCase()]}`,
    ]);
  }
  for (const m of text.matchAll(
    new RegExp(
      String.raw`${lead}(\d+(?:\.\d+)?)\s?[x×]\s(?=more|faster|fewer|better|less|cheaper|quicker)`,
      'gi',
    ),
  )) {
    if (free(m.index, m.index + m[0].length)) add(m[0].trim(), m.index, [`${Number(m[1])}x`]);
  }
  // Rates, number first: "10,000 requests an hour", "1000+ images per minute", "$20/month".
  for (const m of text.matchAll(new RegExp(`${lead}(${NUM})${WORDS}${PER}${PERIOD}`, 'gi'))) {
    if (!free(m.index, m.index + m[0].length)) continue;
    add(m[0], m.index, [`${canonical(m[1]!)} /${PERIOD_NAME[m[2]!.toLowerCase()]!}`]);
  }
  // Rates, label first (stat cards): "requests per hour ¦ 10,000", "images per minute 1000+".
  for (const m of text.matchAll(
    new RegExp(
      String.raw`\b(?:per|an?|each|every)\s${PERIOD}\s?¦?\s?(${NUM})(?![\w.%])(?!\s?(?:%|[kKMGT]B|px|ms|s|min|h)\b)`,
      'gi',
    ),
  )) {
    if (!/^(?:per|each|every)/i.test(m[0]) && !/^an?\s(?:second|minute|hour|day|week|month|year)/i.test(m[0]))
      continue;
    if (!free(m.index, m.index + m[0].length)) continue;
    add(m[0], m.index, [`${canonical(m[2]!)} /${PERIOD_NAME[m[1]!.toLowerCase()]!}`]);
  }
  // Dimensions: "256x256", "4096 × 4096" (a square reads as one side).
  for (const m of text.matchAll(
    new RegExp(String.raw`${lead}(\d+)\s?[x×]\s?(\d+)(?:\s?(?:px|pixels?)\b)?`, 'g'),
  )) {
    if (!free(m.index, m.index + m[0].length)) continue;
    const [w, h] = [m[1]!, m[2]!];
    add(m[0], m.index, w === h ? [`${w} px`] : [`${w}x${h} px`]);
  }
  // Figures with a unit, ranges included ("50-200 KB" is 50 KB and 200 KB).
  for (const { re, unit } of UNITS) {
    for (const m of text.matchAll(new RegExp(`${lead}(${RANGE})(?:${re})`, 'g'))) {
      if (!free(m.index, m.index + m[0].length)) continue;
      add(
        m[0],
        m.index,
        numbersIn(m[1]!).map((n) => (unit === '%' ? `${n}%` : `${n} ${unit}`)),
      );
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

/** The normalised figures a registry or allow-list text stands for (each of its claims). */
export function normsOf(text: string): string[] {
  return extractClaims(text).map((c) => c.norm);
}

/** A figure the page states that neither the registry nor the allow-list accounts for. */
export interface Unsourced {
  raw: string;
  norm: string;
  /** About 60 characters around it, for the report. */
  context: string;
}

/** Words that make any figure near them a claim of quality: only a measurement may stand behind one. */
const QUALITY =
  /\b(?:accura\w*|precision|recall|error rate|false (?:positive|negative|attribution)\w*|success rate|detection rate|correctly)\b/i;
/** Comparatives that make the figure right before them a claim ("50% faster", "3x more", "20% fewer"). */
const COMPARATIVE =
  /^(?:faster|quicker|slower|fewer|less|more|better|higher|lower|cheaper|reduction|savings|improvement)\b/i;

/**
 * Whether a claim is one of quality or speed: a percentage or multiplier with a quality word in
 * its block or the blocks beside it (a stat card prints its figure and its label in two
 * elements), or any figure with a comparative right after
 * it or opening the block before it ("faster listing review ¦ 50%", as a stat card's HTML orders them).
 */
function isQualityClaim(text: string, index: number, length: number, norm: string): boolean {
  const before = text.lastIndexOf('¦', index);
  const start = before < 0 ? 0 : text.lastIndexOf('¦', before - 1) + 1;
  const after = text.indexOf('¦', index + length);
  const end = after < 0 ? text.length : text.indexOf('¦', after + 1);
  // Quality words vouch only for proportions: a rate limit in the table above an "Accuracy" heading is not a claim of accuracy.
  if (/[%x]$/.test(norm) && QUALITY.test(text.slice(start, end < 0 ? text.length : end))) return true;
  const next = text.slice(index + length, index + length + 40).replace(/^[\s¦]+/, '');
  const previousBlock = before < 0 ? '' : text.slice(start, before).trim();
  const ownBlockStart = text.slice(before + 1, index).trim();
  return COMPARATIVE.test(next) || (ownBlockStart === '' && COMPARATIVE.test(previousBlock));
}

/**
 * The claims of `text` that are not sourced: not a registry figure (compared normalised) and
 * not inside a phrase of the allow-list. A figure beside words of quality or speed ("50%
 * faster", "99.5% accuracy") must be a measured one: a limit or a price that happens to share
 * its value (the similarity slider's 50%) does not vouch for it.
 */
export function unsourcedClaims(
  text: string,
  registry: ReadonlySet<string>,
  allow: readonly RegExp[],
  measured: ReadonlySet<string> = registry,
): Unsourced[] {
  const allowed: [number, number][] = [];
  for (const re of allow) {
    const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    for (const m of text.matchAll(g)) allowed.push([m.index, m.index + m[0].length]);
  }
  return extractClaims(text)
    .filter((c) => !allowed.some(([a, b]) => c.index >= a && c.index + c.raw.length <= b))
    .filter((c) => !(isQualityClaim(text, c.index, c.raw.length, c.norm) ? measured : registry).has(c.norm))
    .map((c) => ({
      raw: c.raw,
      norm: c.norm,
      context: text.slice(Math.max(0, c.index - 40), c.index + c.raw.length + 25).replace(/\s*¦\s*/g, ' | '),
    }));
}
