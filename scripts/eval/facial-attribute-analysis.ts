/**
 * `npm run eval:facial-attribute-analysis`: the accuracy card of POST /api/v1/faces
 * (content/accuracy/facial-attribute-analysis.json), on a face set labelled by eye
 * (./facial-attribute-analysis.labels.json: every photo of both sources was viewed;
 * scripts/lib/face-set.ts lists them):
 *
 * - the open-licence photos of Debian packages that scripts/lib/nonroom-photos.ts lists
 *   (GCompris, scikit-image, darknet, OpenCV samples, MATE and Lomiri wallpapers; Tux Paint
 *   cut-outs left out): monuments, animals (monkeys and apes among them), tools, musicians and
 *   crowds, the astronaut and cameraman photos; and a few face photos of Debian packages only
 *   this set uses (Grace Hopper's portrait of python-matplotlib-data, OpenCV's basketball frames);
 * - the real side of ../shared/datasets/ai-real (camera and phone photos, portraits and degraded
 *   face crops; 256 px crops), read in place and never copied (licences per patch in its manifest).
 *
 * The set is split by source (a Debian package, or the repository an ai-real crop was cut from):
 * the detector's passes and thresholds were chosen on the two tuning folds
 * (scripts/data/face-rule-tune.ts); the headline figures are the dev part's, measured once.
 * Figures, at the API's defaults: face photos answered with at least one face, photos without a
 * face answered with none, face counts (found vs labelled, on photos whose faces were counted),
 * the head turn against bands labelled by eye, the presentation-attack indicator on real faces
 * (its false-positive rate), on the faces photographed from a screen or print and, per photo, on
 * real photos (whether it may join photo authenticity), warm time per image through the engine
 * (p50/p99 with the machine's load) and cold time (a fresh process: models loaded, first image
 * answered).
 * `--child <file>` is the cold run's own mode: one image in a fresh process, time printed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeAccuracyCard } from '../lib/accuracy-card';
import { facePhotos, isFacePhoto, TURNS, turnedCopy, type FacePhoto, type FaceSplit } from '../lib/face-set';
import { latencyRow, machineLoad, proportion } from '../lib/stats';
import { analyzeFacesBytes, closeEngine } from '../../src/server/vision/engine';
import { DETECT_PASSES, FACE_RULE } from '../../src/server/vision/faces/analyze';
import { facesOf, LIVENESS_MIN } from '../../src/server/vision/faces/service';
import type { Face } from '../../src/shared/schemas/faces';
import { HttpError } from '../../src/server/http/errors';
import labels from './facial-attribute-analysis.labels.json' with { type: 'json' };

const API = 'facial-attribute-analysis';

if (process.argv[2] === '--child') {
  const t0 = performance.now();
  const bytes = new Uint8Array(readFileSync(process.argv[3]!));
  const analysis = await analyzeFacesBytes(bytes);
  console.log(JSON.stringify({ ms: performance.now() - t0, faces: analysis.faces.length }));
  await closeEngine();
  process.exit(0);
}

const all = facePhotos();
const limit = Number(process.env['EVAL_LIMIT'] ?? Infinity);
const TIMED = Number(process.env['EVAL_TIMED'] ?? 60);
const results: { photo: FacePhoto; faces: Face[]; ms: number }[] = [];
let k = 0;
/** Photos the API refuses (GCompris keeps some at 320 x 240, under the 256 px minimum side): not in the set. */
let refused = 0;
/** Analyses one photo; undefined when the API refuses it (too small). */
async function analyse(bytes: Uint8Array) {
  return analyzeFacesBytes(bytes).catch((error: unknown) => {
    if (error instanceof HttpError && error.code === 'INVALID_IMAGE') return undefined;
    throw error;
  });
}
/**
 * Photos one at a time until TIMED were answered (the warm latency row), the rest
 * EVAL_CONCURRENCY at a time (as many as the engine has workers, VISION_WORKERS), keeping the
 * photos' order.
 */
