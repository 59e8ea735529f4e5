import { describe, expect, it } from 'vitest';
import {
  BLAZE_INPUT,
  blazeAnchors,
  decodeBlazeRows,
  detectRegions,
  eyeOpenness,
  fromSquare,
  headPose,
  keyLandmarks,
  MESH_INDEX,
  meshBox,
  meshCrop,
  meshToImage,
  outOfFrameShare,
  suppress,
  toXywh,
  unturn,
  uprightTurn,
  type MeshPoint,
} from './geometry';
import { iou } from '../box-iou';
import { measureQuality, QUALITY_SIDE } from './quality';

describe('BlazeFace decoding', () => {
  it('lays 896 anchors: 16 x 16 cells of 2, then 8 x 8 cells of 6, centred in their cells', () => {
    const anchors = blazeAnchors();
    expect(anchors).toHaveLength(896);
    expect(anchors[0]).toEqual([8, 8]);
    expect(anchors[1]).toEqual([8, 8]);
    expect(anchors[2]).toEqual([24, 8]);
    expect(anchors[512]).toEqual([16, 16]);
    expect(anchors[895]).toEqual([240, 240]);
  });

  it('turns a confident row into a box around its anchor plus the offsets, in 0-1 of the input', () => {
    const anchors = blazeAnchors();
    const rows = new Float32Array(896 * 17).fill(-10);
    const i = 2; // anchor (24, 8)
    rows.set([4, 8, 16, 32, 40, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], i * 17);
    const [c, ...rest] = decodeBlazeRows(rows, anchors, 0.5);
    expect(rest).toHaveLength(0);
    expect(c!.score).toBeCloseTo(1 / (1 + Math.exp(-4)), 5);
    // centre (32, 24), size 32 x 40
    expect(c!.box.map((v) => v * BLAZE_INPUT)).toEqual([16, 4, 48, 44]);
    expect(c!.keypoints[0]!.map((v) => v * BLAZE_INPUT)).toEqual([25, 10]);
  });

  it('maps the padded square back to the photo', () => {
    // A 200 x 100 photo sits in a 200 x 200 square with 50 px above and below.
    const mapped = fromSquare({ score: 1, box: [0.25, 0.25, 0.75, 0.75], keypoints: [[0.5, 0.5]] }, 200, 100);
    expect(mapped.box).toEqual([50, 0, 150, 100]);
    expect(mapped.keypoints[0]).toEqual([100, 50]);
    // With a margin of 2 the photo is half of a 400 x 400 square: its middle is the square's middle.
    const zoomed = fromSquare(
      { score: 1, box: [0.25, 0.25, 0.75, 0.75], keypoints: [[0.5, 0.5]] },
      200,
      100,
      2,
    );
    expect(zoomed.box).toEqual([0, -50, 200, 150]);
    expect(zoomed.keypoints[0]).toEqual([100, 50]);
  });

  it('keeps the strongest of overlapping boxes', () => {
    const kept = suppress(
      [
        { score: 0.6, box: [0, 0, 10, 10] as [number, number, number, number] },
        { score: 0.9, box: [1, 1, 11, 11] as [number, number, number, number] },
        { score: 0.7, box: [50, 50, 60, 60] as [number, number, number, number] },
      ],
      0.3,
      10,
    );
    expect(kept.map((k) => k.score)).toEqual([0.9, 0.7]);
    expect(iou([0, 0, 10, 10], [5, 0, 15, 10])).toBeCloseTo(1 / 3, 5);
  });
});

