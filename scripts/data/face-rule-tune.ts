/**
 * Chooses the face detector's passes and thresholds (FACE_RULE and DETECT_PASSES of
 * src/server/vision/faces/analyze.ts) on the tuning folds of the labelled face set
 * (scripts/lib/face-set.ts), never on its dev part: every photo of the folds is analysed once
 * with every candidate pass at a low detector score, each candidate's mesh score kept, then
 * each combination of passes and thresholds is scored from those candidates: face photos
 * answered with at least one face and photos without a face answered with none, per fold and
 * pooled. The choice: the highest pooled face-photo rate among rules that answer at least
 * `--min-specificity` of no-face photos with none on every fold, then the fewest passes, the
 * highest pooled no-face rate, and the fewest thresholds changed from the analyser's rule.
 * Each tuning face photo is also read turned a quarter turn each way and upside down (a photo
 * stored sideways, its orientation lost): among rules level on the upright photos, the one that
 * finds a face on the most turned copies wins.
 * `--cache <file>` keeps the candidates between runs (a cached photo is given only the passes
 * it lacks, so a pass added to PASSES costs one run of that pass).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseCli } from '../lib/cli';
import { facePhotos, isFacePhoto, TURNS, turnedCopy, type FaceSplit } from '../lib/face-set';
import { decodeImage } from '../../src/server/vision/image-input';
import {
  DETECT_PASSES,
  FACE_RULE,
  acceptFaces,
  faceCandidates,
  type DetectPass,
  type FaceRule,
  type MeshedCandidate,
} from '../../src/server/vision/faces/analyze';
import { HttpError } from '../../src/server/http/errors';

const { values } = parseCli(
  `Usage: npx tsx scripts/data/face-rule-tune.ts [--cache file] [--min-specificity 0.95] [--limit n]
Scores detector passes and thresholds on the tuning folds of the labelled face set (the dev part is never read).`,
  {
    options: {
      cache: { type: 'string' },
      'min-specificity': { type: 'string', default: '0.95' },
      limit: { type: 'string' },
      shard: { type: 'string' },
      'read-cache': { type: 'string', multiple: true },
    },
  },
);

/** Every pass a rule may use; a rule names the indices it runs. */
const PASSES: DetectPass[] = [
  { angle: 0, margin: 1 },
  { angle: 0, margin: 2 },
  { angle: 30, margin: 1 },
  { angle: -30, margin: 1 },
  { angle: 0, margin: 1, grid: 3 },
  { angle: 0, margin: 1.25, frame: true },
  { angle: 0, margin: 1.5 },
  { angle: 0, margin: 3 },
  { angle: 0, margin: 1, frame: true },
  { angle: 0, margin: 1.6, frame: true },
  { angle: 90, margin: 1 },
  { angle: 270, margin: 1 },
  { angle: 180, margin: 1 },
  { angle: 90, margin: 2 },
  { angle: 270, margin: 2 },
  { angle: 180, margin: 2 },
  { angle: 90, margin: 1.6, frame: true },
  { angle: 270, margin: 1.6, frame: true },
  { angle: 180, margin: 1.6, frame: true },
];
/** Passes of a cached row written before the row recorded its passes. */
const FIRST_PASSES = [0, 1, 2, 3, 4, 5];
const LOW = 0.25;

interface Row {
  id: string;
  split: FaceSplit;
  face: boolean;
  noFace: boolean;
  /** A turned copy of a face photo. */
  turned?: boolean;
  ms: number;
  /** Indices of PASSES run on the photo (a cached row gets the passes it lacks). */
  passes?: number[];
  candidates: Pick<MeshedCandidate, 'pass' | 'frame' | 'score' | 'meshScore' | 'box' | 'angle'>[];
}

/** `--shard k/n`: this process collects every n-th photo from the k-th (several processes side by side). */
const [shard, shards] = (values.shard ?? '1/1').split('/').map(Number) as [number, number];

/** Indices of PASSES not run yet on a photo (all of them without a cached row). */
const missingPasses = (row: Row | undefined): number[] =>
  PASSES.map((_, i) => i).filter((i) => !row || !(row.passes ?? FIRST_PASSES).includes(i));

