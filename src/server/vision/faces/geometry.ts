/**
 * The arithmetic of the face pipeline, apart from the models so it can be tested without them:
 * BlazeFace's anchors and box decoding, non-maximum suppression, mapping the FaceMesh points
 * back to the photo, head pose from the mesh, the eyes' opening and the few landmarks the API
 * returns. Coordinates are source-image pixels unless a name says otherwise.
 */
import { iou } from '../box-iou';

/** A box as corners, [x1, y1, x2, y2]. */
export type Corners = [number, number, number, number];
/** A point of the mesh: x, y in pixels, z in the mesh model's depth units (relative). */
export type MeshPoint = [number, number, number];

/** One face the detector found, on its square input: box corners and six keypoints, all 0-1. */
export interface BlazeCandidate {
  score: number;
  box: Corners;
  /** Right eye, left eye, nose, mouth, right ear, left ear (the subject's sides), 0-1. */
  keypoints: [number, number][];
}

/** The detector's input side (BlazeFace back model: 256 x 256). */
export const BLAZE_INPUT = 256;
/** The mesh model's input side. */
export const MESH_INPUT = 192;
/** The detector box is enlarged by this much around its centre before the mesh crop (as MediaPipe does). */
export const MESH_CROP_SCALE = 1.4;

/** Anchor centres in input pixels: a 16 px grid with 2 anchors a cell, then a 32 px grid with 6. */
export function blazeAnchors(inputSize = BLAZE_INPUT): [number, number][] {
  const anchors: [number, number][] = [];
  for (const [stride, perCell] of [
    [inputSize / 16, 2],
    [inputSize / 8, 6],
  ] as const) {
    const cells = Math.ceil(inputSize / stride);
    for (let y = 0; y < cells; y++)
      for (let x = 0; x < cells; x++)
        for (let n = 0; n < perCell; n++) anchors.push([stride * (x + 0.5), stride * (y + 0.5)]);
  }
  return anchors;
}

const sigmoid = (v: number): number => 1 / (1 + Math.exp(-v));

/**
 * Decodes the detector's rows (one per anchor: logit, centre offset x/y, width, height, six
 * keypoint offsets, in input pixels) into candidates scoring at least `minScore`, before NMS.
 */
export function decodeBlazeRows(
  rows: Float32Array,
  anchors: readonly [number, number][],
  minScore: number,
  inputSize = BLAZE_INPUT,
): BlazeCandidate[] {
  const width = 17;
  const out: BlazeCandidate[] = [];
  for (let i = 0; i < anchors.length; i++) {
    const o = i * width;
    const score = sigmoid(rows[o] ?? -Infinity);
    if (!(score >= minScore)) continue;
    const [ax, ay] = anchors[i] ?? [0, 0];
    const cx = ax + (rows[o + 1] ?? 0);
    const cy = ay + (rows[o + 2] ?? 0);
    const w = rows[o + 3] ?? 0;
    const h = rows[o + 4] ?? 0;
    if (!(w > 0 && h > 0)) continue;
    const keypoints: [number, number][] = [];
    for (let k = 0; k < 6; k++)
      keypoints.push([
        (ax + (rows[o + 5 + 2 * k] ?? 0)) / inputSize,
        (ay + (rows[o + 6 + 2 * k] ?? 0)) / inputSize,
      ]);
    out.push({
      score,
      box: [
        (cx - w / 2) / inputSize,
        (cy - h / 2) / inputSize,
        (cx + w / 2) / inputSize,
        (cy + h / 2) / inputSize,
      ],
      keypoints,
    });
  }
  return out;
}

/** Greedy non-maximum suppression, strongest first, at most `max` kept. */
export function suppress<T extends { score: number; box: Corners }>(
  items: T[],
  iouLimit: number,
  max: number,
): T[] {
  const kept: T[] = [];
  for (const item of [...items].sort((a, b) => b.score - a.score)) {
    if (kept.length >= max) break;
    if (!kept.some((k) => iou(k.box, item.box) > iouLimit)) kept.push(item);
  }
  return kept;
}

/**
 * The detector sees the photo padded to a square, centred (`side` = its longer side times
 * `margin`: 1 fits the photo, 2 leaves it half the square so a face filling the photo is seen
 * whole): maps a candidate's 0-1 square coordinates back to photo pixels.
 */
export function fromSquare(
  candidate: BlazeCandidate,
  width: number,
  height: number,
  margin = 1,
): { box: Corners; keypoints: [number, number][] } {
  const side = Math.max(width, height) * margin;
  const padX = (side - width) / 2;
  const padY = (side - height) / 2;
  const px = (x: number): number => x * side - padX;
  const py = (y: number): number => y * side - padY;
  return {
    box: [px(candidate.box[0]), py(candidate.box[1]), px(candidate.box[2]), py(candidate.box[3])],
    keypoints: candidate.keypoints.map(([x, y]) => [px(x), py(y)] as [number, number]),
  };
}

