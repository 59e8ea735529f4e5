/**
 * Captions composed from real analysis, never written by a model: the room or scene (from
 * `classifyRoom`), the objects with counts and rough positions (CenterNet detections), the people
 * count, text read by the OCR engine, and the colours and light of the pixels. Each style is its
 * own phrasing of the same facts:
 * - descriptive: a plain inventory in full sentences;
 * - creative: figurative verbs and images ("warm light spills across...");
 * - technical: labelled, measured values (scores, percentages, luminance, pixel size);
 * - emotional: the mood the light and colours set, and how the place feels.
 * The word limit picks how much detail goes in (how many object groups, colour shares), and a
 * caption still longer than the limit is cut there and ends with an ellipsis.
 *
 * What a caption never does: name a room the classifier did not pick over `other` with at least
 * `ROOM_MIN_SCORE` (a cat, a cup or a street is not "a bedroom"), or name an object scoring
 * below its class's calibrated threshold (the detector's per-class thresholds, read from
 * `../checks`, so a retuned threshold applies here too). Counts read grammatically for 0, 1 and
 * many ("no objects", "one object", "two objects").
 */
import type { CaptionStyleValue } from '../../../shared/schemas/caption';
import { photoThreshold } from '../checks';
import type { RoomScore } from '../rooms/classifier';
import type { PixelSummary } from '../scene/pixels';

export interface CaptionFacts {
  width: number;
  height: number;
  detections: readonly {
    label: string;
    confidence: number;
    box: readonly [number, number, number, number];
  }[];
  rooms: readonly RoomScore[];
  pixels: PixelSummary;
  /** Lines of text read in the image, in reading order (absent when not read). */
  text?: readonly { text: string; confidence: number }[] | undefined;
}

export interface ComposedCaption {
  caption: string;
  /** Words, the ellipsis not counted. */
  wordCount: number;
  /** Mean confidence of the parts the caption rests on, 0-1. */
  confidence: number;
  /** ISO 639-1 language of the text read, `und` when unclear, `none` when no text was read. */
  language: string;
  /** What the caption names, for evaluation (scripts/eval/image-captioning.ts); not in the API answer. */
  named: { room: string | undefined; objects: string[] };
}

/** A room named by the classifier with at least this score; below it the caption names a scene. */
export const ROOM_MIN_SCORE = 0.5;
/** Confidence given to a caption that rests on pixels only (no room, object or text). */
const PIXELS_ONLY_CONFIDENCE = 0.3;

const ROOM_NAMES: Record<string, string> = {
  kitchen: 'kitchen',
  bathroom: 'bathroom',
  bedroom: 'bedroom',
  living_room: 'living room',
  dining_room: 'dining room',
  office: 'office',
};

const VEHICLES = new Set([
  'car',
  'bus',
  'truck',
  'train',
  'motorcycle',
  'bicycle',
  'airplane',
  'boat',
  'traffic light',
  'stop sign',
  'fire hydrant',
  'parking meter',
]);
const ANIMALS = new Set([
  'bird',
  'cat',
  'dog',
  'horse',
  'sheep',
  'cow',
  'elephant',
  'bear',
  'zebra',
  'giraffe',
]);

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const countWord = (n: number): string => NUMBER_WORDS[n] ?? String(n);

const IRREGULAR_PLURALS: Record<string, string> = {
  person: 'people',
  mouse: 'mice',
  sheep: 'sheep',
  knife: 'knives',
  'wine glass': 'wine glasses',
  bus: 'buses',
  couch: 'couches',
  sandwich: 'sandwiches',
  skis: 'skis',
  'hair drier': 'hair driers',
};
const plural = (label: string): string =>
  IRREGULAR_PLURALS[label] ?? (/(s|x|ch|sh)$/.test(label) ? `${label}es` : `${label}s`);
const article = (word: string): string => (/^[aeiou]/i.test(word) ? 'an' : 'a');
/** "no chairs", "a chair", "two chairs". */
export const counted = (label: string, n: number): string =>
  n === 1 ? `${article(label)} ${label}` : `${countWord(n)} ${plural(label)}`;
