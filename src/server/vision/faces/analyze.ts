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
 * candidate (no detector) needs `FRAME_MESH_SCORE`. Chosen with the passes below on the tuning
 * folds of the labelled face set by scripts/data/face-rule-tune.ts (never on its dev part):
 * face photos with a face 41/42 against 38/42 for the previous rule (detector score at least
 * 0.6, no frame pass at 1.6x), no-face photos with none 326/335 against 322/335.
 */
export const FACE_MIN_SCORE = 0.7;
const MESH_MIN_SCORE = 0.5;
const FACE_LOW_SCORE = 0.4;
const MESH_STRICT_SCORE = 0.95;
const FRAME_MESH_SCORE = 0.9;
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
}

export const FACE_RULE: FaceRule = {
  minScore: FACE_MIN_SCORE,
  minMeshScore: MESH_MIN_SCORE,
  lowScore: FACE_LOW_SCORE,
  strictMeshScore: MESH_STRICT_SCORE,
  frameMeshScore: FRAME_MESH_SCORE,
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
 * misses). Measured too and not chosen: passes on the photo turned 30 degrees each way (no
 * more face photos, more animal faces), the detector at 1.5x and 3x margins and the mesh on
 * the frame at 1x (no more face photos on the folds, or more false faces).
 */
export const DETECT_PASSES: readonly DetectPass[] = [
  { angle: 0, margin: 1 },
  { angle: 0, margin: 2 },
  { angle: 0, margin: 1, grid: 3, fallback: true },
  { angle: 0, margin: 1.25, frame: true, fallback: true },
  { angle: 0, margin: 1.6, frame: true, fallback: true },
];
/** Tiles are read only on photos whose longer working side is at least this (a smaller photo is already seen whole). */
const TILE_MIN_SIDE = 512;
const TILE_SHARE = 0.5;

const anchors = blazeAnchors(BLAZE_INPUT);

/** Runs the detector on `region` of `image` padded to a square (`margin` times its longer side); candidates in `image` pixels. */
function detectRegion(
  models: FaceModels,
  image: Tf.Tensor3D,
  region: Corners,
  minScore: number,
  margin: number,
): BlazeCandidate[] {
  const [x1, y1, x2, y2] = region;
  const w = x2 - x1;
  const h = y2 - y1;
  const rows = tf.tidy(() => {
    const side = Math.round(Math.max(h, w) * margin);
    const padY = Math.floor((side - h) / 2);
    const padX = Math.floor((side - w) / 2);
    const part =
      x1 === 0 && y1 === 0 && w === image.shape[1] && h === image.shape[0]
        ? image
        : tf.slice(image, [y1, x1, 0], [h, w, 3]);
    const padded = tf.pad(part, [
      [padY, side - h - padY],
      [padX, side - w - padX],
      [0, 0],
    ]);
    const input = tf.expandDims(
      tf.sub(tf.div(tf.image.resizeBilinear(padded, [BLAZE_INPUT, BLAZE_INPUT]), 127.5), 1),
      0,
    );
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
  /** Angle of the turned photo the crop was read from. */
  angle: number;
  /** The mesh crop in the turned photo's pixels. */
  crop: Corners;
  /** Mesh points in (upright) working pixels. */
  mesh: MeshPoint[];
  /** Tight box of the mesh in working pixels. */
  box: Corners;
}

/** The working photo as a tensor, and its turned copies (built on first use). */
class TurnedViews {
  private readonly views = new Map<number, Tf.Tensor3D>();
  constructor(readonly image: Tf.Tensor3D) {}
  get(angle: number): Tf.Tensor3D {
    if (angle === 0) return this.image;
    let view = this.views.get(angle);
    if (!view) {
      view = tf.tidy(() =>
        tf.squeeze<Tf.Tensor3D>(
          tf.image.rotateWithOffset(tf.expandDims<Tf.Tensor4D>(this.image, 0), (angle * Math.PI) / 180, 0),
          [0],
        ),
      );
      this.views.set(angle, view);
    }
    return view;
  }
  dispose(): void {
    this.image.dispose();
    for (const v of this.views.values()) v.dispose();
  }
}

/** `crop` of `image` (corners in its pixels, may reach outside) resampled to side x side, 0-1. */
function cropFace(image: Tf.Tensor3D, crop: Corners, side: number): Tf.Tensor4D {
  const [h, w] = image.shape;
  return tf.div<Tf.Tensor4D>(
    tf.image.cropAndResize(
      tf.expandDims<Tf.Tensor4D>(image, 0),
      [[crop[1] / h, crop[0] / w, crop[3] / h, crop[2] / w]],
      [0],
      [side, side],
    ),
    255,
  );
}

/** A candidate is a face by the rule. */
const accepts = (c: Pick<MeshedCandidate, 'frame' | 'score' | 'meshScore'>, rule: FaceRule): boolean =>
  c.frame
    ? c.meshScore >= rule.frameMeshScore
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
    const side = Math.max(w, h) * pass.margin;
    const candidates: BlazeCandidate[] = pass.frame
      ? [
          {
            score: 0,
            box: meshCrop(
              [(w - side) / 2, (h - side) / 2, (w + side) / 2, (h + side) / 2],
              1 / MESH_CROP_SCALE,
            ),
            keypoints: [],
          },
        ]
      : suppress(
          detectRegions(w, h, grid, grid > 1 ? TILE_SHARE : 1).flatMap((region) =>
            detectRegion(models, views.get(pass.angle), region, lowScore, pass.margin),
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
      if (rule) {
        // The candidate's box in the upright photo (its centre turned back; near enough to compare).
        const [cx, cy] = unturn(
          [(candidate.box[0] + candidate.box[2]) / 2, (candidate.box[1] + candidate.box[3]) / 2],
          pass.angle,
          w,
          h,
        );
        const hw = (candidate.box[2] - candidate.box[0]) / 2;
        const hh = (candidate.box[3] - candidate.box[1]) / 2;
        if (faces.some((f) => iou(f, [cx - hw, cy - hh, cx + hw, cy + hh]) > NMS_IOU)) continue;
      }
      const view = views.get(pass.angle);
      const crop = meshCrop(candidate.box);
      const [raw, meshScore] = tf.tidy(() => {
        const outs = models.mesh.execute(cropFace(view, crop, MESH_INPUT)) as Tf.Tensor[];
        const flag = outs.find((t) => t.shape[t.shape.length - 1] === 1);
        const points = outs.find((t) => t.shape[t.shape.length - 1] === 1404);
        if (!flag || !points) throw new Error('faces: unexpected mesh outputs');
        return [points.dataSync() as Float32Array, flag.dataSync()[0] ?? 0] as const;
      });
      const mesh = meshToImage(raw, crop).map(([x, y, z]): MeshPoint => {
        const [ux, uy] = unturn([x, y], pass.angle, w, h);
        return [ux, uy, z];
      });
      const meshed: MeshedCandidate = {
        pass: index,
        frame: pass.frame === true,
        score: candidate.score,
        meshScore,
        angle: pass.angle,
        crop,
        mesh,
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
        const face = cropFace(views.get(c.angle), c.crop, MESH_INPUT);
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
        pose: headPose(c.mesh, c.crop[2] - c.crop[0]),
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
