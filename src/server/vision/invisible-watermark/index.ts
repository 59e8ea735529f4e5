/**
 * Invisible generator watermarks written with the `invisible-watermark` library's dwtDct
 * method: a decoder (and an encoder, for tests and samples) plus the publicly known payloads
 * of Stable Diffusion v1/v2 and SDXL. See dwt-dct.ts for the algorithm and its quirks.
 */
export { decodeDwtDct, encodeDwtDct } from './dwt-dct';
export type { RgbPixels } from './dwt-dct';
export { KNOWN_MARKS, readKnownMarks } from './known-marks';
export type { MarkReading } from './known-marks';
