import { describe, expect, it } from 'vitest';
import raw from './ai-signal.json';
import { BACKBONE_FEATURE_NAMES, backboneFeatures } from './backbone-features';
import { cropFeatures, cropPlan, PIXEL_FEATURE_NAMES, type RgbPlanes } from './pixel-features';
import { combinedLogit, FEATURE_SETS, pixelSignal, probeLogit } from './pixel-signal';
import { traceNetLogits } from './trace-net';

/** The crops' pixels side by side (n x size x size x 3), as the network takes them. */
function cropPixels(img: RgbPlanes, crops: { x: number; y: number; size: number }[]): Uint8Array {
  const size = crops[0]!.size;
  const out = new Uint8Array(crops.length * size * size * 3);
  crops.forEach((c, i) => {
    for (let y = 0; y < size; y++) {
      const from = ((c.y + y) * img.width + c.x) * 3;
      out.set(img.data.subarray(from, from + size * 3), (i * size + y) * size * 3);
    }
  });
  return out;
}

/** Seeded grey noise, optionally up-sampled 2x by pixel repetition (what a nearest-neighbour up-sampling layer leaves). */
function noise(width: number, height: number, upsample = false, seed = 7): RgbPlanes {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
  const base = Float64Array.from({ length: width * height }, () => 64 + 128 * next());
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const v = upsample ? base[(y >> 1) * width + (x >> 1)]! : base[y * width + x]!;
      data.fill(Math.round(v), (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  return { data, width, height, channels: 3 };
}

const feature = (img: RgbPlanes, name: (typeof PIXEL_FEATURE_NAMES)[number]) =>
  cropFeatures(img, cropPlan(img.width, img.height, 1)![0]!)[PIXEL_FEATURE_NAMES.indexOf(name)]!;

describe('pixel signal', () => {
  it('plans native-resolution crops on the 8 px grid: four 256 px crops on a 2 MP image, one on a small one, none below 64 px', () => {
    const big = cropPlan(1732, 1155)!;
    expect(big).toHaveLength(4);
    for (const c of big) {
      expect(c.size).toBe(256);
      expect(c.x % 8).toBe(0);
      expect(c.y % 8).toBe(0);
      expect(c.x + c.size).toBeLessThanOrEqual(1732);
      expect(c.y + c.size).toBeLessThanOrEqual(1155);
    }
    expect(cropPlan(300, 200)).toEqual([{ x: 80, y: 32, size: 128 }]);
    expect(cropPlan(63, 500)).toBeNull();
  });

  it('its neighbouring-pixel features see a 2x up-sampling trace that plain noise lacks', () => {
    expect(feature(noise(256, 256, true), 'phase2_diff')).toBeGreaterThan(
      feature(noise(256, 256), 'phase2_diff') + 1,
    );
  });

  it('scores with the committed weights: a probability-like score, the calibrated threshold, the model named', async () => {
    expect(Object.values(FEATURE_SETS).map((f) => f.join())).toContain(raw.features.join());
    const r = (await pixelSignal(noise(512, 384)))!;
    expect(r.score).toBeGreaterThanOrEqual(0);
    expect(r.score).toBeLessThanOrEqual(1);
    expect(r.calibrated_probability).toBeGreaterThanOrEqual(0);
    expect(r.calibrated_probability).toBeLessThanOrEqual(1);
    expect(r).toMatchObject({ threshold: raw.threshold, model: raw.model, version: raw.version });
    // A flat crop (no residual at all) still gives finite features and a finite logit.
    const flat: RgbPlanes = {
      data: new Uint8Array(256 * 256 * 3).fill(128),
      width: 256,
      height: 256,
      channels: 3,
    };
    const crop = { x: 0, y: 0, size: 256 };
    const hand = cropFeatures(flat, crop);
    const [backbone] = await backboneFeatures([{ img: flat, crop }]);
    const x = raw.features.length === BACKBONE_FEATURE_NAMES.length ? backbone! : [...hand, ...backbone!];
    expect(x.every(Number.isFinite)).toBe(true);
    expect(Number.isFinite(probeLogit(x))).toBe(true);
  });

  it('pools the crops: each model averages its crop logits, the score is the sigmoid of their calibrated mean', async () => {
    const img = noise(600, 600);
    const crops = cropPlan(600, 600)!;
    const backbone = await backboneFeatures(crops.map((crop) => ({ img, crop })));
    const rows = crops.map((c, i) =>
      raw.features.length === BACKBONE_FEATURE_NAMES.length
        ? backbone[i]!
        : [...cropFeatures(img, c), ...backbone[i]!],
    );
    const probe = rows.reduce((a, x) => a + probeLogit(x), 0) / rows.length;
    const net =
      (await traceNetLogits(cropPixels(img, crops), crops.length, 256)).reduce((a, b) => a + b, 0) / 4;
    expect(raw.combine).toBeDefined();
    const logit = combinedLogit(probe, net, raw.combine);
    expect(logit).not.toBeCloseTo(probe, 2);
    expect((await pixelSignal(img))!.score).toBeCloseTo(1 / (1 + Math.exp(-logit)), 4);
  });

  it('reads each crop at native resolution in its own quadrant of one backbone pass', async () => {
    const img = noise(600, 600);
    const up = noise(600, 600, true);
    const crop = { x: 0, y: 0, size: 256 };
    const [a, b] = await backboneFeatures([
      { img, crop },
      { img: up, crop },
    ]);
    // One row per crop, means then standard deviations per channel; different pixels, different rows.
    expect(a).toHaveLength(BACKBONE_FEATURE_NAMES.length);
    expect(a).not.toEqual(b);
    // A crop smaller than a quadrant is mirror-padded, not left black.
    const [small] = await backboneFeatures([{ img, crop: { x: 0, y: 0, size: 100 } }]);
    expect(small!.every(Number.isFinite)).toBe(true);
    await expect(backboneFeatures([])).rejects.toThrow(/one to four/);
  });
});