/** "no objects", "one object", "two objects": a count as a number word. */
export const countedNumber = (label: string, n: number): string =>
  `${countWord(n)} ${n === 1 ? label : plural(label)}`;

/** "a, b and c". */
export function listing(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export type Position =
  | 'upper left'
  | 'top'
  | 'upper right'
  | 'left'
  | 'centre'
  | 'right'
  | 'lower left'
  | 'bottom'
  | 'lower right';

/** Where a box's centre falls in a 3x3 grid of the image. */
export function positionOf(
  box: readonly [number, number, number, number],
  width: number,
  height: number,
): Position {
  const cx = (box[0] + box[2] / 2) / width;
  const cy = (box[1] + box[3] / 2) / height;
  const col = cx < 0.36 ? 0 : cx > 0.64 ? 2 : 1;
  const row = cy < 0.36 ? 0 : cy > 0.64 ? 2 : 1;
  const grid: Position[][] = [
    ['upper left', 'top', 'upper right'],
    ['left', 'centre', 'right'],
    ['lower left', 'bottom', 'lower right'],
  ];
  return grid[row]?.[col] ?? 'centre';
}

const where = (p: Position): string =>
  p === 'centre'
    ? 'in the centre'
    : p === 'top'
      ? 'at the top'
      : p === 'bottom'
        ? 'at the bottom'
        : p === 'left' || p === 'right'
          ? `on the ${p}`
          : `in the ${p}`;

interface ObjectGroup {
  label: string;
  count: number;
  /** Best score in the group. */
  confidence: number;
  /** Position of the group's largest member. */
  position: Position;
  /** Largest member's share of the image area. */
  area: number;
}

/** Detections grouped by class (people apart), biggest presence first. */
export function groupObjects(facts: CaptionFacts): ObjectGroup[] {
  const groups = new Map<string, ObjectGroup>();
  const imageArea = facts.width * facts.height || 1;
  for (const d of facts.detections) {
    const area = (d.box[2] * d.box[3]) / imageArea;
    const g = groups.get(d.label);
    if (!g)
      groups.set(d.label, {
        label: d.label,
        count: 1,
        confidence: d.confidence,
        position: positionOf(d.box, facts.width, facts.height),
        area,
      });
    else {
      g.count++;
      g.confidence = Math.max(g.confidence, d.confidence);
      if (area > g.area) {
        g.area = area;
        g.position = positionOf(d.box, facts.width, facts.height);
      }
    }
  }
  return [...groups.values()].sort(
    (a, b) => b.area * b.confidence - a.area * a.confidence || a.label.localeCompare(b.label),
  );
}

export interface Scene {
  noun: string;
  /** The room named, when the classifier picked one over `other` with at least ROOM_MIN_SCORE. */
  room: RoomScore | undefined;
  /** A class the noun already names ("photo of a cat"): not listed again among the objects. */
  subject?: string;
}

/** What the photo is of: a room the classifier is sure of, else a scene named from the objects. */
export function sceneOf(facts: CaptionFacts): Scene {
  const top = facts.rooms[0];
  if (top && top.label !== 'other' && top.score >= ROOM_MIN_SCORE && ROOM_NAMES[top.label])
    return { noun: ROOM_NAMES[top.label] ?? 'room', room: top };
  const labels = new Set(facts.detections.map((d) => d.label));
  if ([...labels].some((l) => VEHICLES.has(l))) return { noun: 'street scene', room: undefined };
  const animals = [...labels].filter((l) => ANIMALS.has(l));
  if (animals.length === 1 && animals[0]) {
    const n = facts.detections.filter((d) => d.label === animals[0]).length;
    return { noun: `photo of ${counted(animals[0], n)}`, room: undefined, subject: animals[0] };
  }
  if (animals.length > 1) return { noun: 'scene of animals', room: undefined };
  const people = facts.detections.filter((d) => d.label === 'person').length;
  if (people === 1 && labels.size <= 2) return { noun: 'portrait', room: undefined };
  return { noun: 'scene', room: undefined };
}

const HAN = /\p{Script=Han}/u;
const STOPWORDS: Record<string, readonly string[]> = {
  en: ['the', 'and', 'of', 'to', 'for', 'in', 'on', 'is', 'with', 'sale', 'open', 'no', 'exit', 'stop'],
  de: ['der', 'die', 'das', 'und', 'mit', 'für', 'nicht', 'ist', 'zu'],
  fr: ['le', 'la', 'les', 'et', 'des', 'pour', 'avec', 'est', 'une'],
  es: ['el', 'los', 'las', 'y', 'para', 'con', 'es', 'una', 'por'],
};

/** Language of the text read: Han script is `zh`; Latin text by stop words, else `und`. */
export function detectLanguage(lines: readonly string[]): string {
  const text = lines.join(' ');
  if (!/[\p{L}]/u.test(text)) return 'none';
  if (HAN.test(text)) return 'zh';
  const words = text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  let best = 'und';
  let bestHits = 0;
  for (const [lang, list] of Object.entries(STOPWORDS)) {
    const hits = words.filter((w) => list.includes(w)).length;
    if (hits > bestHits) {
      best = lang;
      bestHits = hits;
    }
  }
  return best;
}

/** Cuts `text` at `maxWords` words, ending with an ellipsis when anything was cut. */
export function cutAtWords(text: string, maxWords: number): { text: string; words: number } {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length <= maxWords) return { text: words.join(' '), words: words.length };
  const kept = words.slice(0, maxWords);
  const last = (kept.pop() ?? '').replace(/[.,;:!?]+$/, '');
  return { text: `${[...kept, last].join(' ')}...`, words: maxWords };
}

