/**
 * `npx tsx scripts/eval/image-classification.ts`: the accuracy card of room-type classification
 * (content/accuracy/image-classification.json). Every photo goes through the real use case
 * (`runClassify`, taxonomy `room_type`, on the vision engine as the server runs it, one worker):
 *
 * - room accuracy on the room dataset's dev split (177 photos; research-only, read in place),
 *   with per-room precision and recall (key `classify.room_accuracy`);
 * - how often photos that are not of a room answer `other` (key `classify.non_room_other`), on
 *   the held-out Debian-package photos of scripts/lib/nonroom-photos.ts (fetched into /tmp);
 * - whether the scores are calibrated: top-1 score against how often top-1 is right, in bins;
 * - warm latency per image (p50/p99) with the machine's load.
 *
 * Needs the room dataset (ROOMS_DATASET) and Debian's apt-get (or NONROOM_SRC unpacked).
 */
import { writeAccuracyCard } from '../lib/accuracy-card';
import { nonRoomHeldOutSet, roomsDevSet, type EvalPhoto, type EvalSet } from '../lib/room-eval-sets';
import { latencyRow, machineLoad, proportion } from '../lib/stats';
import { closeEngine } from '../../src/server/vision/engine';
import { runClassify } from '../../src/server/vision/classify/service';
import { ROOM_LABELS } from '../../src/server/vision/rooms/classifier';
import { ROOM_HEAD } from '../../src/server/vision/rooms/head';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db';

const API = 'image-classification';
const rooms = roomsDevSet();
const nonRooms = nonRoomHeldOutSet();

interface Outcome {
  photo: EvalPhoto;
  set: string;
  top: string;
  score: number;
  ms: number;
}

// The room-type taxonomy never touches the database.
const caller = { db: undefined as unknown as Kysely<Database> };
const outcomes: Outcome[] = [];
async function run(set: EvalSet): Promise<void> {
  let k = 0;
  // EVAL_LIMIT=n: the first n photos of each set only (a quick check of the script; the card says so by its set sizes).
  for (const photo of set.photos.slice(0, Number(process.env['EVAL_LIMIT'] ?? Infinity))) {
    const bytes = await photo.bytes();
    const t0 = performance.now();
    const res = await runClassify({ bytes }, { taxonomy: 'room_type', top_k: 7 }, `eval-${k}`, caller);
    const ms = performance.now() - t0;
    const top = res.labels[0]!;
    outcomes.push({ photo, set: set.id, top: top.label, score: top.score, ms });
    if (++k % 25 === 0) console.log(`  ${set.id}: ${k}/${set.photos.length}`);
  }
}

// Warm the engine (model load) on one photo, untimed.
await runClassify(
  { bytes: await rooms.photos[0]!.bytes() },
  { taxonomy: 'room_type', top_k: 1 },
  'warm',
  caller,
);
await run(rooms);
await run(nonRooms);
const load = machineLoad();
await closeEngine();

const roomOut = outcomes.filter((o) => o.set === rooms.id);
const nonOut = outcomes.filter((o) => o.set === nonRooms.id);
const correct = roomOut.filter((o) => o.top === o.photo.room).length;
const nonOther = nonOut.filter((o) => o.top === 'other').length;

const perClass = ROOM_LABELS.map((label) => {
  const predicted = roomOut.filter((o) => o.top === label);
  const actual = roomOut.filter((o) => o.photo.room === label);
  return {
    label,
    set: rooms.id,
    precision: proportion(predicted.filter((o) => o.photo.room === label).length, predicted.length),
    recall: proportion(actual.filter((o) => o.top === label).length, actual.length),
  };
});

// Calibration: in each top-1 score bin, how often top-1 is right (room and non-room photos).
const all = [...roomOut, ...nonOut];
const bins = [0, 0.5, 0.7, 0.9, 1.0001];
const calibration = bins.slice(0, -1).map((lo, i) => {
  const hi = bins[i + 1]!;
  const inBin = all.filter((o) => o.score >= lo && o.score < hi);
  const right = inBin.filter((o) => o.top === o.photo.room).length;
  const meanScore = inBin.length ? inBin.reduce((s, o) => s + o.score, 0) / inBin.length : 0;
  return { lo, hi: Math.min(1, hi), n: inBin.length, right, meanScore };
});
const gaps = calibration.filter((b) => b.n >= 10).map((b) => Math.abs(b.right / b.n - b.meanScore));
const calibrated = gaps.length > 0 && Math.max(...gaps) <= 0.05;

// Confusions worth naming: true room -> predicted, most frequent first.
const confusions = new Map<string, number>();
for (const o of roomOut)
  if (o.top !== o.photo.room)
    confusions.set(`${o.photo.room} -> ${o.top}`, (confusions.get(`${o.photo.room} -> ${o.top}`) ?? 0) + 1);
