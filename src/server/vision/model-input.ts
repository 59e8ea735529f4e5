/**
 * The detector's input size, apart from the model module so that image decoding (shared with
 * the watermark analysis) does not pull TensorFlow.js into every bundle that decodes an image.
 */

/** Side of the square input the graph expects (`tower_0/images` is 1x512x512x3, raw 0-255). */
export const MODEL_INPUT_SIZE = 512;