/** Candidates of every tuning photo not in `rows` yet, appended; cached rows get the passes they lack. */
async function collect(rows: Row[]): Promise<Row[]> {
  const known = new Map(rows.map((r) => [r.id, r]));
  const tuning = facePhotos().filter((p) => p.split !== 'dev' && p.label !== 'screen');
  const turnedCopies = tuning
    .filter((p) => isFacePhoto(p.label))
    .flatMap((p) =>
      TURNS.map((turn) => ({
        ...p,
        id: `${p.id}#turned-${turn}`,
        turned: true,
        bytes: async () => turnedCopy(await p.bytes(), turn),
      })),
    );
  const photos = [...tuning.map((p) => ({ ...p, turned: false })), ...turnedCopies]
    .filter((p) => missingPasses(known.get(p.id)).length > 0)
    .sort((a, b) => Number(isFacePhoto(b.label)) - Number(isFacePhoto(a.label)))
    .filter((_, i) => i % shards === shard - 1);
  const limit = Number(values.limit ?? Infinity);
  let done = 0;
  for (const photo of photos.slice(0, limit)) {
    const decoded = await decodeImage(await photo.bytes()).catch((error: unknown) => {
      if (error instanceof HttpError && error.code === 'INVALID_IMAGE') return undefined;
      throw error;
    });
    if (!decoded) continue;
    const row = known.get(photo.id);
    const run = missingPasses(row);
    const t0 = performance.now();
    const candidates = await faceCandidates(
      decoded,
      run.map((i) => PASSES[i]!),
      LOW,
    );
    const found = candidates.map(({ pass, frame, score, meshScore, box, angle }) => ({
      pass: run[pass]!,
      frame,
      score,
      meshScore,
      box,
      angle,
    }));
    const ms = performance.now() - t0;
    if (row)
      Object.assign(row, {
        passes: [...(row.passes ?? FIRST_PASSES), ...run],
        candidates: [...row.candidates, ...found],
        ms: row.ms + ms,
      });
    else
      rows.push({
        id: photo.id,
        split: photo.split,
        face: isFacePhoto(photo.label),
        noFace: photo.label === 0,
        turned: photo.turned,
        ms,
        passes: run,
        candidates: found,
      });
    if (++done % 25 === 0) {
      console.log(`${done} photos`);
      if (values.cache) writeFileSync(values.cache, JSON.stringify(rows));
    }
  }
  return rows;
}

const cache = values.cache;
/** A cached row; candidates cached before they recorded their pass's angle take it from PASSES. */
const read = (file: string): Row[] =>
  existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Row[]).map((r) => ({
        ...r,
        candidates: r.candidates.map((c) => ({ ...c, angle: c.angle ?? PASSES[c.pass]?.angle ?? 0 })),
      }))
    : [];
