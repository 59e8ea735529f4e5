/**
 * The generator watermarks that are written with `invisible-watermark`'s dwtDct method and whose
 * payloads are public, and the reading of an image against each of them.
 *
 * Sources of the payloads:
 * - Stable Diffusion v1 reference scripts (CompVis/stable-diffusion `scripts/txt2img.py`):
 *   `wm = "StableDiffusionV1"; set_watermark('bytes', wm.encode('utf-8'))`, 136 bits.
 * - Stable Diffusion 2 reference scripts (Stability-AI/stablediffusion `scripts/txt2img.py`):
 *   `wm = "SDV2"`, 32 bits.
 * - SDXL in diffusers (`pipelines/stable_diffusion_xl/watermark.py`) and Stability's
 *   generative-models: `WATERMARK_MESSAGE = 0b101100111110110010010000011110111011000110011110`,
 *   `set_watermark("bits", ...)`, 48 bits.
 */
import { decodeBands, readerBands, type RgbPixels } from './dwt-dct';
import { DETECTED_SHARE, TRACE_SHARE } from '../../../shared/invisible-watermark';

/** MSB-first bits of a UTF-8 string, as `np.unpackbits` gives them. */
export function textToBits(text: string): number[] {
  const bits: number[] = [];
  for (const byte of new TextEncoder().encode(text)) {
    for (let k = 7; k >= 0; k--) bits.push((byte >> k) & 1);
  }
  return bits;
}

/** Bits of a binary literal, as `[int(bit) for bit in bin(x)[2:]]`. */
export function binaryToBits(binary: string): number[] {
  return [...binary].map((c) => (c === '1' ? 1 : 0));
}

/** Packs MSB-first bits back into text (non-printable bytes shown as `\xNN`). */
export function bitsToText(bits: readonly number[]): string {
  let out = '';
  for (let i = 0; i + 8 <= bits.length; i += 8) {
    let byte = 0;
    for (let k = 0; k < 8; k++) byte = (byte << 1) | (bits[i + k] ? 1 : 0);
    out +=
      byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

export interface KnownMark {
  id: 'stable-diffusion-v1' | 'stable-diffusion-v2' | 'sdxl';
  /** Who embeds it. */
  generator: string;
  /** The payload as the source states it. */
  payload: string;
  bits: readonly number[];
}

export const SDXL_WATERMARK_MESSAGE = '101100111110110010010000011110111011000110011110';

export const KNOWN_MARKS: readonly KnownMark[] = [
  {
    id: 'stable-diffusion-v1',
    generator: 'Stable Diffusion v1 reference scripts (CompVis / Stability AI)',
    payload: 'StableDiffusionV1',
    bits: textToBits('StableDiffusionV1'),
  },
  {
    id: 'stable-diffusion-v2',
    generator: 'Stable Diffusion 2 reference scripts (Stability AI)',
    payload: 'SDV2',
    bits: textToBits('SDV2'),
  },
  {
    id: 'sdxl',
    generator: 'Stable Diffusion XL (diffusers pipelines, Stability AI generative-models)',
    payload: `0b${SDXL_WATERMARK_MESSAGE}`,
    bits: binaryToBits(SDXL_WATERMARK_MESSAGE),
  },
];

export interface MarkReading {
  id: KnownMark['id'];
  generator: string;
  payload: string;
  /** Matching bits of the best reading (of the two colour-conversion conventions). */
  matchingBits: number;
  totalBits: number;
  /** matchingBits / totalBits. */
  match: number;
  /** detected: >= DETECTED_SHARE; trace: >= TRACE_SHARE; absent otherwise. */
  status: 'detected' | 'trace' | 'absent';
  /** For text payloads, what the decoded bits spell. */
  decodedText?: string;
}

/** Reads every known mark from an RGB image (at least 256x256 pixels, as the library requires). */
export function readKnownMarks(img: RgbPixels): MarkReading[] {
  if (img.width * img.height < 256 * 256) return [];
  // 128: the 8-bit convention (the SD reference scripts, and any decoder reading a file);
  // 0.5: OpenCV's float convention, which diffusers' SDXL encoder ran in.
  const conventions = [readerBands(img, { uDelta: 128 }), readerBands(img, { uDelta: 0.5 })];
  return KNOWN_MARKS.map((mark) => {
    let best = -1;
    let bestBits: number[] = [];
    for (const bands of conventions) {
      const { bits } = decodeBands(bands, mark.bits.length);
      const matching = bits.reduce((n, b, i) => n + (b === mark.bits[i] ? 1 : 0), 0);
      if (matching > best) {
        best = matching;
        bestBits = bits;
      }
    }
    const match = best / mark.bits.length;
    const status = match >= DETECTED_SHARE ? 'detected' : match >= TRACE_SHARE ? 'trace' : 'absent';
    const reading: MarkReading = {
      id: mark.id,
      generator: mark.generator,
      payload: mark.payload,
      matchingBits: best,
      totalBits: mark.bits.length,
      match: Math.round(match * 1000) / 1000,
      status,
    };
    if (!mark.payload.startsWith('0b')) reading.decodedText = bitsToText(bestBits);
    return reading;
  });
}
