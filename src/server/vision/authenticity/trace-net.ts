/**
 * The trace network of the pixel signal (trained by scripts/data/train_ai_signal_net.py, class
 * TraceNet; weights in ai-trace-net.json) run on the engine's tfjs WASM backend: fixed Haar detail
 * bands (2x2, stride 2: per colour the horizontal, vertical and diagonal differences of each 2x2
 * block, the neighbouring-pixel relations up-sampling layers leave), five 3x3 convolutions with
 * ReLU (batch norm folded in at export; padding 1 on every side, as PyTorch pads), a mean over the
 * map and one linear logit. Crops are read at native resolution, never resized.
 */
import type * as Tf from '@tensorflow/tfjs-core';
import { initBackend } from '../model';
import { tf } from '../tfjs';
import raw from './ai-trace-net.json';
import type { RgbPlanes } from './pixel-features';

interface Crop {
  x: number;
  y: number;
  size: number;
}

export interface TraceNetWeights {
  model: string;
  /** Conv filters HWIO and biases, each base64 of little-endian float32. */
  layers: { stride: number; shape: number[]; w: string; b: string }[];
  fc: { w: string; b: number };
  /** The Python model's logits on fixed generated inputs (checked by trace-net.test.ts). */
  probes: { kind: number; size: number; logit: number }[];
}

export const TRACE_NET: TraceNetWeights = raw;

const floats = (b64: string) => {
  const bytes = Buffer.from(b64, 'base64');
  const out = new Float32Array(bytes.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readFloatLE(i * 4);
  return out;
};

/** The Haar front end as a [2, 2, 3, 9] filter (HWIO), scaled as in training (x8 of 0-1 pixels). */
function haarFilter(): Float32Array {
  // Bands per colour in order h, v, d; taps (dy, dx) of a 2x2 block in reading order.
  const bands = [
    [1, -1, 1, -1],
    [1, 1, -1, -1],
    [1, -1, -1, 1],
  ];
  const f = new Float32Array(2 * 2 * 3 * 9);
  for (let tap = 0; tap < 4; tap++)
    for (let c = 0; c < 3; c++)
      for (let b = 0; b < 3; b++) f[(tap * 3 + c) * 9 + c * 3 + b] = (bands[b]![tap]! / 2) * 8;
  return f;
}

interface Loaded {
  haar: Tf.Tensor4D;
  convs: { filter: Tf.Tensor4D; bias: Tf.Tensor1D; stride: number }[];
  fc: Tf.Tensor2D;
  fcBias: number;
}

const loaded = new WeakMap<TraceNetWeights, Loaded>();

/** The weights as tensors, made once per weights object (kept for the life of the process). */
function tensors(weights: TraceNetWeights): Loaded {
  let t = loaded.get(weights);
  if (!t) {
    const fcW = floats(weights.fc.w);
    t = {
      haar: tf.tensor4d(haarFilter(), [2, 2, 3, 9]),
      convs: weights.layers.map((l) => ({
        filter: tf.tensor4d(floats(l.w), l.shape as [number, number, number, number]),
        bias: tf.tensor1d(floats(l.b)),
        stride: l.stride,
      })),
      fc: tf.tensor2d(fcW, [fcW.length, 1]),
      fcBias: weights.fc.b,
    };
    loaded.set(weights, t);
  }
  return t;
}

/**
 * One logit per crop for a batch of equal-sized RGB crops (`pixels`: n x size x size x 3 bytes,
 * row-major). Sizes must be even.
 */
export async function traceNetLogits(
  pixels: Uint8Array,
  n: number,
  size: number,
  weights: TraceNetWeights = TRACE_NET,
): Promise<number[]> {
  if (pixels.length !== n * size * size * 3 || size % 2 !== 0)
    throw new Error('traceNetLogits: expected n even-sided square RGB crops');
  await initBackend();
  const t = tensors(weights);
  const logits = tf.tidy(() => {
    const input = tf.div(tf.tensor4d(Float32Array.from(pixels), [n, size, size, 3]), 255);
    let h = tf.conv2d(input as Tf.Tensor4D, t.haar, 2, 'valid');
    for (const c of t.convs)
      h = tf.fused.conv2d({
        x: h,
        filter: c.filter,
        strides: c.stride,
        pad: 1,
        bias: c.bias,
        activation: 'relu',
      });
    return tf.add(tf.matMul(tf.mean(h, [1, 2]), t.fc), t.fcBias);
  });
  const out = Array.from(await logits.data());
  logits.dispose();
  return out;
}

/** The network's logit of an image: the mean over its crops (cropPlan's, all of one size). */
export async function traceNetLogit(img: RgbPlanes, crops: readonly Crop[]): Promise<number> {
  const size = crops[0]!.size;
  const pixels = new Uint8Array(crops.length * size * size * 3);
  crops.forEach((crop, i) => {
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const si = ((crop.y + y) * img.width + crop.x + x) * img.channels;
        const di = ((i * size + y) * size + x) * 3;
        pixels[di] = img.data[si]!;
        pixels[di + 1] = img.data[si + 1]!;
        pixels[di + 2] = img.data[si + 2]!;
      }
  });
  const logits = await traceNetLogits(pixels, crops.length, size);
  return logits.reduce((a, b) => a + b, 0) / logits.length;
}