describe('detector passes', () => {
  it('maps a point of the turned photo back to the upright photo', () => {
    // tf.image.rotateWithOffset by +30 degrees moves (10, 20) of a 100 x 60 photo to about (10.4, 41.3).
    const [x, y] = unturn([10.36, 41.34], 30, 100, 60);
    expect(x).toBeCloseTo(10, 1);
    expect(y).toBeCloseTo(20, 1);
    expect(unturn([10, 20], 0, 100, 60)).toEqual([10, 20]);
    // Turning back and forth is the identity; the centre stays put.
    const [bx, by] = unturn(unturn([70, 5], 30, 100, 60), -30, 100, 60);
    expect(bx).toBeCloseTo(70, 6);
    expect(by).toBeCloseTo(5, 6);
    expect(unturn([50, 30], -30, 100, 60)).toEqual([50, 30]);
  });

  it('turns a face upright from where its eyes sit above its mouth', () => {
    // Right eye, left eye, nose, mouth (image y grows downwards).
    expect(
      uprightTurn([
        [40, 40],
        [60, 40],
        [50, 50],
        [50, 60],
      ]),
    ).toBe(0);
    expect(
      uprightTurn([
        [40, 60],
        [60, 60],
        [50, 50],
        [50, 40],
      ]),
    ).toBe(180);
    // The head's top points right: turned back counter-clockwise by 90.
    expect(
      uprightTurn([
        [60, 40],
        [60, 60],
        [50, 50],
        [40, 50],
      ]),
    ).toBe(90);
    expect(
      uprightTurn([
        [40, 60],
        [40, 40],
        [50, 50],
        [60, 50],
      ]),
    ).toBe(270);
    // A head tilted 30 degrees stays as it is; no keypoints, no turn.
    expect(
      uprightTurn([
        [45, 38],
        [62, 48],
        [50, 50],
        [45, 60],
      ]),
    ).toBe(0);
    expect(uprightTurn([])).toBe(0);
  });

  it('maps a point of a quarter-turned photo (its sides swapped) back to the upright photo', () => {
    // A 100 x 60 photo turned counter-clockwise by 90 degrees is 60 wide and 100 high: its
    // top-right corner (100, 0) lands at the view's top-left (0, 0), its bottom-left (0, 60) at
    // the view's bottom-right (60, 100).
    expect(unturn([0, 0], 90, 100, 60)).toEqual([100, 0]);
    expect(unturn([60, 100], 90, 100, 60)).toEqual([0, 60]);
    // Clockwise (270): the top-left corner lands at the view's top-right (60, 0).
    expect(unturn([60, 0], 270, 100, 60)).toEqual([0, 0]);
    expect(unturn([60, 0], -90, 100, 60)).toEqual([0, 0]);
    // Upside down: the view keeps its sides; (10, 20) comes from (90, 40).
    expect(unturn([10, 20], 180, 100, 60)).toEqual([90, 40]);
  });

  it('lays overlapping tiles that cover the photo edge to edge', () => {
    expect(detectRegions(640, 480)).toEqual([[0, 0, 640, 480]]);
    const tiles = detectRegions(640, 480, 3, 0.5);
    expect(tiles).toHaveLength(9);
    expect(tiles[0]).toEqual([0, 0, 320, 240]);
    expect(tiles[1]).toEqual([160, 0, 480, 240]);
    expect(tiles[8]).toEqual([320, 240, 640, 480]);
  });
});

/** A flat synthetic mesh: every point at the face centre except the ones a test sets. */
function mesh(points: Partial<Record<number, MeshPoint>>): MeshPoint[] {
  return Array.from({ length: 468 }, (_, i) => points[i] ?? [100, 100, 0]);
}
const frontal = {
  [MESH_INDEX.forehead]: [100, 40, 0],
  [MESH_INDEX.chin]: [100, 160, 0],
  [MESH_INDEX.rightCheek]: [50, 100, 0],
  [MESH_INDEX.leftCheek]: [150, 100, 0],
} satisfies Record<number, MeshPoint>;