/** The square crop the mesh model reads: the box enlarged by `scale` around its centre, squared. */
export function meshCrop(box: Corners, scale = MESH_CROP_SCALE): Corners {
  const cx = (box[0] + box[2]) / 2;
  const cy = (box[1] + box[3]) / 2;
  const half = (Math.max(box[2] - box[0], box[3] - box[1]) * scale) / 2;
  return [cx - half, cy - half, cx + half, cy + half];
}

/** Mesh points from the model's crop coordinates (0-`inputSize`) to photo pixels; z kept as is. */
export function meshToImage(raw: ArrayLike<number>, crop: Corners, inputSize = MESH_INPUT): MeshPoint[] {
  const sx = (crop[2] - crop[0]) / inputSize;
  const sy = (crop[3] - crop[1]) / inputSize;
  const points: MeshPoint[] = [];
  for (let i = 0; i + 2 < raw.length; i += 3)
    points.push([crop[0] + (raw[i] ?? 0) * sx, crop[1] + (raw[i + 1] ?? 0) * sy, raw[i + 2] ?? 0]);
  return points;
}

/** The tight box of the mesh (the face from brow to chin, ear to ear), as corners. */
export function meshBox(mesh: readonly MeshPoint[]): Corners {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const [x, y] of mesh) {
    x1 = Math.min(x1, x);
    y1 = Math.min(y1, y);
    x2 = Math.max(x2, x);
    y2 = Math.max(y2, y);
  }
  return [x1, y1, x2, y2];
}

/** FaceMesh indices of the points the API names (the subject's left and right). */
export const MESH_INDEX = {
  forehead: 10,
  chin: 152,
  rightCheek: 234,
  leftCheek: 454,
  noseTip: 1,
  mouthRight: 61,
  mouthLeft: 291,
  rightEyeOuter: 33,
  rightEyeInner: 133,
  rightEyeTop: 159,
  rightEyeBottom: 145,
  leftEyeOuter: 263,
  leftEyeInner: 362,
  leftEyeTop: 386,
  leftEyeBottom: 374,
} as const;

const at = (mesh: readonly MeshPoint[], i: number): MeshPoint => mesh[i] ?? [0, 0, 0];
const dist = (a: MeshPoint, b: MeshPoint): number => Math.hypot(a[0] - b[0], a[1] - b[1]);
const mid = (a: MeshPoint, b: MeshPoint): [number, number] => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];

/** The five landmarks of the answer, in photo pixels. */
export function keyLandmarks(
  mesh: readonly MeshPoint[],
): Record<'left_eye' | 'right_eye' | 'nose_tip' | 'mouth_left' | 'mouth_right', [number, number]> {
  const p = (i: number): [number, number] => [at(mesh, i)[0], at(mesh, i)[1]];
  return {
    left_eye: mid(at(mesh, MESH_INDEX.leftEyeOuter), at(mesh, MESH_INDEX.leftEyeInner)),
    right_eye: mid(at(mesh, MESH_INDEX.rightEyeOuter), at(mesh, MESH_INDEX.rightEyeInner)),
    nose_tip: p(MESH_INDEX.noseTip),
    mouth_left: p(MESH_INDEX.mouthLeft),
    mouth_right: p(MESH_INDEX.mouthRight),
  };
}

/**
 * Eye opening: lid gap over eye width (0 closed; about 0.25-0.35 open). Read from the mesh,
 * whose eyelid points follow a closed eye down to a gap near 0.
 */
export function eyeOpenness(mesh: readonly MeshPoint[]): { left: number; right: number } {
  const ratio = (top: number, bottom: number, outer: number, inner: number): number => {
    const w = dist(at(mesh, outer), at(mesh, inner));
    return w > 0 ? dist(at(mesh, top), at(mesh, bottom)) / w : 0;
  };
  return {
    left: ratio(
      MESH_INDEX.leftEyeTop,
      MESH_INDEX.leftEyeBottom,
      MESH_INDEX.leftEyeOuter,
      MESH_INDEX.leftEyeInner,
    ),
    right: ratio(
      MESH_INDEX.rightEyeTop,
      MESH_INDEX.rightEyeBottom,
      MESH_INDEX.rightEyeOuter,
      MESH_INDEX.rightEyeInner,
    ),
  };
}

type Vec = [number, number, number];
const sub = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vec, b: Vec): Vec => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const unit = (v: Vec): Vec => {
  const n = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / n, v[1] / n, v[2] / n];
};
const degrees = (r: number): number => (r * 180) / Math.PI;

/**
 * Head pose in degrees from the mesh: the face's vertical axis runs forehead to chin, its
 * horizontal axis cheek to cheek (x, y scaled by the face size, z as the model gives it), and
 * the rotation they span gives yaw (turned left/right), pitch (up/down) and roll (tilted), 0 for
 * a face looking straight at the camera. Follows the Human library's calculation
 * (`face/angles.ts`, YZX Euler angles).
 */
