/**
 * Error level analysis: re-save the image as JPEG at quality 90 and map how much each pixel
 * changes. Regions pasted in or retouched after the last save often re-compress differently
 * from their surroundings. A picture for a person to read, never a verdict: edges, text and
 * fine texture light up in untouched photos too.
 */
import sharp from 'sharp';

const ELA_QUALITY = 90;
/** Longest side of the analysed copy and of the heatmap. */
const MAX_SIDE = 512;

export interface ElaEvidence {
  /** The heatmap (PNG data URL): dark = little change, bright = large change on re-save. */
  heatmapPng: string;
  width: number;
  height: number;
  /** Mean and 99th percentile of the per-pixel error (0-255, max over channels). */
  meanError: number;
  p99Error: number;
  /** Share of 16x16 tiles whose mean error exceeds 3x the image's median tile error. */
  hotTileShare: number;
}

/** Colour map: black -> red -> yellow -> white, on an amplified error. */
function heat(v: number): [number, number, number] {
  const t = Math.min(1, v / 255);
  return [
    Math.min(255, t * 3 * 255),
    Math.min(255, Math.max(0, t * 3 - 1) * 255),
    Math.min(255, Math.max(0, t * 3 - 2) * 255),
  ];
}

export async function errorLevelAnalysis(bytes: Uint8Array): Promise<ElaEvidence> {
  const base = sharp(bytes, { failOn: 'error' })
    .rotate()
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha();
  const { data: original, info } = await base.clone().raw().toBuffer({ resolveWithObject: true });
  const resaved = await sharp(original, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: ELA_QUALITY })
    .toBuffer();
  const { data: again } = await sharp(resaved).raw().toBuffer({ resolveWithObject: true });
  const n = info.width * info.height;
  const err = new Uint8Array(n);
  const hist = new Uint32Array(256);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const e = Math.max(
      Math.abs(original[i * 3]! - again[i * 3]!),
      Math.abs(original[i * 3 + 1]! - again[i * 3 + 1]!),
      Math.abs(original[i * 3 + 2]! - again[i * 3 + 2]!),
    );
    err[i] = e;
    hist[e]!++;
    sum += e;
  }
  let acc = 0;
  let p99 = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v]!;
    if (acc >= n * 0.99) {
      p99 = v;
      break;
    }
  }
  // Tiles: where the error concentrates.
  const tile = 16;
  const tiles: number[] = [];
  for (let ty = 0; ty + tile <= info.height; ty += tile) {
    for (let tx = 0; tx + tile <= info.width; tx += tile) {
      let s = 0;
      for (let y = ty; y < ty + tile; y++) for (let x = tx; x < tx + tile; x++) s += err[y * info.width + x]!;
      tiles.push(s / (tile * tile));
    }
  }
  const sorted = [...tiles].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const hot = tiles.filter((t) => t > Math.max(1, median * 3)).length;
  // Amplify so the brightest 1% saturates.
  const gain = 255 / Math.max(4, p99);
  const rgb = Buffer.alloc(n * 3);
  for (let i = 0; i < n; i++) {
    const [r, g, b] = heat(err[i]! * gain);
    rgb[i * 3] = r;
    rgb[i * 3 + 1] = g;
    rgb[i * 3 + 2] = b;
  }
  const png = await sharp(rgb, { raw: { width: info.width, height: info.height, channels: 3 } })
    .png({ compressionLevel: 3 })
    .toBuffer();
  return {
    heatmapPng: `data:image/png;base64,${png.toString('base64')}`,
    width: info.width,
    height: info.height,
    meanError: Math.round((sum / n) * 100) / 100,
    p99Error: p99,
    hotTileShare: tiles.length ? Math.round((hot / tiles.length) * 1000) / 1000 : 0,
  };
}
