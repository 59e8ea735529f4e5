/**
 * `npm run eval:facial-attribute-analysis`: the accuracy card of POST /api/v1/faces
 * (content/accuracy/facial-attribute-analysis.json), on a face set labelled by eye
 * (./facial-attribute-analysis.labels.json: every photo of both sources was viewed):
 *
 * - the open-licence photos of Debian packages that scripts/lib/nonroom-photos.ts lists
 *   (GCompris, scikit-image, darknet, OpenCV samples, MATE and Lomiri wallpapers; Tux Paint
 *   cut-outs left out): monuments, animals (monkeys and apes among them), tools, musicians and
 *   crowds, the astronaut and cameraman photos;
 * - the real side of ../shared/datasets/ai-real (camera and phone photos, portraits and degraded
 *   face crops; 256 px crops), read in place and never copied (licences per patch in its manifest).
 *
 * Figures, at the API's defaults: face photos answered with at least one face, photos without a
 * face answered with none, face counts (found vs labelled, on photos whose faces were counted),
 * the presentation-attack indicator on real faces (its false-positive rate) and on the faces
 * photographed from a screen or print, warm time per image through the engine (p50/p99 with the
 * machine's load) and cold time (a fresh process: models loaded, first image answered).
 * `--child <file>` is the cold run's own mode: one image in a fresh process, time printed.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { writeAccuracyCard } from '../lib/accuracy-card';
import { nonRoomJpeg, nonRoomPhotos } from '../lib/nonroom-photos';
import { latencyRow, machineLoad, proportion } from '../lib/stats';
import { analyzeFacesBytes, closeEngine } from '../../src/server/vision/engine';
import { FACE_MIN_SCORE } from '../../src/server/vision/faces/analyze';
import { facesOf, LIVENESS_MIN } from '../../src/server/vision/faces/service';
import type { Face } from '../../src/shared/schemas/faces';
import { HttpError } from '../../src/server/http/errors';
import labels from './facial-attribute-analysis.labels.json' with { type: 'json' };

const API = 'facial-attribute-analysis';
const AI_REAL = process.env['AI_REAL_DIR'] ?? join(process.cwd(), '..', 'shared', 'datasets', 'ai-real');

type Label = number | 'many' | 'exclude' | 'screen';

if (process.argv[2] === '--child') {
  const t0 = performance.now();
  const bytes = new Uint8Array(readFileSync(process.argv[3]!));
  const analysis = await analyzeFacesBytes(bytes);
  console.log(JSON.stringify({ ms: performance.now() - t0, faces: analysis.faces.length }));
  await closeEngine();
  process.exit(0);
}

interface Photo {
  id: string;
  set: 'debian' | 'ai-real';
  label: Label;
  bytes: () => Promise<Uint8Array>;
}

function photos(): Photo[] {
  const out: Photo[] = [];
  const nr = labels.nonroom as Record<string, Label>;
  for (const p of nonRoomPhotos()) {
    if (p.pkg === 'tuxpaint-stamps-default') continue;
    out.push({ id: p.id, set: 'debian', label: nr[p.id] ?? 0, bytes: () => nonRoomJpeg(p) });
  }
  const manifest = JSON.parse(readFileSync(join(AI_REAL, 'manifest.json'), 'utf8')) as {
    images: { file: string; label: string }[];
  };
  const ar = labels.aiReal as Record<string, Label>;
  for (const img of manifest.images.filter((i) => i.label === 'real')) {
    const name = basename(img.file);
    const file = join(AI_REAL, img.file);
    out.push({
      id: `ai-real:${name}`,
      set: 'ai-real',
      label: ar[name] ?? 0,
      bytes: async () => new Uint8Array(readFileSync(file)),
    });
  }
  return out;
}

const all = photos().filter((p) => p.label !== 'exclude');
const limit = Number(process.env['EVAL_LIMIT'] ?? Infinity);
const TIMED = Number(process.env['EVAL_TIMED'] ?? 60);
const results: { photo: Photo; faces: Face[]; ms: number }[] = [];
let k = 0;
/** Photos the API refuses (GCompris keeps some at 320 x 240, under the 256 px minimum side): not in the set. */
let refused = 0;
for (const photo of all.slice(0, limit)) {
  const bytes = await photo.bytes();
  const t0 = performance.now();
  const analysis = await analyzeFacesBytes(bytes).catch((error: unknown) => {
    if (error instanceof HttpError && error.code === 'INVALID_IMAGE') return undefined;
    throw error;
  });
  const ms = performance.now() - t0;
  if (!analysis) {
    refused++;
    continue;
  }
  results.push({ photo, faces: facesOf(analysis, false), ms });
  if (++k % 50 === 0) console.log(`${k}/${Math.min(limit, all.length)} photos`);
}
const load = machineLoad();
await closeEngine();

