/**
 * The engine side of the similar-image search: one decoded image -> the CenterNet pass's
 * image-level features (the same pass that detects objects) and its 32x32 grey thumbnail for the
 * perceptual hash. Runs in the vision worker (`kind: 'embed'`), never on the event loop.
 */
import { decodeImage } from '../image-input';
import { MODEL_INPUT_SIZE } from '../model-input';
import { detectWithFeatures, type PassFeatures } from '../model';
import { greyThumb } from './phash';

export interface ImageFeatures {
  width: number;
  height: number;
  /** Features of the plain view. */
  plain: PassFeatures;
  /** Features of the mirrored view, when asked for. */
  mirrored?: PassFeatures;
  /** 32x32 grey thumbnail of the model's view, for the perceptual hash. */
  grey: Uint8Array;
}

/** Validates and decodes the bytes (the API's image limits apply), then runs the pass(es). */
export async function imageFeatures(
  bytes: Uint8Array,
  { mirror = false }: { mirror?: boolean } = {},
): Promise<ImageFeatures> {
  const image = await decodeImage(bytes);
  const view = await image.view();
  const { features: plain } = await detectWithFeatures(view);
  const mirrored = mirror ? (await detectWithFeatures(await image.view({ flip: true }))).features : undefined;
  const grey = await greyThumb(view, { width: MODEL_INPUT_SIZE, height: MODEL_INPUT_SIZE, channels: 3 });
  return { width: image.width, height: image.height, plain, ...(mirrored && { mirrored }), grey };
}