const colourWords = (p: PixelSummary, n: number): string[] => p.colours.slice(0, n).map((c) => c.name);
const pct = (x: number): string => `${Math.round(x * 100)}%`;
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

interface Parts {
  scene: Scene;
  groups: ObjectGroup[];
  people: number;
  text: string[];
  detail: number;
}

/** How many object groups and colours a caption of `maxWords` words has room for. */
const detailFor = (maxWords: number): number => (maxWords <= 50 ? 3 : maxWords <= 100 ? 5 : 8);

function descriptive(f: CaptionFacts, p: Parts): string[] {
  const s: string[] = [];
  const things = p.groups
    .filter((g) => g.label !== 'person' && g.label !== p.scene.subject)
    .slice(0, p.detail);
  const subject = p.scene.subject ? p.groups.find((g) => g.label === p.scene.subject) : undefined;
  const head = things.length
    ? `${cap(article(p.scene.noun))} ${p.scene.noun}${subject ? ` ${where(subject.position)},` : ''} with ${listing(things.map((g) => `${counted(g.label, g.count)} ${where(g.position)}`))}.`
    : subject
      ? `${cap(article(p.scene.noun))} ${p.scene.noun} ${where(subject.position)}.`
      : `${cap(article(p.scene.noun))} ${p.scene.noun} with no clearly recognisable objects.`;
  s.push(head);
  if (p.people > 0)
    s.push(
      p.people === 1
        ? 'One person is in the picture.'
        : `${cap(countWord(p.people))} people are in the picture.`,
    );
  const colours = colourWords(f.pixels, p.detail > 3 ? 3 : 2);
  if (colours.length)
    s.push(
      `The colours are mostly ${listing(colours)}, under ${f.pixels.light} ${f.pixels.warmth === 'neutral' ? '' : `${f.pixels.warmth} `}light.`.replace(
        '  ',
        ' ',
      ),
    );
  if (p.text.length) s.push(`Visible text reads ${listing(p.text.map((t) => `"${t}"`))}.`);
  const total = p.groups.reduce((n, g) => n + g.count, 0);
  if (p.detail > 5 && total > things.length)
    s.push(`In all, ${countedNumber('object', total)} ${total === 1 ? 'was' : 'were'} recognised.`);
  return s;
}

