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
import * as tf from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import type { DecodedImage } from '../image-input';
import { initBackend, loadGraphFromDisk } from '../model';
import { FACE_MODEL_FILES, faceModelDir } from '../model-files';
import {
  BLAZE_INPUT,
  MESH_INPUT,
  blazeAnchors,
  decodeBlazeRows,
  eyeOpenness,
  fromSquare,
  headPose,
  keyLandmarks,
  meshBox,
  meshCrop,
  meshToImage,
  outOfFrameShare,
  suppress,
  type Corners,
  type MeshPoint,
} from './geometry';
import { QUALITY_SIDE, measureQuality, type FaceQuality } from './quality';

/** Detector score below which a candidate is dropped (chosen on the labelled face set of scripts/eval/facial-attribute-analysis.ts, with the mesh score below). */
export const FACE_MIN_SCORE = 0.5;
/** Mesh "face present" score below which a detector candidate is not a face. */
const MESH_MIN_SCORE = 0.5;
const NMS_IOU = 0.3;
/** At most this many faces are analysed in one photo (strongest first). */
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

interface FaceAnalyzeOptions {
  /** Overrides FACE_MIN_SCORE (evaluation sweeps). */
  minScore?: number;
  /** Overrides MESH_MIN_SCORE (evaluation sweeps). */
  minMeshScore?: number;
}

const anchors = blazeAnchors(BLAZE_INPUT);

/**
 * The detector's passes: the photo padded to a square, then the same square with the photo at
 * half its side (a close-up whose face fills the frame is only found with a margin around it).
 */
const DETECT_MARGINS = [1, 2] as const;

/** Runs the detector on the photo padded to a square (`margin` times its longer side); candidates in 0-1 of that square. */
async function detect(models: FaceModels, image: tf.Tensor3D, minScore: number, margin: number) {
  const rows = tf.tidy(() => {
    const [h, w] = image.shape;
    const side = Math.round(Math.max(h, w) * margin);
    const padY = Math.floor((side - h) / 2);
    const padX = Math.floor((side - w) / 2);
    const padded = tf.pad(image, [
      [padY, side - h - padY],
      [padX, side - w - padX],
      [0, 0],
    ]);
    const input = tf.expandDims(
      tf.sub(tf.div(tf.image.resizeBilinear(padded, [BLAZE_INPUT, BLAZE_INPUT]), 127.5), 1),
      0,
    );
    const outs = models.detector.execute(input) as tf.Tensor[];
    // Four outputs: scores and regressors of the 16 px grid (512 anchors) and the 32 px grid (384).
    const [s384, s512, r384, r512] = [...outs].sort((a, b) => a.size - b.size);
    if (!s384 || !s512 || !r384 || !r512) throw new Error('faces: unexpected detector outputs');
    const all = tf.concat([tf.concat([s512, r512], 2), tf.concat([s384, r384], 2)], 1);
    return all.dataSync() as Float32Array;
  });
  return decodeBlazeRows(rows, anchors, minScore);
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
  const { data, width: w, height: h } = decoded.pixels;
  const scale = decoded.width / w;
  const image = tf.tensor3d(Float32Array.from(data), [h, w, 3], 'float32');
  try {
    const found = [];
    for (const margin of DETECT_MARGINS)
      for (const c of await detect(models, image, options.minScore ?? FACE_MIN_SCORE, margin))
        found.push({ ...c, ...fromSquare(c, w, h, margin) });
    const candidates = suppress(found, NMS_IOU, MAX_FACES);
    const faces: FaceFinding[] = [];
    for (const candidate of candidates) {
      const crop = meshCrop(candidate.box);
      const [meshRaw, meshScore, real, live] = tf.tidy(() => {
        const face = tf.div<tf.Tensor4D>(
          tf.image.cropAndResize(
            tf.expandDims<tf.Tensor4D>(image, 0),
            [[crop[1] / h, crop[0] / w, crop[3] / h, crop[2] / w]],
            [0],
            [MESH_INPUT, MESH_INPUT],
          ),
          255,
        );
        const outs = models.mesh.execute(face) as tf.Tensor[];
        const flag = outs.find((t) => t.shape[t.shape.length - 1] === 1);
        const points = outs.find((t) => t.shape[t.shape.length - 1] === 1404);
        if (!flag || !points) throw new Error('faces: unexpected mesh outputs');
        const spoof = models.antispoof.execute(tf.image.resizeBilinear(face, [128, 128])) as tf.Tensor;
        const alive = models.liveness.execute(tf.image.resizeBilinear(face, [32, 32])) as tf.Tensor;
        return [
          points.dataSync() as Float32Array,
          flag.dataSync()[0] ?? 0,
          spoof.dataSync()[0] ?? 0,
          alive.dataSync()[0] ?? 0,
        ] as const;
      });
      if (meshScore < (options.minMeshScore ?? MESH_MIN_SCORE)) continue;
      const meshWork = meshToImage(meshRaw, crop);
      const boxWork = meshBox(meshWork);
      const quality = await faceQuality(decoded.pixels, boxWork);
      const mesh = meshWork.map(([x, y, z]) => [x * scale, y * scale, z] as MeshPoint);
      const box = boxWork.map((v) => v * scale) as Corners;
      faces.push({
        box,
        detectorScore: candidate.score,
        meshScore,
        landmarks: keyLandmarks(mesh),
        mesh,
        pose: headPose(meshWork, crop[2] - crop[0]),
        eyes: eyeOpenness(mesh),
        quality,
        outOfFrame: outOfFrameShare(mesh, decoded.width, decoded.height),
        antispoofReal: real,
        liveness: live,
      });
    }
    return { width: decoded.width, height: decoded.height, faces };
  } finally {
    image.dispose();
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