const CONCURRENCY = Number(process.env['EVAL_CONCURRENCY'] ?? 1);
const queue = all.slice(0, limit);
const timedMs: number[] = [];
/** Warm times of photos run one at a time, face photos and photos without a face apart. */
const kindMs = { face: [] as number[], none: [] as number[] };
/** While true, photos run one at a time and their times make the warm latency row. */
let sequential = true;
const answers = new Array<{ photo: FacePhoto; faces: Face[]; ms: number } | undefined>(queue.length);
async function runOne(i: number): Promise<void> {
  const photo = queue[i]!;
  const bytes = await photo.bytes();
  const t0 = performance.now();
  const analysis = await analyse(bytes);
  const ms = performance.now() - t0;
  if (!analysis) refused++;
  else {
    answers[i] = { photo, faces: facesOf(analysis, false), ms };
    if (sequential) timedMs.push(ms);
    if (sequential || CONCURRENCY === 1) {
      if (isFacePhoto(photo.label)) kindMs.face.push(ms);
      else if (photo.label === 0) kindMs.none.push(ms);
    }
  }
  if (++k % 50 === 0) console.log(`${k}/${queue.length} photos`);
}
let next = 0;
while (next < queue.length && timedMs.length < TIMED) await runOne(next++);
sequential = false;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < queue.length) await runOne(next++);
  }),
);
for (const a of answers) if (a) results.push(a);
const load = machineLoad();

/**
 * The dev part's face photos turned a quarter turn each way and upside down (a photo stored
 * sideways whose orientation was lost): each copy answered with at least one face or not.
 */
const turnedHits: { id: string; turn: number; hit: boolean }[] = [];
for (const r of results.filter((x) => x.photo.split === 'dev' && isFacePhoto(x.photo.label)))
  for (const turn of TURNS) {
    const analysis = await analyse(await turnedCopy(await r.photo.bytes(), turn));
    if (analysis) turnedHits.push({ id: r.photo.id, turn, hit: analysis.faces.length > 0 });
  }

/**
 * The presentation-attack indicator as a photo_of_photo layer of photo authenticity would see
 * it: photos of real scenes (none of a screen or print) where any face is flagged. The face set's
 * own photos, the ai-real crops left out of it, and an even sample of the shared rooms set
 * (interior photos, read in place; EVAL_ROOMS of them, 0 for none).
 */
const ROOMS_DIR = process.env['ROOMS_DIR'] ?? join(process.cwd(), '..', 'shared', 'datasets', 'rooms');
const roomsWanted = Number(process.env['EVAL_ROOMS'] ?? 200);
const roomFiles = existsSync(join(ROOMS_DIR, 'images'))
  ? readdirSync(join(ROOMS_DIR, 'images'))
      .filter((f) => f.endsWith('.jpg'))
      .sort()
  : [];
const roomStep = roomsWanted > 0 ? Math.max(1, Math.floor(roomFiles.length / roomsWanted)) : Infinity;
const extraReal = [
  ...facePhotos(true)
    .filter((p) => p.label === 'exclude' && p.set === 'ai-real')
    .map((p) => ({ id: p.id, bytes: p.bytes })),
  ...roomFiles
    .filter((_, i) => i % roomStep === 0)
    .slice(0, roomsWanted)
    .map((f) => ({
      id: `rooms:${f}`,
      bytes: async () => new Uint8Array(readFileSync(join(ROOMS_DIR, 'images', f))),
    })),
];
const paPhotos: { id: string; flagged: boolean; faces: number }[] = results
  .filter((r) => r.photo.label !== 'screen')
  .map((r) => ({
    id: r.photo.id,
    flagged: r.faces.some((f) => f.presentation_attack.indicated),
    faces: r.faces.length,
  }));
let nextExtra = 0;
const extraQueue = extraReal.slice(0, limit);
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (nextExtra < extraQueue.length) {
      const p = extraQueue[nextExtra++]!;
      const analysis = await analyse(await p.bytes());
      if (!analysis) continue;
      const faces = facesOf(analysis, false);
      paPhotos.push({
        id: p.id,
        flagged: faces.some((f) => f.presentation_attack.indicated),
        faces: faces.length,
      });
      if (paPhotos.length % 50 === 0)
        console.log(`${paPhotos.length} real photos for the authenticity layer`);
    }
  }),
);
const roomsRead = paPhotos.filter((p) => p.id.startsWith('rooms:')).length;
const paPhotoFlagged = paPhotos.filter((p) => p.flagged);
/** The layer may join photo_of_photo only at or under this false-positive rate on real photos. */
const PA_LAYER_MAX_FP = 0.01;
await closeEngine();

type Result = (typeof results)[number];
const TUNING: FaceSplit[] = ['tune-1', 'tune-2'];
const dev = results.filter((r) => r.photo.split === 'dev');
const tuning = results.filter((r) => TUNING.includes(r.photo.split));