describe('mesh geometry', () => {
  it('maps crop coordinates to the photo and boxes the mesh', () => {
    const points = meshToImage([0, 0, 1, 192, 192, 2, 96, 48, -3], [100, 200, 292, 392]);
    expect(points).toEqual([
      [100, 200, 1],
      [292, 392, 2],
      [196, 248, -3],
    ]);
    expect(meshBox(points)).toEqual([100, 200, 292, 392]);
    expect(meshCrop([0, 0, 100, 50])).toEqual([-20, -45, 120, 95]);
  });

  it('reads a face looking straight at the camera as yaw, pitch and roll 0', () => {
    const pose = headPose(mesh(frontal), 180);
    expect(pose).toEqual({ yaw: 0, pitch: 0, roll: 0 });
  });

  it('reads a head leaning towards a shoulder as roll, and one turned sideways as yaw', () => {
    const a = (30 * Math.PI) / 180;
    const rot = ([x, y]: MeshPoint): MeshPoint => [
      100 + (x - 100) * Math.cos(a) - (y - 100) * Math.sin(a),
      100 + (x - 100) * Math.sin(a) + (y - 100) * Math.cos(a),
      0,
    ];
    const leaning = headPose(
      mesh(Object.fromEntries(Object.entries(frontal).map(([k, p]) => [k, rot(p)]))),
      180,
    );
    expect(Math.abs(leaning.roll)).toBeCloseTo(30, 0);
    expect(Math.abs(leaning.yaw)).toBeLessThan(1);
    // Turned: the near cheek comes forward (z), the far one goes back and the face narrows.
    const turned = headPose(
      mesh({ ...frontal, [MESH_INDEX.rightCheek]: [70, 100, -40], [MESH_INDEX.leftCheek]: [130, 100, 40] }),
      180,
    );
    expect(Math.abs(turned.yaw)).toBeGreaterThan(20);
    expect(Math.abs(turned.roll)).toBeLessThan(1);
  });

  it('measures the eyes open and closed from the lid gap over the eye width', () => {
    const eyes = (gap: number) =>
      mesh({
        [MESH_INDEX.rightEyeOuter]: [60, 80, 0],
        [MESH_INDEX.rightEyeInner]: [90, 80, 0],
        [MESH_INDEX.rightEyeTop]: [75, 80 - gap / 2, 0],
        [MESH_INDEX.rightEyeBottom]: [75, 80 + gap / 2, 0],
        [MESH_INDEX.leftEyeOuter]: [140, 80, 0],
        [MESH_INDEX.leftEyeInner]: [110, 80, 0],
        [MESH_INDEX.leftEyeTop]: [125, 80 - gap / 2, 0],
        [MESH_INDEX.leftEyeBottom]: [125, 80 + gap / 2, 0],
      });
    expect(eyeOpenness(eyes(10))).toEqual({ left: 1 / 3, right: 1 / 3 });
    expect(eyeOpenness(eyes(1)).left).toBeCloseTo(1 / 30, 5);
    const lm = keyLandmarks(eyes(10));
    expect(lm.left_eye).toEqual([125, 80]);
    expect(lm.right_eye).toEqual([75, 80]);
  });

  it('measures how much of a face lies outside the frame and clips boxes to it', () => {
    const m = mesh({ 0: [-5, 10, 0], 1: [10, 300, 0] });
    expect(outOfFrameShare(m, 200, 200)).toBeCloseTo(2 / 468, 6);
    expect(toXywh([-10, 20.4, 50.6, 400], 200, 300)).toEqual([0, 20, 51, 280]);
  });
});

describe('face quality', () => {
  const side = QUALITY_SIDE;
  it('reads a checkerboard as sharp and a flat patch as not', () => {
    const checker = Uint8Array.from({ length: side * side }, (_, i) =>
      ((i % side) + Math.floor(i / side)) % 2 ? 200 : 60,
    );
    const flat = new Uint8Array(side * side).fill(128);
    expect(measureQuality(checker).sharpness).toBeGreaterThan(0.9);
    expect(measureQuality(flat).sharpness).toBe(0);
    expect(measureQuality(flat).exposure).toBe('good');
  });

  it('calls a dark face under-exposed and a washed-out one over-exposed', () => {
    expect(measureQuality(new Uint8Array(side * side).fill(30)).exposure).toBe('under');
    const white = measureQuality(new Uint8Array(side * side).fill(250));
    expect(white.exposure).toBe('over');
    expect(white.clipped).toBe(1);
  });
});
