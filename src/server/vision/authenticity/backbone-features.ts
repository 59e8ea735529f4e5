/**
 * Frozen general features for the pixel signal (pixel-signal.ts): the engine's own CenterNet
 * MobileNetV3 backbone (../model.ts), run only as far as an intermediate block, on native-resolution
 * 256 px crops (never resized). Up to four crops go into one 512x512 pass as the quadrants of a
 * mosaic; each crop's features are the per-channel mean and standard deviation of the block's
 * activations over its quadrant. An intermediate block keeps more of the high-frequency trace than
 * the pooled final map the room head reads, and stopping there skips the rest of the network.
 */
import { MODEL_INPUT_SIZE, quadrantStats } from '../model';
import type { RgbPlanes } from './pixel-features';

/** MobileNetV3 block 9 (stride 16, 64 channels): the best held-out AUC of the blocks tried (AI_SIGNAL_CARD.md). */
const BACKBONE_NODE = 'tower_0/MobilenetV3/expanded_conv_9/add';
const CHANNELS = 64;
const TILE = MODEL_INPUT_SIZE / 2;

export const BACKBONE_FEATURE_NAMES: readonly string[] = [
  ...Array.from({ length: CHANNELS }, (_, c) => `block9_mean_${c}`),
  ...Array.from({ length: CHANNELS }, (_, c) => `block9_sd_${c}`),
];

/** Reflects index i into [0, n) (mirror padding, no repeated edge). */
const reflect = (i: number, n: number) => {
  if (n === 1) return 0;
  const m = i % (2 * n - 2);
  return m < n ? m : 2 * n - 2 - m;
};

/**
 * Copies a square crop of `img` (top-left x, y, side `size`) into quadrant `q` of the mosaic, at
 * native resolution; a crop smaller than the quadrant is mirror-padded to fill it.
 */
function placeTile(
  mosaic: Uint8Array,
  q: number,
  img: RgbPlanes,
  crop: { x: number; y: number; size: number },
) {
  const side = MODEL_INPUT_SIZE;
  const ox = (q & 1) * TILE;
  const oy = (q >> 1) * TILE;
  for (let y = 0; y < TILE; y++) {
    const sy = crop.y + reflect(y, crop.size);
    for (let x = 0; x < TILE; x++) {
      const si = (sy * img.width + crop.x + reflect(x, crop.size)) * img.channels;
      const di = ((oy + y) * side + ox + x) * 3;
      mosaic[di] = img.data[si]!;
      mosaic[di + 1] = img.data[si + 1]!;
      mosaic[di + 2] = img.data[si + 2]!;
    }
  }
}

/**
 * Backbone features of up to four crops (each at most 256 px a side, inside its image), one
 * pass: one row of BACKBONE_FEATURE_NAMES values per crop, in order.
 */
export async function backboneFeatures(
  tiles: readonly { img: RgbPlanes; crop: { x: number; y: number; size: number } }[],
): Promise<number[][]> {
  if (tiles.length === 0 || tiles.length > 4) throw new Error('backboneFeatures takes one to four crops');
  const mosaic = new Uint8Array(MODEL_INPUT_SIZE * MODEL_INPUT_SIZE * 3);
  // Unused quadrants repeat the first crop (their statistics are dropped).
  for (let q = 0; q < 4; q++) {
    const t = tiles[q] ?? tiles[0]!;
    placeTile(mosaic, q, t.img, t.crop);
  }
  const stats = await quadrantStats(mosaic, BACKBONE_NODE);
  return tiles.map((_, q) => stats[q]!);
}
