/**
 * The generated evaluation set for the watermark analysis (never committed: written under
 * `.data/watermark-eval/`, which git ignores).
 *
 * Bases (clean photos): the site's openly licensed sample photos (public/images/samples, see
 * SOURCES.txt) and, when the shared research set is on the machine, Places365 photos of rooms
 * from `../shared/datasets/rooms` (research use only, upscaled 2x to 512 px; only ever used here,
 * never shipped). From each base the script makes:
 * - the clean photo;
 * - text watermarks: varied text (stock words, names, web addresses, brands), font size, opacity
 *   15-80%, colour, position (corners, centre, anywhere), angle and tiling;
 * - a lookalike: a watermark whose wording resembles a brand without naming it
 *   ("stockphoto.example", "shutterbug", "getty street"), for the false brand-attribution rate;
 * - scene text: an opaque painted sign with a word on it, text that belongs to the picture.
 * Everything is drawn by `overlay.ts` from a seeded random generator, so a run is repeatable.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { recognizeText } from '../../src/server/vision/ocr/ocr';
import { analyzeWatermarks, type WatermarkAnalysis } from '../../src/server/vision/watermark/analyze';
import { drawSigns, drawTextMarks, type TextMarkSpec } from '../../src/server/vision/watermark/overlay';
import { classifyLines, type Box, type Sensitivity } from '../../src/server/vision/watermark/visible';

export type EvalKind = 'clean' | 'watermarked' | 'scene_text';

export interface EvalItem {
  file: string;
  kind: EvalKind;
  base: string;
  /** For watermarked images. */
  mark?: {
    text: string;
    opacity: number;
    fontSize: number;
    angle: number;
    tiled: boolean;
    position: string;
    at: { x: number; y: number };
  };
  sign?: string;
  /** A watermark whose wording resembles a brand of the default list without naming it. */
  lookalike?: boolean;
}

export const EVAL_DIR = resolve('.data/watermark-eval');
/** The tuning split: same recipe, other seeds and other room photos. Tune on it, report on the evaluation set. */
export const TUNE_DIR = resolve('.data/watermark-tune');

export type EvalSplit = 'eval' | 'tune';
const SEEDS: Record<EvalSplit, { marks: number; rooms: number; lookalikes: number }> = {
  eval: { marks: 2024, rooms: 7, lookalikes: 4242 },
  tune: { marks: 90210, rooms: 31, lookalikes: 1717 },
};
export const splitDir = (split: EvalSplit): string => (split === 'eval' ? EVAL_DIR : TUNE_DIR);

/** Mulberry32: small, seeded, good enough for picking test cases. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MARK_TEXTS = [
  'SAMPLE',
  'PREVIEW',
  '© Marta Kowalski',
  'stock.example',
  'Blue Heron Studio',
  'DRAFT',
  'www.lumenphoto.net',
  'Photo by Alex Moreau',
  'Harbour Lights',
  'PROOF',
  '@northlight_images',
  'Getty Images',
  'Shutterstock',
  'Jonas Berg 2024',
  'Alamy',
  'Kestrel Media',
  'COPYRIGHT',
  'dreamstime',
  'Oak & Ash',
  'Sunday Press',
];
/**
 * Wordings that resemble brands of the default list without naming them (a stock-looking
 * address, a hobby name, a street): marked with them, a photo must never be attributed to a brand.
 * Drawn from their own seeded stream, so the rest of a split is unchanged by them.
 */
export const LOOKALIKE_TEXTS = [
  'stockphoto.example',
  'STOCKPHOTO',
  'shutterbug',
  'getty street',
  'Shutter Studio',
  'istanbul photo',
  'Alamo Images',
  'dreamtime media',
  'Pexel Art',
  'stockyard.example',
  'Freepick Design',
  'Adobe Home',
  'Pond 6 Films',
  'Unsplashed',
];
const SIGN_TEXTS = [
  'OPEN',
  'MAIN STREET',
  'CAFE ROMA',
  'EXIT',
  'BAKERY',
  'NO PARKING',
  'HOTEL',
  'PHARMACY',
  'BUS STOP',
  'LIBRARY',
];
const PLATES: [string, string][] = [
  ['#1d5e2c', '#ffffff'],
  ['#f4f1e8', '#1a1a1a'],
  ['#b3261e', '#ffffff'],
  ['#1f3f8a', '#ffffff'],
  ['#f2c230', '#111111'],
];
const COLORS = ['#ffffff', '#ffffff', '#ffffff', '#000000', '#808080'];
/** Opacity bands of the report (lower bound inclusive). */
export const OPACITY_BANDS: [number, number][] = [
  [0.15, 0.3],
  [0.3, 0.5],
  [0.5, 0.8001],
];