const isFacePhoto = (l: Label): boolean => l === 'many' || (typeof l === 'number' && l > 0);
const facePhotos = results.filter((r) => isFacePhoto(r.photo.label));
const noFace = results.filter((r) => r.photo.label === 0);
const counted = results.filter((r) => typeof r.photo.label === 'number');
const screens = results.filter((r) => r.photo.label === 'screen');

const foundOnFacePhotos = facePhotos.filter((r) => r.faces.length > 0).length;
const noneOnNoFace = noFace.filter((r) => r.faces.length === 0).length;
let tp = 0;
let found = 0;
let truth = 0;
for (const r of counted) {
  const n = r.photo.label as number;
  tp += Math.min(n, r.faces.length);
  found += r.faces.length;
  truth += n;
}
const realFaces = facePhotos.flatMap((r) => r.faces);
const paFalse = realFaces.filter((f) => f.presentation_attack.indicated).length;
const antispoofFalse = realFaces.filter((f) => f.presentation_attack.antispoof_score < 0.5).length;
const screenFaces = screens.flatMap((r) => r.faces);
const paTrue = screenFaces.filter((f) => f.presentation_attack.indicated).length;

// Cold: a fresh process per run (models loaded from disk, then one image), on the first face photos.
const coldPhotos = facePhotos.slice(0, Number(process.env['EVAL_COLD'] ?? 5));
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
const debianN = results.filter((r) => r.photo.set === 'debian').length;
const aiRealN = results.filter((r) => r.photo.set === 'ai-real').length;
const falseFaces = noFace.filter((r) => r.faces.length > 0);

