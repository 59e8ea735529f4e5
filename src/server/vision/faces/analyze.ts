/**
 * Face analysis on the TensorFlow.js WASM backend the engine already runs CenterNet on, with the
 * face models shipped in `@vladmandic/human`'s `models/` folder:
 * - BlazeFace (MediaPipe, back-camera model, 256 px input) finds the faces;
 * - FaceMesh (MediaPipe, 468 points, 192 px crop) places the landmarks, from which the head pose,
 *   the eyes' opening and the face box come (./geometry.ts);
 * - the anti-spoofing model (128 px face crop) and the liveness model (32 px) each score how much
 *   the face looks like a live face rather than one shown on a screen or a print.
 * No identity, age, gender or emotion model is loaded. Models load on the first call in the
 * process that analyses (a worker of the engine, or the function instance), never at import.
 */
import sharp from 'sharp';
import type * as Tf from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import type { DecodedImage } from '../image-input';
import { initBackend, loadGraphFromDisk } from '../model';
import { tf } from '../tfjs';
import { FACE_MODEL_FILES, faceModelDir } from '../model-files';
import {
  BLAZE_INPUT,
  MESH_INPUT,
  blazeAnchors,
  decodeBlazeRows,
  detectRegions,
  eyeOpenness,
  fromSquare,
  headPose,
  keyLandmarks,
  meshBox,
  MESH_CROP_SCALE,
  meshCrop,
  meshToImage,
  outOfFrameShare,
  suppress,
  unturn,
  uprightTurn,
  type BlazeCandidate,
  type Corners,
  type MeshPoint,
} from './geometry';
import { iou } from '../box-iou';
import { QUALITY_SIDE, measureQuality, type FaceQuality } from './quality';

/**
 * A candidate is a face when the mesh confirms it: detector score at least `FACE_MIN_SCORE`
 * and mesh face-present score at least `MESH_MIN_SCORE`, or a weaker detection (at least
 * `FACE_LOW_SCORE`) that the mesh fits with at least `MESH_STRICT_SCORE`; a frame pass's
 * candidate (no detector) needs `FRAME_MESH_SCORE`; a candidate of a turned pass needs
 * `TURNED_MIN_SCORE` with `MESH_MIN_SCORE`. Chosen with the passes below on the tuning folds of
 * the labelled face set (labels v4) by scripts/data/face-rule-tune.ts (never on its dev part):
 * face photos with a face 54/56 against 50/56 for the previous rule and upright passes alone
 * (mesh score at least 0.5, weaker detections from 0.4 with at least 0.95), their copies turned
 * a quarter or half turn 154/168 against 41/168, no-face photos with none 329/345 against
 * 332/345. A detection whose eyes and mouth say the face lies on its side or upside down is
 * meshed in the photo turned to bring it upright (FaceMesh fits an upright face to whatever it
 * is shown).
 */
export const FACE_MIN_SCORE = 0.7;
const MESH_MIN_SCORE = 0.3;
const FACE_LOW_SCORE = 0.35;
const MESH_STRICT_SCORE = 0.99;
const FRAME_MESH_SCORE = 0.9;
const TURNED_MIN_SCORE = 0.8;
const NMS_IOU = 0.3;
/** At most this many faces are analysed in one photo (strongest first), and meshed per pass. */
const MAX_FACES = 20;

interface FaceModels {
  detector: GraphModel;
  mesh: GraphModel;
  antispoof: GraphModel;
  liveness: GraphModel;
}

let loading: Promise<FaceModels> | undefined;

