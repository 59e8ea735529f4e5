/**
 * Invisible generator watermarks written with the `invisible-watermark` library's dwtDct
 * method: a decoder (and an encoder, for tests and samples) plus the publicly known payloads
 * of Stable Diffusion v1/v2 and SDXL. See dwt-dct.ts for the algorithm and its quirks.
 */
export { DEFAULT_SCALES, decodeBands, decodeDwtDct, encodeDwtDct, readerBands } from './dwt-dct';
export type { DwtDctOptions, DwtDctReading, LLBand, PixelArithmetic, RgbPixels } from './dwt-dct';
export {
  KNOWN_MARKS,
  SDXL_WATERMARK_MESSAGE,
  binaryToBits,
  bitsToText,
  readKnownMarks,
  textToBits,
} from './known-marks';
export type { KnownMark, MarkReading } from './known-marks';