const topConfusions = [...confusions].sort((a, b) => b[1] - a[1]).slice(0, 4);
const nonRoomMisses = nonOut.filter((o) => o.top !== 'other');
const pct = (x: number) => `${(Math.round(x * 1000) / 10).toFixed(1)}%`;
const name = (l: string) => l.replaceAll('_', ' ');

const card = {
  api: API,
  title: 'Image classification (room type): accuracy card',
  summary: `Room type right on ${pct(correct / roomOut.length)} of ${roomOut.length} held-out interior photos; ${pct(nonOther / nonOut.length)} of ${nonOut.length} photos that are not of a room answered \`other\`.`,
  command: 'npm run eval:image-classification',
  sets: [rooms, nonRooms].map((s) => ({
    id: s.id,
    name: s.name,
    version: s.version,
    size: outcomes.filter((o) => o.set === s.id).length,
    description: s.description,
  })),
  metrics: [
    {
      key: 'classify.room_accuracy',
      label: 'Room type right (top label) on interior photos',
      set: rooms.id,
      ...proportion(correct, roomOut.length),
    },
    {
      key: 'classify.non_room_other',
      label: 'Photos that are not of a room answered `other`',
      set: nonRooms.id,
      ...proportion(nonOther, nonOut.length),
    },
  ],
  per_class: perClass,
  latency: [
    latencyRow(
      'POST /api/v1/classify use case (room_type), warm, one image at a time: decode, one CenterNet pass with features, room head; vision engine with one worker thread',
      `${rooms.id}+${nonRooms.id}`,
      all.map((o) => o.ms),
      load,
    ),
  ],
  scores: [
    {
      field: 'labels[].score',
      kind: calibrated ? ('calibrated_probability' as const) : ('raw_score' as const),
      meaning: calibrated
        ? 'The room head’s probability for the label; measured calibrated on these sets (within 5 points in every bin of 10 or more photos).'
        : 'The room head’s softmax output after the `other` floor: the scores of one photo sum to 1 and rank the labels, but they are not calibrated probabilities (see the notes for how often a top label is right at each score).',
    },
  ],
  failure_modes: [
    ...topConfusions.map(([pair, n]) => {
      const [t, p] = pair.split(' -> ') as [string, string];
      return `${name(t)} photos read as ${name(p)}: ${n} of ${roomOut.filter((o) => o.photo.room === t).length} in the dev split.`;
    }),
    `Photos that are not of a room are answered \`other\` (the detect API shows it as \`general\`) ${pct(nonOther / nonOut.length)} of the time; the rest get a room${
      nonRoomMisses.length
        ? ` (here: ${nonRoomMisses
            .map(
              (o) =>
                `${o.photo.id
                  .replace(/^nr:[^/]+\//, '')
                  .split('/')
                  .pop()} as ${name(o.top)}`,
            )
            .join(', ')})`
        : ''
    }.`,
    'A close-up inside a room (a cup on a counter, a pet on a bed) is the hardest case: it is neither a room view nor clearly something else.',
    'Room types outside the seven labels (garage, laundry, hallway) are answered `other` or the nearest room.',
  ],
  notes: [
    `Top-1 score against how often the top label is right (both sets): ${calibration.map((b) => `${b.lo.toFixed(1)}-${b.hi.toFixed(1)}: ${b.n ? `${b.right}/${b.n} right, mean score ${b.meanScore.toFixed(2)}` : 'no photos'}`).join('; ')}.`,
    `Room head: ${ROOM_HEAD.training['train_rows']} room-photo rows and ${ROOM_HEAD.training['non_room_rows'] ?? 0} non-room rows (GCompris and Tux Paint photos from Debian packages), trained by npm run train:rooms; model card src/server/vision/rooms/MODEL_CARD.md.`,
    'Non-room photos held out by package: no photo of scikit-image, darknet, OpenCV, MATE or Lomiri was trained or tuned on.',
  ],
};
const file = writeAccuracyCard(card);
console.log(
  `\nroom accuracy ${pct(correct / roomOut.length)} (${correct}/${roomOut.length}); non-room other ${pct(nonOther / nonOut.length)} (${nonOther}/${nonOut.length})`,
);
console.log(
  `latency p50 ${card.latency[0]!.p50_ms} ms, p99 ${card.latency[0]!.p99_ms} ms (load ${load.load_average.join(' ')}, ${load.cpus} cpus)`,
);
for (const b of calibration)
  console.log(
    `  score ${b.lo.toFixed(1)}-${b.hi.toFixed(1)}: ${b.right}/${b.n} right, mean score ${b.meanScore.toFixed(2)}`,
  );
console.log(`wrote ${file}`);