/** Verbs for one thing and for several. */
const CREATIVE_VERBS: readonly (readonly [string, string])[] = [
  ['waits', 'wait'],
  ['stands', 'stand'],
  ['rests', 'rest'],
  ['sits', 'sit'],
  ['keeps watch', 'keep watch'],
  ['lingers', 'linger'],
  ['leans', 'lean'],
  ['settles', 'settle'],
];
const LIGHT_IMAGES: Record<string, string> = {
  dark: 'Shadows gather over',
  dim: 'Soft, low light settles over',
  balanced: 'Even light falls across',
  bright: 'Bright light floods',
};

function creative(f: CaptionFacts, p: Parts): string[] {
  const s: string[] = [];
  const colours = colourWords(f.pixels, 2);
  const warmth = f.pixels.warmth === 'warm' ? 'warm ' : f.pixels.warmth === 'cool' ? 'cool ' : '';
  const palette = colours.length ? `a ${listing(colours)} ` : 'a ';
  // A room is named; any other photo is a "scene" here (its subjects follow).
  const setting = p.scene.room ? p.scene.noun : 'scene';
  s.push(
    `${LIGHT_IMAGES[f.pixels.light] ?? 'Light falls across'} ${palette}${setting}${warmth ? `, its tones ${warmth.trim()}` : ''}.`,
  );
  const things = p.groups.filter((g) => g.label !== 'person').slice(0, p.detail);
  things.forEach((g, i) => {
    const [one, many] = CREATIVE_VERBS[i % CREATIVE_VERBS.length] ?? ['rests', 'rest'];
    const subject =
      g.count === 1 ? `${cap(article(g.label))} ${g.label}` : `${cap(countWord(g.count))} ${plural(g.label)}`;
    s.push(`${subject} ${g.count === 1 ? one : many} ${where(g.position)}.`);
  });
  if (p.people > 0)
    s.push(
      p.people === 1
        ? 'A lone figure gives the frame its story.'
        : `${cap(countWord(p.people))} figures share the moment.`,
    );
  if (p.text.length) s.push(`Words catch the eye: ${listing(p.text.map((t) => `"${t}"`))}.`);
  if (!things.length && !p.people)
    s.push('Nothing in particular claims the stage; the light and colour do the talking.');
  return s;
}

function technical(f: CaptionFacts, p: Parts): string[] {
  const s: string[] = [];
  s.push(
    p.scene.room
      ? `Scene: ${p.scene.noun} (room score ${p.scene.room.score.toFixed(2)}).`
      : `Scene: ${p.scene.noun} (no room type above ${ROOM_MIN_SCORE.toFixed(2)}).`,
  );
  const things = p.groups.filter((g) => g.label !== 'person').slice(0, p.detail);
  s.push(
    things.length
      ? `Objects: ${things.map((g) => `${g.count} x ${g.label} (${g.position}, ${g.confidence.toFixed(2)})`).join('; ')}.`
      : 'Objects: none at their class thresholds.',
  );
  s.push(`People: ${p.people}.`);
  const colours = f.pixels.colours.slice(0, p.detail > 3 ? 4 : 2);
  if (colours.length)
    s.push(`Dominant colours: ${colours.map((c) => `${c.name} ${pct(c.share)}`).join(', ')}.`);
  s.push(
    `Mean luminance ${f.pixels.brightness.toFixed(2)} (${f.pixels.light}), contrast ${f.pixels.contrast.toFixed(2)}, ${f.pixels.warmth} cast.`,
  );
  if (p.text.length) s.push(`Text (OCR): ${p.text.map((t) => `"${t}"`).join(', ')}.`);
  if (p.detail > 3) s.push(`Image: ${f.width}x${f.height} px.`);
  return s;
}