/** Loads the four face models once per process; a failed load is retried by the next call. */
export function loadFaceModels(): Promise<FaceModels> {
  loading ??= (async () => {
    await initBackend();
    const dir = faceModelDir();
    const [detector, mesh, antispoof, liveness] = await Promise.all(
      FACE_MODEL_FILES.map((file) => loadGraphFromDisk(file, dir)),
    );
    if (!detector || !mesh || !antispoof || !liveness) throw new Error('faces: a model did not load');
    return { detector, mesh, antispoof, liveness };
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** One face as the engine reports it, in source-image pixels. */
export interface FaceFinding {
  /** Tight box of the mesh, corners. */
  box: Corners;
  /** Detector score, 0-1. */
  detectorScore: number;
  /** Mesh model's face-present score, 0-1. */
  meshScore: number;
  landmarks: ReturnType<typeof keyLandmarks>;
  /** All 468 mesh points ([x, y, z]; z relative depth). */
  mesh: MeshPoint[];
  pose: { yaw: number; pitch: number; roll: number };
  eyes: { left: number; right: number };
  quality: FaceQuality;
  /** Share of the mesh outside the photo. */
  outOfFrame: number;
  /** Anti-spoofing model: 0-1, high = looks like a live face. */
  antispoofReal: number;
  /** Liveness model: 0-1, high = looks like a live face. */
  liveness: number;
}

export interface FacesAnalysis {
  width: number;
  height: number;
  faces: FaceFinding[];
}

/** Thresholds of the face rule (evaluation sweeps override them). */
export interface FaceRule {
  minScore: number;
  minMeshScore: number;
  lowScore: number;
  strictMeshScore: number;
  /** Mesh score a frame pass's candidate needs. */
  frameMeshScore: number;
  /**
   * Detector score a candidate of a turned pass needs (with `minMeshScore`; no weaker path):
   * a turned photo shows the detector more face-like shapes than the upright one.
   */
  turnedMinScore: number;
}

export const FACE_RULE: FaceRule = {
  minScore: FACE_MIN_SCORE,
  minMeshScore: MESH_MIN_SCORE,
  lowScore: FACE_LOW_SCORE,
  strictMeshScore: MESH_STRICT_SCORE,
  frameMeshScore: FRAME_MESH_SCORE,
  turnedMinScore: TURNED_MIN_SCORE,
};

/** One pass of the detector over the photo. */
export interface DetectPass {
  /** The photo turned by this many degrees first (heads tilted the other way come upright). */
  angle: number;
  /** Each region padded to a square this many times its longer side (2: a face filling the frame is seen whole). */
  margin: number;
  /** A grid x grid of overlapping tiles instead of the whole photo (small faces); only on photos of at least TILE_MIN_SIDE. */
  grid?: number;
  /** Read only when the passes without it found no face (with a rule; tuning sweeps run every pass). */
  fallback?: boolean;
  /**
   * No detector: the mesh reads the photo's centred square (`margin` times its longer side) as
   * one candidate of detector score 0, for a face that fills and overflows the frame, which the
   * detector misses; the rule's `frameMeshScore` decides.
   */
  frame?: boolean;
}

/**
 * The detector's passes: the photo padded to a square; the same square with the photo at half
 * its side (a close-up whose face fills the frame is only found with a margin around it); a
 * 3 x 3 grid of overlapping tiles, each half the photo's sides (faces too small for the 256 px
 * view of the whole photo); and the mesh alone on the whole frame, read at 1.25 and 1.6 times
 * its longer side (a blurred face that fills the frame, or overflows it, which the detector
 * misses); then the photo turned a quarter turn each way and upside down, read whole and by
 * the mesh on its frame at 1.6x (a photo stored sideways or upside down, whose orientation tag
 * says upright, as cameras without an orientation sensor and some scanners leave them). Measured
 * too and not chosen: passes on the photo turned 30 degrees each way (no more face photos, more
 * animal faces), the detector at 1.5x and 3x margins and the mesh on the frame at 1x (no more
 * face photos on the folds, or more false faces), the turned photos at half the square (one
 * turned copy more than without it, one no-face photo fewer answered with none).
 */
export const DETECT_PASSES: readonly DetectPass[] = [
  { angle: 0, margin: 1 },
  { angle: 0, margin: 2 },
  { angle: 0, margin: 1, grid: 3, fallback: true },
  { angle: 0, margin: 1.25, frame: true, fallback: true },
  { angle: 0, margin: 1.6, frame: true, fallback: true },
  { angle: 90, margin: 1, fallback: true },
  { angle: 270, margin: 1, fallback: true },
  { angle: 180, margin: 1, fallback: true },
  { angle: 90, margin: 1.6, frame: true, fallback: true },
  { angle: 270, margin: 1.6, frame: true, fallback: true },
  { angle: 180, margin: 1.6, frame: true, fallback: true },
];
/** Tiles are read only on photos whose longer working side is at least this (a smaller photo is already seen whole). */
const TILE_MIN_SIDE = 512;
const TILE_SHARE = 0.5;

const anchors = blazeAnchors(BLAZE_INPUT);

/**
 * Runs the detector on `region` of a view of the photo (its pixels) padded to a square (`margin`
 * times its longer side); candidates in the view's pixels. The square is sampled straight at the
 * detector's input size (padding outside the photo is black), so a pass costs the same whatever
 * the photo's size or the margin.
 */
function detectRegion(
  models: FaceModels,
  views: TurnedViews,
  angle: number,
  region: Corners,
  minScore: number,
  margin: number,
): BlazeCandidate[] {
  const [x1, y1, x2, y2] = region;
  const w = x2 - x1;
  const h = y2 - y1;
  const side = Math.max(h, w) * margin;
  const left = x1 - (side - w) / 2;
  const top = y1 - (side - h) / 2;
  const rows = tf.tidy(() => {
    const square = views.sample(angle, [left, top, left + side, top + side], BLAZE_INPUT);
    const input = tf.sub(tf.div(square, 127.5), 1);
    const outs = models.detector.execute(input) as Tf.Tensor[];
    // Four outputs: scores and regressors of the 16 px grid (512 anchors) and the 32 px grid (384).
    const [s384, s512, r384, r512] = [...outs].sort((a, b) => a.size - b.size);
    if (!s384 || !s512 || !r384 || !r512) throw new Error('faces: unexpected detector outputs');
    const all = tf.concat([tf.concat([s512, r512], 2), tf.concat([s384, r384], 2)], 1);
    return all.dataSync() as Float32Array;
  });
  return decodeBlazeRows(rows, anchors, minScore).map((c) => {
    const { box, keypoints } = fromSquare(c, w, h, margin);
    return {
      score: c.score,
      box: [box[0] + x1, box[1] + y1, box[2] + x1, box[3] + y1] as Corners,
      keypoints: keypoints.map(([x, y]) => [x + x1, y + y1] as [number, number]),
    };
  });
}

/** A detector candidate the mesh was fitted to. */
export interface MeshedCandidate {
  /** Index in the passes run. */
  pass: number;
  /** Detector score. */
  score: number;
  /** Mesh face-present score. */
  meshScore: number;
  /** From a frame pass (no detector). */
  frame: boolean;
  /** Angle of the turned photo the detector pass read. */
  angle: number;
  /** Angle of the turned photo the mesh read: the pass's, and a quarter or half turn more for a face lying on its side or upside down in it. */
  meshAngle: number;
  /** The mesh crop in the pixels of the photo turned by `meshAngle`. */
  crop: Corners;
  /** Mesh points in (upright) working pixels. */
  mesh: MeshPoint[];
  /** Mesh points in the pixels of the photo turned by `meshAngle` (where the face is upright). */
  viewMesh: MeshPoint[];
  /** Tight box of the mesh in working pixels. */
  box: Corners;
}

/** A quarter or half turn (90, 180, 270 degrees, counter-clockwise on screen), else undefined. */
const quarterTurn = (angle: number): 0 | 90 | 180 | 270 | undefined => {
  const a = ((angle % 360) + 360) % 360;
  return a === 0 || a === 90 || a === 180 || a === 270 ? a : undefined;
};

/**
 * The working photo as a tensor, and the views the passes read it in: upright, or turned by an
 * angle. A quarter or half turn is never built whole: a square of the turned view is the same
 * square of the upright photo (./geometry.ts `unturn` maps it back) sampled there, then turned.
 * Another angle turns the photo in its own frame (tf.image.rotateWithOffset, built on first use).
 */
class TurnedViews {
  private readonly rotated = new Map<number, Tf.Tensor3D>();
  private readonly batch: Tf.Tensor4D;
  constructor(readonly image: Tf.Tensor3D) {
    this.batch = tf.expandDims<Tf.Tensor4D>(image, 0);
  }
  /** A point of the upright photo in the photo turned by `angle` (the inverse of `unturn`). */
  toView(point: readonly [number, number], angle: number): [number, number] {
    const [vh, vw] = this.dims(angle);
    return unturn(point, -angle, vw, vh);
  }
  /** Height and width of the photo turned by `angle`. */
  dims(angle: number): [number, number] {
    const [h, w] = this.image.shape;
    const turn = quarterTurn(angle);
    return turn === 90 || turn === 270 ? [w, h] : [h, w];
  }
  private rotatedView(angle: number): Tf.Tensor4D {
    let view = this.rotated.get(angle);
    if (!view) {
      // Kept: it is first built inside a pass's tidy, and lives until dispose().
      view = tf.keep(
        tf.tidy(() =>
          tf.squeeze<Tf.Tensor3D>(tf.image.rotateWithOffset(this.batch, (angle * Math.PI) / 180, 0), [0]),
        ),
      );
      this.rotated.set(angle, view);
    }
    return tf.expandDims<Tf.Tensor4D>(view, 0);
  }
  /**
   * `box` (a square, in the turned view's pixels, may reach outside: black there) sampled at
   * side x side, pixel values 0-255, as a batch of one. `detector`: sampled at pixel centres (the
   * square resized as the detector's input); otherwise as the face crops of the mesh and the
   * presentation-attack models have always been read (tf.image.cropAndResize over the box).
   */
  sample(angle: number, box: Corners, side: number, detector = true): Tf.Tensor4D {
    const turn = quarterTurn(angle);
    const [h, w] = this.image.shape;
    let source = this.batch;
    let [x1, y1, x2, y2] = box;
    if (turn === undefined) source = this.rotatedView(angle);
    else if (turn !== 0) {
      const a = unturn([x1, y1], turn, w, h);
      const b = unturn([x2, y2], turn, w, h);
      [x1, y1, x2, y2] = [
        Math.min(a[0], b[0]),
        Math.min(a[1], b[1]),
        Math.max(a[0], b[0]),
        Math.max(a[1], b[1]),
      ];
    }
    // cropAndResize reads normalised y at pixel index y * (h - 1); the detector's samples sit at
    // the centres of a side x side grid over the box.
    const at = (v: number, length: number, size: number, end: boolean): number =>
      detector ? (v + ((end ? -0.5 : 0.5) * length) / side - 0.5) / (size - 1) : v / size;
    const normalised = [
      at(y1, y2 - y1, h, false),
      at(x1, x2 - x1, w, false),
      at(y2, y2 - y1, h, true),
      at(x2, x2 - x1, w, true),
    ];
    const square = tf.image.cropAndResize(source, [normalised], [0], [side, side], 'bilinear', 0);
    // The upright square, turned as the view is (counter-clockwise on screen).
    if (turn === 90) return tf.reverse(tf.transpose(square, [0, 2, 1, 3]), 1);
    if (turn === 180) return tf.reverse(square, [1, 2]);
    if (turn === 270) return tf.reverse(tf.transpose(square, [0, 2, 1, 3]), 2);
    return square;
  }
  dispose(): void {
    this.batch.dispose();
    this.image.dispose();
    for (const v of this.rotated.values()) v.dispose();
  }
}

/** `crop` of the photo turned by `angle` (corners in that view's pixels, may reach outside) at side x side, 0-1. */
function cropFace(views: TurnedViews, angle: number, crop: Corners, side: number): Tf.Tensor4D {
  return tf.div<Tf.Tensor4D>(views.sample(angle, crop, side, false), 255);
}

/** A candidate is a face by the rule. */
const accepts = (
  c: Pick<MeshedCandidate, 'frame' | 'score' | 'meshScore' | 'angle'>,
  rule: FaceRule,
): boolean =>
  c.frame
    ? c.meshScore >= rule.frameMeshScore
    : c.angle !== 0
      ? c.score >= rule.turnedMinScore && c.meshScore >= rule.minMeshScore
      : (c.score >= rule.minScore && c.meshScore >= rule.minMeshScore) ||
        (c.score >= rule.lowScore && c.meshScore >= rule.strictMeshScore);

/**
 * The candidates of every pass scoring at least `lowScore` (suppressed within their pass, at
 * most MAX_FACES a pass), strongest first, each with the mesh fitted in the view it was found
 * in. With a `rule`, a candidate overlapping a face already accepted is not meshed again, and
 * the fallback passes (tiles, the mesh on the frame) are read only when the others found no face
 * (so they cost time mostly on photos without a face; a photo answers at least one face exactly
 * when it would with every pass run); without one (tuning sweeps), every pass runs and every
 * candidate is meshed.
 */
function meshedCandidates(
  models: FaceModels,
  views: TurnedViews,
  passes: readonly DetectPass[],
  lowScore: number,
  rule?: FaceRule,
): MeshedCandidate[] {
  const [h, w] = views.image.shape;
  const detectPass = (pass: DetectPass, index: number) => {
    const grid = pass.grid ?? 1;
    if (grid > 1 && Math.max(w, h) < TILE_MIN_SIDE) return [];
    // A quarter turn's view is the photo's height wide.
    const [vh, vw] = views.dims(pass.angle);
    const side = Math.max(vw, vh) * pass.margin;
    const candidates: BlazeCandidate[] = pass.frame
      ? [
          {
            score: 0,
            box: meshCrop(
              [(vw - side) / 2, (vh - side) / 2, (vw + side) / 2, (vh + side) / 2],
              1 / MESH_CROP_SCALE,
            ),
            keypoints: [],
          },
        ]
      : suppress(
          detectRegions(vw, vh, grid, grid > 1 ? TILE_SHARE : 1).flatMap((region) =>
            detectRegion(
              models,
              views,
              pass.angle,
              region,
              // A turned pass's weaker candidates could never be accepted: not meshed.
              rule && pass.angle !== 0 ? Math.max(lowScore, rule.turnedMinScore) : lowScore,
              pass.margin,
            ),
          ),
          NMS_IOU,
          MAX_FACES,
        );
    return candidates.map((candidate) => ({ candidate, pass, index }));
  };
  const out: MeshedCandidate[] = [];
  const faces: Corners[] = [];
  const meshFound = (found: ReturnType<typeof detectPass>): void => {
    found.sort((a, b) => b.candidate.score - a.candidate.score);
    for (const { candidate, pass, index } of found) {
      // The candidate's centre in the upright photo.
      const centre = unturn(
        [(candidate.box[0] + candidate.box[2]) / 2, (candidate.box[1] + candidate.box[3]) / 2],
        pass.angle,
        w,
        h,
      );
      if (rule) {
        // Its box in the upright photo (the centre turned back; near enough to compare).
        const [cx, cy] = centre;
        const hw = (candidate.box[2] - candidate.box[0]) / 2;
        const hh = (candidate.box[3] - candidate.box[1]) / 2;
        if (faces.some((f) => iou(f, [cx - hw, cy - hh, cx + hw, cy + hh]) > NMS_IOU)) continue;
      }
      // A face lying on its side or upside down in the pass's view is meshed in a view that has it upright.
      const turn = quarterTurn(pass.angle) === undefined ? 0 : uprightTurn(candidate.keypoints);
      const meshAngle = (pass.angle + turn) % 360;
      let box = candidate.box;
      if (turn !== 0) {
        const half = Math.max(box[2] - box[0], box[3] - box[1]) / 2;
        const [cx, cy] = views.toView(centre, meshAngle);
        box = [cx - half, cy - half, cx + half, cy + half];
      }
      const crop = meshCrop(box);
      const [raw, meshScore] = tf.tidy(() => {
        const outs = models.mesh.execute(cropFace(views, meshAngle, crop, MESH_INPUT)) as Tf.Tensor[];
        const flag = outs.find((t) => t.shape[t.shape.length - 1] === 1);
        const points = outs.find((t) => t.shape[t.shape.length - 1] === 1404);
        if (!flag || !points) throw new Error('faces: unexpected mesh outputs');
        return [points.dataSync() as Float32Array, flag.dataSync()[0] ?? 0] as const;
      });
      const viewMesh = meshToImage(raw, crop);
      const mesh = viewMesh.map(([x, y, z]): MeshPoint => {
        const [ux, uy] = unturn([x, y], meshAngle, w, h);
        return [ux, uy, z];
      });
      const meshed: MeshedCandidate = {
        pass: index,
        frame: pass.frame === true,
        score: candidate.score,
        meshScore,
        angle: pass.angle,
        meshAngle,
        crop,
        mesh,
        viewMesh,
        box: meshBox(mesh),
      };
      out.push(meshed);
      if (rule && accepts(meshed, rule)) faces.push(meshed.box);
    }
  };
  const fallback = (pass: DetectPass): boolean => pass.fallback === true;
  if (!rule) meshFound(passes.flatMap(detectPass));
  else {
    // Tiles cost a detector run each, a frame pass a mesh run: read only when the whole photo showed no face.
    meshFound(passes.flatMap((p, i) => (fallback(p) ? [] : detectPass(p, i))));
    if (faces.length === 0) meshFound(passes.flatMap((p, i) => (fallback(p) ? detectPass(p, i) : [])));
  }
  return out;
}

/** The candidates the rule accepts as faces, overlapping ones merged (the strongest detection kept). */
export function acceptFaces(
  candidates: readonly MeshedCandidate[],
  rule: FaceRule = FACE_RULE,
): MeshedCandidate[] {
  return suppress(
    candidates.filter((c) => accepts(c, rule)),
    NMS_IOU,
    MAX_FACES,
  );
}

interface FaceAnalyzeOptions {
  /** Overrides FACE_RULE (evaluation sweeps). */
  rule?: FaceRule;
  /** Overrides DETECT_PASSES (evaluation sweeps). */
  passes?: readonly DetectPass[];
}

const workImage = (decoded: DecodedImage): Tf.Tensor3D => {
  const { data, width: w, height: h } = decoded.pixels;
  return tf.tensor3d(Float32Array.from(data), [h, w, 3], 'float32');
};

/**
 * Every meshed candidate of a decoded photo before the face rule, in working pixels (the
 * evaluation's tuning sweeps apply the rule themselves).
 */
export async function faceCandidates(
  decoded: DecodedImage,
  passes: readonly DetectPass[] = DETECT_PASSES,
  lowScore = FACE_LOW_SCORE,
): Promise<MeshedCandidate[]> {
  const models = await loadFaceModels();
  const views = new TurnedViews(workImage(decoded));
  try {
    return meshedCandidates(models, views, passes, lowScore);
  } finally {
    views.dispose();
  }
}

/**
 * Analyses every face of a decoded photo. Works on the decoded pixels (longest side at most
 * 1024) and reports in the photo's own pixels.
 */
export async function analyzeFaces(
  decoded: DecodedImage,
  options: FaceAnalyzeOptions = {},
): Promise<FacesAnalysis> {
  const models = await loadFaceModels();
  const rule = options.rule ?? FACE_RULE;
  const scale = decoded.width / decoded.pixels.width;
  const views = new TurnedViews(workImage(decoded));
  try {
    const candidates = meshedCandidates(
      models,
      views,
      options.passes ?? DETECT_PASSES,
      Math.min(rule.minScore, rule.lowScore),
      rule,
    );
    const faces: FaceFinding[] = [];
    for (const c of acceptFaces(candidates, rule)) {
      const [real, live] = tf.tidy(() => {
        const face = cropFace(views, c.meshAngle, c.crop, MESH_INPUT);
        const spoof = models.antispoof.execute(tf.image.resizeBilinear(face, [128, 128])) as Tf.Tensor;
        const alive = models.liveness.execute(tf.image.resizeBilinear(face, [32, 32])) as Tf.Tensor;
        return [spoof.dataSync()[0] ?? 0, alive.dataSync()[0] ?? 0] as const;
      });
      const quality = await faceQuality(decoded.pixels, c.box);
      const mesh = c.mesh.map(([x, y, z]) => [x * scale, y * scale, z] as MeshPoint);
      const box = c.box.map((v) => v * scale) as Corners;
      faces.push({
        box,
        detectorScore: c.score,
        meshScore: c.meshScore,
        landmarks: keyLandmarks(mesh),
        mesh,
        pose: poseInPhoto(c),
        eyes: eyeOpenness(mesh),
        quality,
        outOfFrame: outOfFrameShare(mesh, decoded.width, decoded.height),
        antispoofReal: real,
        liveness: live,
      });
    }
    return { width: decoded.width, height: decoded.height, faces };
  } finally {
    views.dispose();
  }
}

/**
 * Head pose of a meshed face: read where the face is upright (the view turned by `meshAngle`), its
 * roll then turned back, so a face in a photo stored sideways reads as it shows in that photo
 * (roll about -90 or 90) with the yaw and pitch of the head itself.
 */
function poseInPhoto(c: MeshedCandidate): FaceFinding['pose'] {
  const pose = headPose(c.viewMesh, c.crop[2] - c.crop[0]);
  // A clockwise tilt on screen reads as a negative roll; the view turned the face counter-clockwise.
  const roll = ((((pose.roll - c.meshAngle + 180) % 360) + 360) % 360) - 180;
  return { ...pose, roll: Math.round(roll * 10) / 10 + 0 };
}

/** The face's box (clipped to the photo) in greyscale at QUALITY_SIDE squared, measured. */
async function faceQuality(pixels: DecodedImage['pixels'], box: Corners): Promise<FaceQuality> {
  const left = Math.max(0, Math.floor(box[0]));
  const top = Math.max(0, Math.floor(box[1]));
  const right = Math.min(pixels.width, Math.ceil(box[2]));
  const bottom = Math.min(pixels.height, Math.ceil(box[3]));
  const width = Math.max(1, right - left);
  const height = Math.max(1, bottom - top);
  const grey = await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
    .extract({ left: Math.min(left, pixels.width - 1), top: Math.min(top, pixels.height - 1), width, height })
    .greyscale()
    .resize(QUALITY_SIDE, QUALITY_SIDE, { fit: 'fill' })
    .raw()
    .toBuffer();
  return measureQuality(new Uint8Array(grey.buffer, grey.byteOffset, grey.byteLength));
}
