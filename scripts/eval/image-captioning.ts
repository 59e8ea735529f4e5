/**
 * `npx tsx scripts/eval/image-captioning.ts`: the accuracy card of captions
 * (content/accuracy/image-captioning.json). Captions are composed from real analysis (room,
 * objects, people, text, colours; no captioning model), so what can be checked is whether what a
 * caption names is true. Each photo goes through what `runCaption` does (the vision engine's
 * scene analysis with text reading, then `composeCaption`, style descriptive, 100 words):
 *
 * - on the room dataset's object-labelled dev photos (80; research-only, read in place): of the
 *   captions that name a room, how many name the right one (`caption.room_correct`); how many
 *   captions of interior photos name a room at all (`caption.room_named`); of the labelled-class
 *   objects captions name, how many are in the hand labels (`caption.object_precision`;
 *   ambiguous ones not scored);
 * - on the held-out non-room photos (scripts/lib/nonroom-photos.ts): how many captions name no
 *   room (`caption.non_room_no_room`);
 * - warm latency per caption (p50/p99) with the machine's load, text reading included, on the
 *   first TIMED_PHOTOS photos of each set; the other photos are analysed without text reading
 *   (what a caption names as room and objects does not depend on the text read, so the figures
 *   above are the same; reading text costs most of a caption's time on this 2-core machine).
 */
import { writeAccuracyCard } from '../lib/accuracy-card';
import {
  LABELLED_OBJECTS,
  nonRoomHeldOutSet,
  roomsDevSet,
  type EvalPhoto,
  type EvalSet,
} from '../lib/room-eval-sets';
import { latencyRow, machineLoad, proportion } from '../lib/stats';
import { analyzeSceneBytes, closeEngine } from '../../src/server/vision/engine';
import { composeCaption, ROOM_MIN_SCORE } from '../../src/server/vision/caption/compose';

const API = 'image-captioning';
const STYLE = 'descriptive';
const MAX_WORDS = 100;
const rooms = roomsDevSet(true);
const nonRooms = nonRoomHeldOutSet();

interface Outcome {
  photo: EvalPhoto;
  set: string;
  room: string | undefined;
  objects: string[];
  caption: string;
  ms: number;
}

const TIMED_PHOTOS = Number(process.env['EVAL_TIMED'] ?? 20);
const outcomes: Outcome[] = [];
async function caption(bytes: Uint8Array, text = true) {
  return composeCaption(await analyzeSceneBytes(bytes, { text }), STYLE, MAX_WORDS);
}
async function run(set: EvalSet): Promise<void> {
  let k = 0;
  // EVAL_LIMIT=n: the first n photos of each set only (a quick check of the script; the card says so by its set sizes).
  for (const photo of set.photos.slice(0, Number(process.env['EVAL_LIMIT'] ?? Infinity))) {
    const bytes = await photo.bytes();
    const t0 = performance.now();
    const timed = k < TIMED_PHOTOS;
    const c = await caption(bytes, timed);
    const ms = performance.now() - t0;
    outcomes.push({
      photo,
      set: set.id,
      room: c.named.room,
      objects: c.named.objects,
      caption: c.caption,
      ms: timed ? ms : Number.NaN,
    });
    if (++k % 25 === 0) console.log(`  ${set.id}: ${k}/${set.photos.length}`);
  }
}

await caption(await rooms.photos[0]!.bytes()); // warm: model and OCR loads, untimed
await run(rooms);
await run(nonRooms);
const load = machineLoad();
await closeEngine();

const roomOut = outcomes.filter((o) => o.set === rooms.id);
const nonOut = outcomes.filter((o) => o.set === nonRooms.id);
const named = roomOut.filter((o) => o.room !== undefined);
// A room-dataset `other` photo (hall, stairs) is right only when no room is named.
const roomRight = named.filter((o) => o.room === o.photo.room).length;
const interiors = roomOut.filter((o) => o.photo.room !== 'other');
const interiorsNamed = interiors.filter((o) => o.room !== undefined).length;
let objRight = 0;
let objNamed = 0;
const wrongObjects = new Map<string, number>();
for (const o of roomOut) {
  for (const label of o.objects.filter((l) => LABELLED_OBJECTS.has(l) && !o.photo.ambiguous?.includes(l))) {
    objNamed++;
    if (o.photo.objects?.includes(label)) objRight++;
    else wrongObjects.set(label, (wrongObjects.get(label) ?? 0) + 1);
  }
}
const nonNoRoom = nonOut.filter((o) => o.room === undefined).length;
const all = [...roomOut, ...nonOut];
const timedMs = all.map((o) => o.ms).filter((ms) => Number.isFinite(ms));
const pct = (x: number) => `${(Math.round(x * 1000) / 10).toFixed(1)}%`;
const worst = [...wrongObjects].sort((a, b) => b[1] - a[1]).slice(0, 3);
const noRoomWrong = roomOut.filter((o) => o.room !== undefined && o.room !== o.photo.room);