/** Room photos a split draws (the tuning split never draws one the evaluation set uses). */
function pickRooms(
  files: readonly string[],
  count: number,
  seed: number,
  exclude: ReadonlySet<string>,
): Set<string> {
  const pick = rng(seed);
  const chosen = new Set<string>();
  const available = files.filter((f) => !exclude.has(f)).length;
  while (chosen.size < Math.min(count, available)) {
    const f = files[Math.floor(pick() * files.length)] as string;
    if (!exclude.has(f)) chosen.add(f);
  }
  return chosen;
}

async function bases(limit: number, split: EvalSplit): Promise<{ name: string; bytes: Buffer }[]> {
  const out: { name: string; bytes: Buffer }[] = [];
  const samples = [
    'astronaut.jpg',
    'cat-chelsea.jpg',
    'coffee-cup.jpg',
    'rocket-launch.jpg',
    'od-dog-bicycle.jpg',
    'od-horses.jpg',
  ];
  for (const s of samples) out.push({ name: s, bytes: await readFile(join('public/images/samples', s)) });
  const rooms = resolve('../shared/datasets/rooms/images');
  if (existsSync(rooms)) {
    const files = (await readdir(rooms)).filter((f) => f.startsWith('pl')).sort();
    const count = limit - out.length;
    const evalRooms = pickRooms(files, count, SEEDS.eval.rooms, new Set());
    const chosen = split === 'eval' ? evalRooms : pickRooms(files, count, SEEDS[split].rooms, evalRooms);
    for (const f of [...chosen].sort()) {
      const bytes = await sharp(join(rooms, f))
        .resize(512, 512, { kernel: 'lanczos3' })
        .jpeg({ quality: 90 })
        .toBuffer();
      out.push({ name: `rooms/${f}`, bytes });
    }
  }
  return out.slice(0, limit);
}

/** Width in pixels of `text` as overlay.ts draws it (bold DejaVu Sans at `fontSize`), measured by rendering it. */
async function drawnWidth(text: string, fontSize: number): Promise<number> {
  const w = Math.ceil(fontSize * (text.length + 2));
  const h = Math.ceil(fontSize * 2);
  const escaped = text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#fff"/><text x="${fontSize}" y="${fontSize * 1.3}" font-family="DejaVu Sans" font-weight="bold" font-size="${fontSize}" fill="#000">${escaped}</text></svg>`;
  const { info } = await sharp(Buffer.from(svg))
    .flatten({ background: '#fff' })
    .trim()
    .toBuffer({ resolveWithObject: true });
  return info.width;
}

/**
 * A single (untiled) mark made to fit the image: the generator used to draw long texts at large
 * sizes, and corner credits around an anchor near the edge, partly off the image, where no
 * reader could find the missing letters. The font shrinks until the rotated text fits inside a
 * 2% margin, then the anchor moves inward just enough. Consumes no random numbers, so every
 * other case of a split stays as it was.
 */
export async function fitInside(
  text: string,
  fontSize: number,
  angle: number,
  at: { x: number; y: number },
  width: number,
  height: number,
): Promise<{ fontSize: number; at: { x: number; y: number } }> {
  const a = (Math.abs(angle) * Math.PI) / 180;
  const margin = 0.02 * Math.min(width, height);
  const extent = (tw: number, fs: number): [number, number] => [
    (tw * Math.cos(a) + fs * Math.sin(a)) / 2,
    (tw * Math.sin(a) + fs * Math.cos(a)) / 2,
  ];
  let [hx, hy] = extent(await drawnWidth(text, fontSize), fontSize);
  const shrink = Math.min(1, (width / 2 - margin) / hx, (height / 2 - margin) / hy);
  if (shrink < 1) {
    fontSize = Math.max(8, Math.floor(fontSize * shrink));
    [hx, hy] = extent(await drawnWidth(text, fontSize), fontSize);
  }
  const cx = Math.min(Math.max(at.x * width, hx + margin), width - hx - margin);
  const cy = Math.min(Math.max(at.y * height, hy + margin), height - hy - margin);
  return { fontSize, at: { x: cx / width, y: cy / height } };
}