/** Detection figures of some results: face photos with a face, no-face photos with none, counts. */
function detection(rs: readonly Result[]) {
  const faces = rs.filter((r) => isFacePhoto(r.photo.label));
  const none = rs.filter((r) => r.photo.label === 0);
  let tp = 0;
  let found = 0;
  let truth = 0;
  const counted = rs.filter((r) => typeof r.photo.label === 'number');
  for (const r of counted) {
    const n = r.photo.label as number;
    tp += Math.min(n, r.faces.length);
    found += r.faces.length;
    truth += n;
  }
  return {
    faces,
    none,
    counted,
    hit: faces.filter((r) => r.faces.length > 0).length,
    clean: none.filter((r) => r.faces.length === 0).length,
    tp,
    found,
    truth,
  };
}
const d = detection(dev);
const t = detection(tuning);

// The presentation-attack threshold is the liveness model's own midpoint, not tuned here: measured on both parts.
const realFaces = results.filter((r) => isFacePhoto(r.photo.label)).flatMap((r) => r.faces);
const paFalse = realFaces.filter((f) => f.presentation_attack.indicated).length;
const antispoofFalse = realFaces.filter((f) => f.presentation_attack.antispoof_score < 0.5).length;
const screens = results.filter((r) => r.photo.label === 'screen');

// Head turn: the largest face's |yaw| against the band labelled by eye (never tuned on).
type YawBand = 'frontal' | 'turned' | 'profile';
const yawLabels = labels.yaw as Record<string, YawBand>;
const bandOf = (yaw: number): YawBand =>
  Math.abs(yaw) < 20 ? 'frontal' : Math.abs(yaw) <= 60 ? 'turned' : 'profile';
const banded = results.flatMap((r) => {
  const band = yawLabels[r.photo.id];
  const face = r.faces[0];
  return band && face ? [{ band, yaw: face.pose.yaw, answered: bandOf(face.pose.yaw) }] : [];
});
const bandAgree = banded.filter((b) => b.band === b.answered).length;
const yawByBand = (['frontal', 'turned', 'profile'] as const).map((band) => {
  const of = banded.filter((b) => b.band === band);
  const abs = of.map((b) => Math.abs(b.yaw)).sort((a, b) => a - b);
  return `${band}: ${of.length} faces, median |yaw| ${abs.length ? Math.round(abs[Math.floor(abs.length / 2)]!) : '-'} degrees, ${of.filter((b) => b.answered === band).length} in the band`;
});
const screenFaces = screens.flatMap((r) => r.faces);
const paTrue = screenFaces.filter((f) => f.presentation_attack.indicated).length;

// Cold: a fresh process per run (models loaded from disk, then one image), on the first face photos.
const coldPhotos = results
  .filter((r) => isFacePhoto(r.photo.label))
  .slice(0, Number(process.env['EVAL_COLD'] ?? 5));
const coldMs: number[] = [];
for (const r of coldPhotos) {
  const file = join('/tmp', `optiq-faces-cold-${process.pid}.img`);
  const { writeFileSync, rmSync } = await import('node:fs');
  writeFileSync(file, await r.photo.bytes());
  const t0 = performance.now();
  const child = spawnSync(
    join(process.cwd(), 'node_modules', '.bin', 'tsx'),
    [process.argv[1]!, '--child', file],
    {
      encoding: 'utf8',
      env: { ...process.env, VISION_WORKERS: '0' },
    },
  );
  const wall = performance.now() - t0;
  rmSync(file, { force: true });
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !line.startsWith('{'))
    throw new Error(`cold run failed: ${child.stderr.slice(-500)}`);
  coldMs.push((JSON.parse(line) as { ms: number }).ms);
  console.log(
    `cold ${r.photo.id}: ${Math.round((JSON.parse(line) as { ms: number }).ms)} ms in process, ${Math.round(wall)} ms with start-up`,
  );
}
const coldLoad = machineLoad();

const pct = (v: number): string => `${(v * 100).toFixed(1)}%`;
const falseFaces = d.none.filter((r) => r.faces.length > 0);
const sourcesOf = (rs: readonly Result[]): string =>
  [...new Set(rs.map((r) => r.photo.source.replace(/^(debian|ai-real):/, '')))].join(', ');