const card = {
  api: API,
  title: 'Image captioning: accuracy card',
  summary: `Captions of interior photos name the right room ${pct(roomRight / Math.max(1, named.length))} of the times they name one; ${pct(objRight / Math.max(1, objNamed))} of the objects they name are really there; ${pct(nonNoRoom / nonOut.length)} of captions of photos that are not of a room name no room.`,
  command: 'npm run eval:image-captioning',
  sets: [rooms, nonRooms].map((s) => ({
    id: s.id,
    name: s.name,
    version: s.version,
    size: outcomes.filter((o) => o.set === s.id).length,
    description: s.description,
  })),
  metrics: [
    {
      key: 'caption.room_correct',
      label: 'Captions naming a room that name the right one',
      set: rooms.id,
      ...proportion(roomRight, named.length),
    },
    {
      key: 'caption.room_named',
      label: 'Captions of interior photos that name a room at all',
      set: rooms.id,
      ...proportion(interiorsNamed, interiors.length),
    },
    {
      key: 'caption.object_precision',
      label: 'Objects named in captions that are in the hand labels',
      set: rooms.id,
      ...proportion(objRight, objNamed),
    },
    {
      key: 'caption.non_room_no_room',
      label: 'Captions of photos that are not of a room that name no room',
      set: nonRooms.id,
      ...proportion(nonNoRoom, nonOut.length),
    },
  ],
  per_class: [],
  latency: [
    latencyRow(
      `Caption use case (style ${STYLE}, ${MAX_WORDS} words), warm, one image at a time: decode, one CenterNet pass with features, room head, colours, PaddleOCR text reading, composition; vision engine with one worker thread; the first ${TIMED_PHOTOS} photos of each set`,
      `${rooms.id}+${nonRooms.id}`,
      timedMs,
      load,
    ),
  ],
  scores: [
    {
      field: 'confidence',
      kind: 'estimate' as const,
      meaning:
        'The mean of the scores of what the caption rests on (the room score, each named object group’s best detection score, each text line’s OCR confidence); 0.3 when it rests on the pixels alone. An indicator, not a calibrated probability.',
    },
  ],
  failure_modes: [
    `A room is named only when the room classifier picks it over \`other\` with a score of at least ${ROOM_MIN_SCORE.toFixed(2)}; otherwise the caption names a scene ("a scene", "a street scene", "a photo of a cat"). Interior photos whose room is unclear therefore get no room (${pct(1 - interiorsNamed / interiors.length)} of the interior photos here).`,
    ...(noRoomWrong.length
      ? [
          `When a caption names the wrong room it is one the classifier confuses (${noRoomWrong
            .slice(0, 3)
            .map((o) => `${o.photo.room.replaceAll('_', ' ')} named ${o.room!.replaceAll('_', ' ')}`)
            .join(', ')}).`,
        ]
      : []),
    ...(worst.length
      ? [
          `Objects named that the hand labels do not have: ${worst.map(([l, n]) => `${l} ${n}`).join(', ')} (a desk or coffee table read as a dining table, an armchair as a chair or couch).`,
        ]
      : []),
    'Objects below their class’s calibrated detection threshold are never named; so small or partly hidden objects are often missing from a caption.',
    'Styles (creative, emotional) phrase the same facts differently; the mood words come from the light and colours, not from a judgement of the scene.',
  ],
  notes: [
    `Object precision counts only the 16 COCO classes the subset was labelled for; objects of other classes a caption names (a cup, a bottle) are not scored.`,
    `Examples: ${roomOut
      .slice(0, 2)
      .map((o) => `${o.photo.id} (${o.photo.room.replaceAll('_', ' ')}): "${o.caption.split('. ')[0]}."`)
      .join(' ')}`,
  ],
};
const file = writeAccuracyCard(card);
console.log(
  `\nroom named right ${pct(roomRight / Math.max(1, named.length))} (${roomRight}/${named.length}); interiors naming a room ${interiorsNamed}/${interiors.length}`,
);
console.log(
  `object precision ${pct(objRight / Math.max(1, objNamed))} (${objRight}/${objNamed}); non-room captions with no room ${nonNoRoom}/${nonOut.length}`,
);
for (const o of nonOut.filter((x) => x.room !== undefined))
  console.log(`  non-room named a room: ${o.photo.id}: ${o.caption}`);
console.log(
  `latency p50 ${card.latency[0]!.p50_ms} ms, p99 ${card.latency[0]!.p99_ms} ms (load ${load.load_average.join(' ')})`,
);
console.log(`wrote ${file}`);