const known = [...(cache ? read(cache) : []), ...(values['read-cache'] ?? []).flatMap(read)];
/** Cached rows take the labels file's current labels; photos it now leaves out are dropped. */
const current = new Map(facePhotos().map((p) => [p.id, p]));
const rows = (await collect([...new Map(known.map((r) => [r.id, r])).values()])).flatMap((r) => {
  const photo = current.get(r.id.replace(/#turned-\d+$/, ''));
  return photo && photo.split !== 'dev' && photo.label !== 'screen'
    ? [{ ...r, split: photo.split, face: isFacePhoto(photo.label), noFace: photo.label === 0 }]
    : [];
});
if (cache) writeFileSync(cache, JSON.stringify(rows));

/**
 * The upright passes shipped before the turned ones (photo, half square, tiles, the frame at
 * 1.25x and 1.6x), alone and with turned passes beside them: the photo turned upside down, a
 * quarter turn each way, all three, and the three with the half square or the frame at 1.6x
 * turned too.
 */
const passSets = [
  [0, 1, 4, 5, 9],
  [0, 1, 4, 5, 9, 12],
  [0, 1, 4, 5, 9, 10, 11],
  [0, 1, 4, 5, 9, 10, 11, 12],
  [0, 1, 4, 5, 9, 10, 11, 12, 13, 14, 15],
  [0, 1, 4, 5, 9, 10, 11, 12, 16, 17, 18],
  [0, 1, 4, 5, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18],
];
const turnedPasses = (passes: readonly number[]): boolean => passes.some((i) => PASSES[i]!.angle !== 0);
const rules: FaceRule[] = [];
for (const minScore of [0.4, 0.5, 0.6, 0.7])
  for (const minMeshScore of [0.3, 0.5, 0.7, 0.9])
    for (const lowScore of [0.25, 0.3, 0.35, 0.4])
      for (const strictMeshScore of [0.8, 0.85, 0.9, 0.95, 0.99, 2])
        for (const frameMeshScore of [0.8, 0.85, 0.9, 0.95, 0.99, 0.999])
          for (const turnedMinScore of [0.6, 0.7, 0.8, 0.9])
            rules.push({ minScore, minMeshScore, lowScore, strictMeshScore, frameMeshScore, turnedMinScore });

const folds: FaceSplit[] = ['tune-1', 'tune-2'];
interface Score {
  passes: number[];
  rule: FaceRule;
  recall: number;
  /** Turned copies of the face photos answered with a face (both folds). */
  turnedRecall: number;
  turnedHits: string;
  specificity: number;
  perFold: { fold: FaceSplit; recall: string; specificity: string; minSpec: number }[];
}
const scores: Score[] = [];
/** Faces a rule answers on a photo from its candidates of `passes`. */
const answerOf = (r: Row, passes: readonly number[], rule: FaceRule): number =>
  acceptFaces(r.candidates.filter((c) => passes.includes(c.pass)) as MeshedCandidate[], rule).length;
const turnedRows = rows.filter((r) => r.face && r.turned);
for (const passes of passSets)
  for (const rule of rules) {
    // A rule's turned threshold matters only where turned passes run.
    if (!turnedPasses(passes) && rule.turnedMinScore !== FACE_RULE.turnedMinScore) continue;
    const answer = (r: Row): number => answerOf(r, passes, rule);
    const turnedHit = turnedRows.filter((r) => answer(r) > 0).length;
    const perFold = folds.map((fold) => {
      const faces = rows.filter((r) => r.split === fold && r.face && !r.turned);
      const none = rows.filter((r) => r.split === fold && r.noFace);
      const hit = faces.filter((r) => answer(r) > 0).length;
      const clean = none.filter((r) => answer(r) === 0).length;
      return {
        fold,
        hit,
        clean,
        recall: `${hit}/${faces.length}`,
        specificity: `${clean}/${none.length}`,
        minSpec: clean / Math.max(1, none.length),
        nFace: faces.length,
        nNone: none.length,
      };
    });
    const sum = (k: 'hit' | 'clean' | 'nFace' | 'nNone'): number => perFold.reduce((s, f) => s + f[k], 0);
    scores.push({
      passes,
      rule,
      recall: sum('hit') / Math.max(1, sum('nFace')),
      turnedRecall: turnedHit / Math.max(1, turnedRows.length),
      turnedHits: `${turnedHit}/${turnedRows.length}`,
      specificity: sum('clean') / Math.max(1, sum('nNone')),
      perFold: perFold.map(({ fold, recall, specificity, minSpec }) => ({
        fold,
        recall,
        specificity,
        minSpec,
      })),
    });
  }

const minSpec = Number(values['min-specificity']);
/** Thresholds a rule changes from the analyser's (ties go to the smallest change). */
const changed = (rule: FaceRule): number =>
  (Object.keys(rule) as (keyof FaceRule)[]).filter((k) => rule[k] !== FACE_RULE[k]).length;
const eligible = scores
  .filter((s) => s.perFold.every((f) => f.minSpec >= minSpec))
  .sort(
    (a, b) =>
      b.recall - a.recall ||
      b.turnedRecall - a.turnedRecall ||
      a.passes.length - b.passes.length ||
      b.specificity - a.specificity ||
      changed(a.rule) - changed(b.rule),
  );
const fmt = (s: Score): string =>
  `passes [${s.passes.join(',')}] min ${s.rule.minScore}/${s.rule.minMeshScore} low ${s.rule.lowScore}/${s.rule.strictMeshScore} frame ${s.rule.frameMeshScore} turned ${s.rule.turnedMinScore}: recall ${(s.recall * 100).toFixed(1)}%, turned copies ${s.turnedHits}, specificity ${(s.specificity * 100).toFixed(1)}% (${s.perFold.map((f) => `${f.fold} ${f.recall} faces, ${f.specificity} clean`).join('; ')})`;
console.log(
  `${rows.length - turnedRows.length} tuning photos and ${turnedRows.length} turned copies of their face photos; passes: ${PASSES.map((p, i) => `${i} ${JSON.stringify(p)}`).join(' ')}`,
);
const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
console.log(`candidates of all passes per photo: p50 ${Math.round(ms[Math.floor(ms.length / 2)] ?? 0)} ms`);
/** A pass as the sweep knows it (whether it is a fallback changes no answer's face/no-face). */
const key = ({ fallback: _, ...pass }: DetectPass): string => JSON.stringify(pass);
const shipped = DETECT_PASSES.map((p) => PASSES.findIndex((q) => key(q) === key(p)));
const today = scores.find(
  (s) => s.passes.join() === shipped.join() && JSON.stringify(s.rule) === JSON.stringify(FACE_RULE),
);
if (today) console.log(`the analyser's rule: ${fmt(today)}`);
for (const passes of passSets) {
  const best = eligible.find((s) => s.passes.join() === passes.join());
  if (best) console.log(`best with these passes: ${fmt(best)}`);
}
const chosen = eligible[0];
console.log(`chosen: ${chosen ? fmt(chosen) : 'none meets the specificity floor'}`);
if (chosen)
  for (const r of rows) {
    const n = answerOf(r, chosen.passes, chosen.rule);
    if (r.face && n === 0 && !r.turned) console.log(`  missed: ${r.id} (${r.split})`);
    if (r.noFace && n > 0) console.log(`  false face: ${r.id} (${r.split})`);
  }