export function headPose(
  mesh: readonly MeshPoint[],
  faceSide: number,
): { yaw: number; pitch: number; roll: number } {
  const size = faceSide / 1.5 || 1;
  const pt = (i: number): Vec => {
    const p = at(mesh, i);
    return [p[0] / size, p[1] / size, p[2] / MESH_INPUT];
  };
  const yAxis = unit(sub(pt(MESH_INDEX.chin), pt(MESH_INDEX.forehead)));
  let xAxis = unit(sub(pt(MESH_INDEX.leftCheek), pt(MESH_INDEX.rightCheek)));
  const zAxis = unit(cross(xAxis, yAxis));
  xAxis = cross(yAxis, zAxis);
  const [r00, , , r10, r11, r12, r20] = [...xAxis, ...yAxis, ...zAxis];
  const thetaZ = Math.atan2(r10, Math.sqrt(r00 * r00 + r20 * r20));
  const thetaY = Math.atan2(-r20, r00);
  const thetaX = Math.atan2(-r12, r11);
  const clean = (v: number): number => (Number.isFinite(v) ? Math.round(degrees(v) * 10) / 10 + 0 : 0);
  return { yaw: clean(-thetaY), pitch: clean(-thetaX), roll: clean(-thetaZ) };
}

/** Share (0-1) of the mesh points outside the photo: a face cut by the frame's edge. */
export function outOfFrameShare(mesh: readonly MeshPoint[], width: number, height: number): number {
  if (mesh.length === 0) return 0;
  const out = mesh.filter(([x, y]) => x < 0 || y < 0 || x >= width || y >= height).length;
  return out / mesh.length;
}

/** Corners clipped to the photo, as the API's `[x, y, width, height]` in whole pixels. */
export function toXywh(box: Corners, width: number, height: number): [number, number, number, number] {
  const x1 = Math.max(0, Math.min(width, box[0]));
  const y1 = Math.max(0, Math.min(height, box[1]));
  const x2 = Math.max(0, Math.min(width, box[2]));
  const y2 = Math.max(0, Math.min(height, box[3]));
  return [Math.round(x1), Math.round(y1), Math.round(x2 - x1), Math.round(y2 - y1)];
}

/**
 * A point of the photo turned by `degrees` about its centre (as `tf.image.rotateWithOffset`
 * turns the pixels, a positive angle counter-clockwise on screen) mapped back to the upright
 * photo: the inverse of that turn. A quarter turn (90 or 270 degrees) turns the whole photo, so
 * its view is `height` wide and `width` high (TurnedViews in ./analyze.ts); any other angle
 * keeps the photo's frame.
 */
export function unturn(
  [x, y]: readonly [number, number],
  degrees: number,
  width: number,
  height: number,
): [number, number] {
  if (degrees === 0) return [x, y];
  const a = (degrees * Math.PI) / 180;
  const quarter = Math.abs(degrees) % 180 === 90;
  const dx = x - (quarter ? height : width) / 2;
  const dy = y - (quarter ? width : height) / 2;
  const cos = Math.round(Math.cos(a) * 1e12) / 1e12;
  const sin = Math.round(Math.sin(a) * 1e12) / 1e12;
  return [width / 2 + dx * cos - dy * sin, height / 2 + dx * sin + dy * cos];
}

/**
 * The quarter turn (0, 90, 180 or 270 degrees, counter-clockwise on screen) that brings a face
 * upright from the detector's keypoints (right eye, left eye, nose, mouth, ...): the direction
 * from the mouth to the eyes' midpoint is the top of the head. FaceMesh fits an upright face to
 * whatever it is shown, so a face lying on its side or upside down is meshed in a view turned by
 * this much. No keypoints (a frame reading): 0.
 */
export function uprightTurn(keypoints: readonly (readonly [number, number])[]): 0 | 90 | 180 | 270 {
  const [rightEye, leftEye, , mouth] = keypoints;
  if (!rightEye || !leftEye || !mouth) return 0;
  const dx = (rightEye[0] + leftEye[0]) / 2 - mouth[0];
  const dy = (rightEye[1] + leftEye[1]) / 2 - mouth[1];
  if (dx === 0 && dy === 0) return 0;
  // 0 when the head's top points up the screen, 90 when it points right (turn it back counter-clockwise).
  const degrees = (Math.atan2(dx, -dy) * 180) / Math.PI;
  return ((((Math.round(degrees / 90) * 90) % 360) + 360) % 360) as 0 | 90 | 180 | 270;
}

/**
 * The regions a detector pass reads, in photo pixels: the whole photo, or (`grid` > 1) a grid of
 * overlapping tiles each `tileShare` of the photo's sides, so a face too small for the detector's
 * view of the whole photo is seen larger in its tile.
 */
export function detectRegions(width: number, height: number, grid = 1, tileShare = 1): Corners[] {
  if (grid <= 1) return [[0, 0, width, height]];
  const tw = width * tileShare;
  const th = height * tileShare;
  const regions: Corners[] = [];
  for (let j = 0; j < grid; j++)
    for (let i = 0; i < grid; i++) {
      const x = ((width - tw) * i) / (grid - 1);
      const y = ((height - th) * j) / (grid - 1);
      regions.push([Math.round(x), Math.round(y), Math.round(x + tw), Math.round(y + th)]);
    }
  return regions;
}