/** Writes the set (unless its manifest exists) and returns its items. */
export async function ensureEvalSet(
  opts: { bases?: number; marksPerBase?: number; force?: boolean; split?: EvalSplit } = {},
): Promise<EvalItem[]> {
  const split = opts.split ?? 'eval';
  const dir = splitDir(split);
  const manifest = join(dir, 'manifest.json');
  if (!opts.force && existsSync(manifest)) return JSON.parse(await readFile(manifest, 'utf8')) as EvalItem[];
  await mkdir(dir, { recursive: true });
  const items: EvalItem[] = [];
  const rand = rng(SEEDS[split].marks);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const look = rng(SEEDS[split].lookalikes);
  const pickLook = <T>(list: readonly T[]): T => list[Math.floor(look() * list.length)] as T;
  const all = await bases(opts.bases ?? 40, split);
  let n = 0;
  const save = async (bytes: Buffer, item: Omit<EvalItem, 'file'>): Promise<void> => {
    const file = `${String(n++).padStart(4, '0')}-${item.kind}.jpg`;
    await writeFile(join(dir, file), bytes);
    items.push({ file, ...item });
  };
  for (const base of all) {
    const meta = await sharp(base.bytes).metadata();
    const width = meta.width ?? 512;
    await save(await sharp(base.bytes).jpeg({ quality: 92 }).toBuffer(), { kind: 'clean', base: base.name });
    for (let k = 0; k < (opts.marksPerBase ?? 4); k++) {
      const band = OPACITY_BANDS[k % OPACITY_BANDS.length] as [number, number];
      const opacity = Math.round((band[0] + rand() * (Math.min(0.8, band[1]) - band[0])) * 100) / 100;
      const text = pick(MARK_TEXTS);
      const tiled = rand() < 0.25;
      const position = tiled ? 'tiled' : pick(['corner', 'corner', 'centre', 'anywhere']);
      let at =
        position === 'corner'
          ? { x: pick([0.22, 0.78]), y: pick([0.08, 0.92]) }
          : position === 'centre'
            ? { x: 0.5, y: 0.5 }
            : { x: 0.25 + rand() * 0.5, y: 0.15 + rand() * 0.7 };
      let fontSize = Math.round(
        width *
          (position === 'corner'
            ? 0.03 + rand() * 0.025
            : tiled
              ? 0.04 + rand() * 0.03
              : 0.05 + rand() * 0.07),
      );
      const angle = position === 'corner' ? 0 : pick([0, 0, -15, -30, -45, 20]);
      if (!tiled)
        ({ fontSize, at } = await fitInside(text, fontSize, angle, at, width, meta.height ?? width));
      const spec: TextMarkSpec = {
        text,
        fontSize,
        opacity,
        color: pick(COLORS),
        at,
        angle,
        ...(tiled && { tile: { dx: 0.45, dy: 0.28 } }),
      };
      await save(await drawTextMarks(base.bytes, [spec]), {
        kind: 'watermarked',
        base: base.name,
        mark: { text, opacity, fontSize, angle, tiled, position, at },
      });
    }
    // One lookalike wording per base, from its own stream: corner credit or large diagonal overlay.
    {
      const text = pickLook(LOOKALIKE_TEXTS);
      const opacity = Math.round((0.3 + look() * 0.4) * 100) / 100;
      const position = look() < 0.5 ? 'corner' : 'centre';
      const angle = position === 'corner' ? 0 : -30;
      let at =
        position === 'corner'
          ? { x: look() < 0.5 ? 0.22 : 0.78, y: look() < 0.5 ? 0.08 : 0.92 }
          : { x: 0.5, y: 0.5 };
      let fontSize = Math.round(
        width * (position === 'corner' ? 0.03 + look() * 0.02 : 0.07 + look() * 0.04),
      );
      ({ fontSize, at } = await fitInside(text, fontSize, angle, at, width, meta.height ?? width));
      const spec: TextMarkSpec = { text, fontSize, opacity, color: '#ffffff', at, angle };
      await save(await drawTextMarks(base.bytes, [spec]), {
        kind: 'watermarked',
        base: base.name,
        lookalike: true,
        mark: { text, opacity, fontSize, angle, tiled: false, position, at },
      });
    }
    const [plate, ink] = pick(PLATES);
    const sign = pick(SIGN_TEXTS);
    await save(
      await drawSigns(base.bytes, [
        {
          text: sign,
          at: { x: 0.3 + rand() * 0.4, y: 0.3 + rand() * 0.4 },
          fontSize: Math.round(width * (0.035 + rand() * 0.03)),
          plate,
          ink,
          angle: pick([0, 0, -4, 3]),
          shade: 0.15 + rand() * 0.25,
        },
      ]),
      { kind: 'scene_text', base: base.name, sign },
    );
  }
  await writeFile(manifest, JSON.stringify(items, null, 1));
  return items;
}