const passes = DETECT_PASSES.map(
  (p) =>
    (p.frame
      ? `the mesh alone on the whole frame${p.angle ? ` turned ${p.angle} degrees` : ''} at ${p.margin}x its longer side`
      : `${p.grid ? `${p.grid} x ${p.grid} tiles` : 'the photo'}${p.angle ? ` turned ${p.angle} degrees` : ''}${p.margin !== 1 ? ` at ${p.margin}x margin` : ''}`) +
    (p.fallback ? ' (only when the other passes found no face)' : ''),
).join('; ');
const splitRows = (['tune-1', 'tune-2', 'dev'] as const).flatMap((split) => {
  const r = detection(results.filter((x) => x.photo.split === split));
  const set = split === 'dev' ? 'faces-dev' : 'faces-tuning';
  return [
    { label: `face photos, ${split}`, set, recall: proportion(r.hit, r.faces.length) },
    { label: `no-face photos, ${split}`, set, accuracy: proportion(r.clean, r.none.length) },
  ];
});

const card = {
  api: API,
  title: 'Facial Attribute Analysis',
  summary: `Measured once on a dev part of ${dev.length} photos labelled by eye (${d.faces.length} with faces, ${d.none.length} without), from sources the thresholds were never chosen on: ${pct(d.hit / Math.max(1, d.faces.length))} of face photos answered with at least one face, ${pct(d.clean / Math.max(1, d.none.length))} of photos without a face answered with none; turned a quarter or half turn, ${turnedHits.filter((x) => x.hit).length} of ${turnedHits.length} copies of its face photos were answered with a face. The presentation-attack indicator fired on ${paFalse} of ${realFaces.length} real faces of the whole set.`,
  command: 'npm run eval:facial-attribute-analysis',
  sets: [
    {
      id: 'faces-dev',
      name: 'Face set labelled by eye, dev part (never used to choose a threshold)',
      version: 'labels v4',
      size: dev.length,
      description: `Photos of these sources only: ${sourcesOf(dev)} (Debian package photos, and real 256 px crops of the shared ai-real set read in place, licences per patch in its manifest; Grace Hopper's portrait from python-matplotlib-data added for this set). Every photo viewed and labelled by eye (scripts/eval/facial-attribute-analysis.labels.json); sculpted or painted faces, faces cut in part by a crop and faces too small to count left out. The set is split by source (a Debian package, or the repository an ai-real crop was cut from), never by photo.`,
    },
    {
      id: 'faces-tuning',
      name: 'Face set labelled by eye, tuning folds (the detector passes and thresholds were chosen here)',
      version: 'labels v4',
      size: tuning.length,
      description: `Two folds of other sources: ${sourcesOf(tuning)}. scripts/data/face-rule-tune.ts scored every combination of detector passes and thresholds on these folds and kept the one that found a face on the most face photos (then on the most of their copies turned a quarter or half turn) while answering at least 95% of no-face photos with none on each fold; its figures here are optimistic by construction.`,
    },
    {
      id: 'faces-labelled',
      name: 'Face set labelled by eye, both parts',
      version: 'labels v4',
      size: results.length,
      description: `The dev part and the tuning folds together, ${results.filter((r) => r.photo.set === 'debian').length} Debian package photos and ${results.filter((r) => r.photo.set === 'ai-real').length} ai-real crops: the presentation-attack threshold (the liveness model's own midpoint) was not tuned on either, so it is measured on all the faces.`,
    },
    {
      id: 'faces-pa-real',
      name: 'Real photos for the presentation-attack layer of photo authenticity',
      version: 'labels v4',
      size: paPhotos.length,
      description: `Photos of real scenes, none of a screen or print: the face set's photos, the ai-real crops left out of it, and ${roomsRead} interior photos of the shared rooms set (an even sample, read in place). A photo counts when any face the API answers is flagged.`,
    },
  ],
  metrics: [
    {
      key: 'faces.face_photo_recall',
      label: 'Face photos answered with at least one face',
      set: 'faces-dev',
      ...proportion(d.hit, d.faces.length),
    },
    {
      key: 'faces.no_face_specificity',
      label: 'Photos without a face answered with none',
      set: 'faces-dev',
      ...proportion(d.clean, d.none.length),
    },
    {
      key: 'faces.count_recall',
      label: 'Labelled faces found (counted per photo)',
      set: 'faces-dev',
      ...proportion(d.tp, d.truth),
    },
    {
      key: 'faces.count_precision',
      label: 'Faces answered that match a labelled face (counted per photo)',
      set: 'faces-dev',
      ...proportion(d.tp, d.found),
    },
    {
      key: 'faces.tuning_face_photo_recall',
      label: 'Face photos answered with at least one face, tuning folds',
      set: 'faces-tuning',
      ...proportion(t.hit, t.faces.length),
    },
    {
      key: 'faces.tuning_no_face_specificity',
      label: 'Photos without a face answered with none, tuning folds',
      set: 'faces-tuning',
      ...proportion(t.clean, t.none.length),
    },
    {
      key: 'faces.turned_face_photo_recall',
      label: 'Face photos turned a quarter or half turn, answered with at least one face',
      set: 'faces-dev',
      ...proportion(turnedHits.filter((x) => x.hit).length, turnedHits.length),
    },
    {
      key: 'faces.yaw_band_agreement',
      label: 'Faces whose answered yaw falls in the head-turn band labelled by eye',
      set: 'faces-labelled',
      ...proportion(bandAgree, banded.length),
    },
    {
      key: 'faces.pa_false_positive',
      label: 'Real faces flagged as a presentation attack',
      set: 'faces-labelled',
      ...proportion(paFalse, realFaces.length),
    },
    {
      key: 'faces.pa_true_positive',
      label: 'Faces photographed from a screen or print flagged',
      set: 'faces-labelled',
      ...proportion(paTrue, screenFaces.length),
    },
    {
      key: 'faces.pa_photo_false_positive',
      label: 'Real photos with a face flagged as a presentation attack (the photo_of_photo layer would fire)',
      set: 'faces-pa-real',
      ...proportion(paPhotoFlagged.length, paPhotos.length),
    },
  ],
  per_class: splitRows,
  latency: [
    latencyRow(
      'warm, one image through the engine worker (decode, the detector passes, the fallback passes when no face was found, mesh per candidate, liveness and anti-spoofing per face)',
      'faces-labelled',
      timedMs,
      load,
    ),
    ...(CONCURRENCY === 1
      ? [
          latencyRow(
            'warm, face photos only (every one of the set, one at a time)',
            'faces-labelled',
            kindMs.face,
            load,
          ),
          latencyRow(
            'warm, photos without a face only (every one of the set, one at a time; the tiles are read only when no face was found)',
            'faces-labelled',
            kindMs.none,
            load,
          ),
        ]
      : []),
    ...(coldMs.length
      ? [
          latencyRow(
            'cold, a fresh process: the four face models loaded from disk, then the first image answered',
            'faces-labelled',
            coldMs,
            coldLoad,
          ),
        ]
      : []),
  ],
  scores: [
    {
      field: 'faces[].confidence',
      kind: 'raw_score' as const,
      meaning: `The BlazeFace detector's score. A candidate is answered when FaceMesh confirms it: a score of at least ${FACE_RULE.minScore} with a mesh score of at least ${FACE_RULE.minMeshScore}, or at least ${FACE_RULE.lowScore} with a mesh score of at least ${FACE_RULE.strictMeshScore}${DETECT_PASSES.some((p) => p.frame) ? `; a face filling the frame, read by the mesh alone, reports 0 and needs a mesh score of at least ${FACE_RULE.frameMeshScore}` : ''}${DETECT_PASSES.some((p) => p.angle !== 0) ? `; a face found only with the photo turned needs a score of at least ${FACE_RULE.turnedMinScore} with a mesh score of at least ${FACE_RULE.minMeshScore}` : ''}. Not a calibrated probability.`,
    },
    {
      field: 'faces[].presentation_attack.liveness_score',
      kind: 'raw_score' as const,
      meaning: `The liveness model's score for a live face; below ${LIVENESS_MIN} the face is flagged (\`indicated\`). An indicator measured on few photographed screens or prints (see the sets), not a certainty.`,
    },
    {
      field: 'faces[].presentation_attack.antispoof_score',
      kind: 'raw_score' as const,
      meaning: `The anti-spoofing model's score for a live face, reported beside the liveness score but not used to flag: it read ${antispoofFalse} of ${realFaces.length} real faces here below 0.5.`,
    },
    {
      field: 'faces[].pose',
      kind: 'estimate' as const,
      meaning: `Yaw, pitch and roll in degrees from the FaceMesh points. Measured only against head-turn bands labelled by eye (frontal under about 20 degrees of yaw, turned 20 to 60, profile beyond): ${bandAgree} of ${banded.length} answered faces fall in their band. No angle was measured, so no error in degrees is given; pitch and roll are not measured.`,
    },
  ],
  failure_modes: [
    ...(falseFaces.length
      ? [
          `Faces answered on dev photos without a human face: ${falseFaces
            .slice(0, 6)
            .map((r) => r.photo.id.split('/').pop())
            .join(
              ', ',
            )}. On the tuning folds such answers came from animal faces (monkeys, apes, dogs, a panda) above all.`,
        ]
      : []),
    'Heavily degraded or blurred faces that fill and overflow the frame, faces cut in half by the frame, faces turned to a full profile or seen from above, and faces of about 20 px are still often missed; crowds come back with their larger faces only.',
    `A photo stored turned is read turned only when nothing was found upright: ${turnedHits.filter((x) => !x.hit).length} of ${turnedHits.length} turned copies of the dev part's face photos came back without a face (small or degraded faces above all). An upside-down face that the upright passes already find is meshed as it stands, so its box and landmarks can be off by a third of the face.`,
    'The presentation-attack indicator reads one face crop: a sharp, well-lit screen or print photographed head-on can pass, and a dim or blurred real face can be flagged. It is an indicator to route a photo to review, not a verdict.',
    'Eye opening is read from the mesh eyelid points; sunglasses or heavy blur make it unreliable.',
  ],
  notes: [
    `The detector's passes: ${passes}; candidates of every pass meshed, then overlapping faces merged. More passes cost time per photo (the latency rows).`,
    `Head turn by band (largest face answered, both parts): ${yawByBand.join('; ')}.`,
    `Face counts are compared per photo (found vs labelled), not box by box: on the dev part ${d.tp} of ${d.truth} labelled faces, ${d.found} answered on the ${d.counted.length} photos whose faces were counted.`,
    `Only ${screens.length} photo of faces shown on a screen or print is in the set (a television screen or poster of a cast, from the ai-real set), so the presentation-attack true-positive rate rests on ${screenFaces.length} faces; no such photo could be found in a Debian package, and none was staged.`,
    `The presentation-attack indicator would join photo authenticity as a photo_of_photo layer only at a false-positive rate of at most ${pct(PA_LAYER_MAX_FP)} on real photos; measured ${pct(paPhotoFlagged.length / Math.max(1, paPhotos.length))} (${paPhotoFlagged.length} of ${paPhotos.length}), ${paPhotoFlagged.length / Math.max(1, paPhotos.length) <= PA_LAYER_MAX_FP ? `within that bar; but it flagged ${paTrue} of the ${screenFaces.length} faces shown on a screen or print, so it would add no evidence of a recapture, and it stays out of photo authenticity until photographed screens and prints show it finds them` : 'above that bar, so it stays out of photo authenticity'} (rule FACE-PA of src/server/vision/authenticity/rules.ts).`,
    `${refused} photos of the sources are smaller than the API's minimum side and are not in the set.`,
    `The cold row is ${coldMs.length} fresh processes, each loading the four models and answering one face photo in process (VISION_WORKERS=0, as on Netlify); process start-up itself is not counted. Timings were taken while other work shared the machine (the load average is in the table).`,
  ],
};
const file = writeAccuracyCard(card);
for (const [name, r] of [
  ['dev', d],
  ['tuning', t],
] as const) {
  console.log(
    `${name}: face photos with a face ${r.hit}/${r.faces.length}; no-face photos with none ${r.clean}/${r.none.length}; counts tp ${r.tp} found ${r.found} truth ${r.truth}`,
  );
  for (const x of r.none.filter((y) => y.faces.length > 0))
    console.log(`  false face: ${x.photo.id} (${x.faces.map((f) => f.confidence).join(', ')})`);
  for (const x of r.faces.filter((y) => y.faces.length === 0)) console.log(`  missed: ${x.photo.id}`);
}
console.log(
  `PA flagged on real faces ${paFalse}/${realFaces.length}; on screen faces ${paTrue}/${screenFaces.length}`,
);
console.log(
  `PA layer on real photos: ${paPhotoFlagged.length}/${paPhotos.length} flagged (${paPhotoFlagged
    .slice(0, 12)
    .map((p) => p.id)
    .join(', ')})`,
);
console.log(`wrote ${file}`);