const MOODS: Record<string, Record<string, string>> = {
  bright: { warm: 'cheerful and inviting', neutral: 'open and airy', cool: 'fresh and crisp' },
  balanced: { warm: 'comfortable and welcoming', neutral: 'calm and orderly', cool: 'serene and composed' },
  dim: { warm: 'cosy and intimate', neutral: 'quiet and reflective', cool: 'hushed and pensive' },
  dark: { warm: 'secretive and close', neutral: 'still and moody', cool: 'lonely and cold' },
};

function emotional(f: CaptionFacts, p: Parts): string[] {
  const s: string[] = [];
  const mood = MOODS[f.pixels.light]?.[f.pixels.warmth] ?? 'calm';
  s.push(`This ${p.scene.noun} feels ${mood}.`);
  const things = p.groups.filter((g) => g.label !== 'person').slice(0, p.detail);
  const one = things.length === 1 && things[0]?.count === 1;
  // "Lived in" is said of a room only; any other photo's things simply hold the eye.
  if (things.length)
    s.push(
      `${cap(listing(things.map((g) => counted(g.label, g.count))))} ${p.scene.room ? `${one ? 'makes' : 'make'} it feel lived in, a place someone cares about` : `${one ? 'holds' : 'hold'} the eye`}.`,
    );
  if (p.people === 1) s.push('One person is here, and the moment feels personal.');
  else if (p.people > 1)
    s.push(`${cap(countWord(p.people))} people share the space, and it feels alive with company.`);
  else if (!things.length) s.push('It is empty of people and things, which leaves room to breathe.');
  const colours = colourWords(f.pixels, 2);
  if (colours.length)
    s.push(
      `The ${listing(colours)} tones ${f.pixels.warmth === 'warm' ? 'wrap it in warmth' : f.pixels.warmth === 'cool' ? 'keep it cool and still' : 'keep it gentle'}.`,
    );
  if (p.text.length) s.push(`The words ${listing(p.text.map((t) => `"${t}"`))} add a human voice.`);
  return s;
}

const STYLES: Record<CaptionStyleValue, (f: CaptionFacts, p: Parts) => string[]> = {
  descriptive,
  creative,
  technical,
  emotional,
};

/** Composes the caption of `facts` in `style`, at most `maxWords` words. */
export function composeCaption(
  input: CaptionFacts,
  style: CaptionStyleValue,
  maxWords: number,
): ComposedCaption {
  // Only objects at or above their class's calibrated threshold are ever named or counted.
  const facts: CaptionFacts = {
    ...input,
    detections: input.detections.filter((d) => d.confidence >= photoThreshold(d.label, input.rooms)),
  };
  const scene = sceneOf(facts);
  const groups = groupObjects(facts);
  const people = facts.detections.filter((d) => d.label === 'person').length;
  const detail = detailFor(maxWords);
  const lines = (facts.text ?? []).slice(0, detail > 3 ? 3 : 1);
  const text = lines.map((l) => l.text.replace(/"/g, "'"));
  const full = STYLES[style](facts, { scene, groups, people, text, detail }).join(' ');
  const cut = cutAtWords(full, maxWords);
  // Confidence of what the caption names: the room, each object group mentioned, the text read.
  const parts: number[] = [];
  if (scene.room) parts.push(scene.room.score);
  for (const g of groups.slice(0, detail)) parts.push(g.confidence);
  for (const l of lines) parts.push(l.confidence);
  const confidence = parts.length ? parts.reduce((a, b) => a + b, 0) / parts.length : PIXELS_ONLY_CONFIDENCE;
  const named = {
    room: scene.room?.label,
    objects: [
      ...new Set([
        ...(scene.subject ? [scene.subject] : []),
        ...groups
          .filter((g) => g.label !== 'person')
          .slice(0, detail)
          .map((g) => g.label),
        ...(people > 0 ? ['person'] : []),
      ]),
    ],
  };
  return {
    caption: cut.text,
    wordCount: cut.words,
    confidence: Math.round(confidence * 1000) / 1000,
    language: detectLanguage(lines.map((l) => l.text)),
    named,
  };
}