/** One image of a split, analysed (detect_type all, medium, invisible included), with its time. */
export interface EvalRun {
  item: EvalItem;
  analysis: WatermarkAnalysis;
  ms: number;
}

/** Loads the OCR models (outside any timing; returns the load time) and analyses every item. */
export async function runEvalSet(
  items: readonly EvalItem[],
  dir: string,
): Promise<{ runs: EvalRun[]; loadMs: number }> {
  const loadStart = performance.now();
  await recognizeText({ data: new Uint8Array(32 * 32 * 3), width: 32, height: 32 });
  const loadMs = performance.now() - loadStart;
  const runs: EvalRun[] = [];
  for (const item of items) {
    const bytes = await readFile(join(dir, item.file));
    const t = performance.now();
    const analysis = await analyzeWatermarks(bytes, {
      detectType: 'all',
      sensitivity: 'medium',
      includeInvisible: true,
    });
    runs.push({ item, analysis, ms: performance.now() - t });
  }
  return { runs, loadMs };
}

/** Does a reported box hold the drawn mark (its centre, with a margin)? Tiled marks count anywhere. */
export function hits(item: EvalItem, boxes: Box[], width: number, height: number): boolean {
  if (!item.mark) return false;
  if (item.mark.tiled) return boxes.length > 0;
  const x = item.mark.at.x * width;
  const y = item.mark.at.y * height;
  const m = item.mark.fontSize * 1.5;
  return boxes.some((b) => x >= b.x - m && x <= b.x + b.width + m && y >= b.y - m && y <= b.y + b.height + m);
}

/** The boxes reported at a sensitivity (the set's images are at most 640 px: evidence boxes are in their pixels). */
export function decide(run: EvalRun, sensitivity: Sensitivity): Box[] {
  return classifyLines(run.analysis.evidence, { sensitivity, scale: 1 }).watermarks.map((w) => w.location);
}

/** Is the run's drawn mark found at a sensitivity? */
export const found = (run: EvalRun, sensitivity: Sensitivity = 'medium'): boolean =>
  hits(run.item, decide(run, sensitivity), run.analysis.width, run.analysis.height);

/** The brands of the default list that MARK_TEXTS name (truth, independent of the matching rule). */
const BRAND_OF_MARK: Record<string, string> = {
  'Getty Images': 'Getty Images',
  Shutterstock: 'Shutterstock',
  Alamy: 'Alamy',
  dreamstime: 'Dreamstime',
};

/** The brand the drawn mark names, if any (lookalikes name none). */
export const drawnBrand = (item: EvalItem): string | undefined =>
  item.mark && !item.lookalike ? BRAND_OF_MARK[item.mark.text] : undefined;

/** Brands the analysis named that the image does not carry: false attributions. */
export function falseBrands(run: EvalRun): string[] {
  const truth = drawnBrand(run.item);
  return [...new Set(run.analysis.logos.map((l) => l.brand))].filter((b) => b !== truth);
}