const card = {
  api: API,
  title: 'Facial Attribute Analysis',
  summary: `Measured on ${results.length} photos labelled by eye (${facePhotos.length} with faces, ${noFace.length} without): ${pct(foundOnFacePhotos / Math.max(1, facePhotos.length))} of face photos answered with at least one face, ${pct(noneOnNoFace / Math.max(1, noFace.length))} of photos without a face answered with none; the presentation-attack indicator fired on ${paFalse} of ${realFaces.length} real faces.`,
  command: 'npm run eval:facial-attribute-analysis',
  sets: [
    {
      id: 'faces-labelled',
      name: 'Face set labelled by eye (Debian package photos and camera photos)',
      version: 'labels v1',
      size: results.length,
      description: `${debianN} open-licence photos of Debian packages (every photo of scripts/lib/nonroom-photos.ts but the Tux Paint cut-outs: GCompris, scikit-image, darknet, OpenCV samples, MATE and Lomiri wallpapers; monuments, animals with monkeys and apes among them, tools, landscapes, musicians and crowds, the astronaut and cameraman photos) and ${aiRealN} real 256 px crops of the shared ai-real set (camera and phone photos, DreamBooth subject photos, portraits, degraded face crops; read in place, licences per patch in its manifest). Every photo viewed and labelled by eye (scripts/eval/facial-attribute-analysis.labels.json); sculpted or painted faces, faces cut in part by a crop and faces too small to count left out. The detector and mesh thresholds were chosen on this set: there is no separate held-out split.`,
    },
  ],
  metrics: [
    {
      key: 'faces.face_photo_recall',
      label: 'Face photos answered with at least one face',
      set: 'faces-labelled',
      ...proportion(foundOnFacePhotos, facePhotos.length),
    },
    {
      key: 'faces.no_face_specificity',
      label: 'Photos without a face answered with none',
      set: 'faces-labelled',
      ...proportion(noneOnNoFace, noFace.length),
    },
    {
      key: 'faces.count_recall',
      label: 'Labelled faces found (counted per photo)',
      set: 'faces-labelled',
      ...proportion(tp, truth),
    },
    {
      key: 'faces.count_precision',
      label: 'Faces answered that match a labelled face (counted per photo)',
      set: 'faces-labelled',
      ...proportion(tp, found),
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
  ],
  per_class: [
    {
      label: 'face photos, Debian packages',
      set: 'faces-labelled',
      recall: proportion(
        facePhotos.filter((r) => r.photo.set === 'debian' && r.faces.length > 0).length,
        facePhotos.filter((r) => r.photo.set === 'debian').length,
      ),
    },
    {
      label: 'face photos, ai-real',
      set: 'faces-labelled',
      recall: proportion(
        facePhotos.filter((r) => r.photo.set === 'ai-real' && r.faces.length > 0).length,
        facePhotos.filter((r) => r.photo.set === 'ai-real').length,
      ),
    },
    {
      label: 'no-face photos, ai-real',
      set: 'faces-labelled',
      accuracy: proportion(
        noFace.filter((r) => r.photo.set === 'ai-real' && r.faces.length === 0).length,
        noFace.filter((r) => r.photo.set === 'ai-real').length,
      ),
    },
    {
      label: 'no-face photos, Debian packages',
      set: 'faces-labelled',
      accuracy: proportion(
        noFace.filter((r) => r.photo.set === 'debian' && r.faces.length === 0).length,
        noFace.filter((r) => r.photo.set === 'debian').length,
      ),
    },
  ],
  latency: [
    latencyRow(
      'warm, one image through the engine worker (decode, detection, mesh, liveness and anti-spoofing per face)',
      'faces-labelled',
      results.slice(0, TIMED).map((r) => r.ms),
      load,
    ),
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
      meaning: `The BlazeFace detector's score; faces below ${FACE_MIN_SCORE} are not answered. Not a calibrated probability.`,
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
      meaning:
        'Yaw, pitch and roll in degrees from the FaceMesh points; not measured against labelled angles (the set has no pose labels).',
    },
  ],
  failure_modes: [
    ...(falseFaces.length
      ? [
          `Faces answered on photos without a human face: ${falseFaces
            .slice(0, 6)
            .map((r) => r.photo.id.split('/').pop())
            .join(', ')} (animal faces, monkeys and apes above all).`,
        ]
      : []),
    'Very small faces, faces that fill and overflow the frame (tight crops), heavily degraded faces and strongly turned profiles are often missed; crowds come back with their larger faces only.',
    'The presentation-attack indicator reads one face crop: a sharp, well-lit screen or print photographed head-on can pass, and a dim or blurred real face can be flagged. It is an indicator to route a photo to review, not a verdict.',
    'Eye opening is read from the mesh eyelid points; sunglasses or heavy blur make it unreliable.',
  ],
  notes: [
    `Face counts are compared per photo (found vs labelled), not box by box: ${tp} of ${truth} labelled faces, ${found} answered on the ${counted.length} photos whose faces were counted.`,
    `Only ${screens.length} photo of faces shown on a screen or print is in the set (a television screen or poster of a cast, from the ai-real set), so the presentation-attack true-positive rate rests on ${screenFaces.length} faces; no such photo could be found in a Debian package, and none was staged.`,
    `${refused} photos of the sources are smaller than the API's minimum side and are not in the set.`,
    `The cold row is ${coldMs.length} fresh processes, each loading the four models and answering one face photo in process (VISION_WORKERS=0, as on Netlify); process start-up itself is not counted. Timings were taken while other work shared the machine (the load average is in the table).`,
  ],
};
const file = writeAccuracyCard(card);
console.log(
  `face photos with a face ${foundOnFacePhotos}/${facePhotos.length}; no-face photos with none ${noneOnNoFace}/${noFace.length}; counts tp ${tp} found ${found} truth ${truth}`,
);
for (const r of falseFaces)
  console.log(`  false face: ${r.photo.id} (${r.faces.map((f) => f.confidence).join(', ')})`);
for (const r of facePhotos.filter((x) => x.faces.length === 0)) console.log(`  missed: ${r.photo.id}`);
console.log(
  `PA flagged on real faces ${paFalse}/${realFaces.length}; on screen faces ${paTrue}/${screenFaces.length}`,
);
console.log(`wrote ${file}`);
