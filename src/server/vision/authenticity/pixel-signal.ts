/**
 * The pixel-level AI-image signal: a logistic probe over high-frequency features
 * (pixel-features.ts) of up to five native-resolution crops, logits averaged. Weights, the
 * calibrated threshold and the Platt calibration come from `ai-signal.json`, written by
 * `npm run train:ai-signal` (scripts/data/train-ai-signal.ts; model card: AI_SIGNAL_CARD.md).
 *
 * score = sigmoid(mean crop logit); `threshold` is the score above which at most 2% of the real
 * photos of the dev split (held-out folds) were flagged; calibrated_probability is a Platt fit of
 * the held-out logits (AI and real weighted equally, so it assumes even odds a priori).
 */
import raw from './ai-signal.json';
import { cropFeatures, cropPlan, PIXEL_FEATURE_NAMES, type RgbPlanes } from './pixel-features';

export interface AiSignalModel {
  model: string;
  version: string;
  features: string[];
  mean: number[];
  scale: number[];
  w: number[];
  b: number;
  threshold: number;
  platt: { a: number; b: number };
  /**
   * Whether the PIXEL rule may give a fail tag: set by the training run only when, held out, the
   * probe flags at least 10% of AI images and twice the share of real photos it flags.
   */
  rule_enabled: boolean;
}

export interface PixelSignal {
  /** Probe output in [0, 1] (sigmoid of the mean crop logit); not a probability. */
  score: number;
  /** Platt-calibrated probability of being AI-generated, at even prior odds. */
  calibrated_probability: number;
  /** Score from which the signal fires (<= 2% of real dev-split photos above it). */
  threshold: number;
  /** Whether the PIXEL rule may give a fail tag with this model (AiSignalModel.rule_enabled). */
  rule_enabled: boolean;
  model: string;
  version: string;
}

const MODEL: AiSignalModel = raw;
if (MODEL.features.join() !== PIXEL_FEATURE_NAMES.join()) {
  throw new Error('ai-signal.json was trained on other features: run npm run train:ai-signal');
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The probe's logit for one feature row (standardised with the training statistics). */
export function probeLogit(features: readonly number[], model: AiSignalModel = MODEL): number {
  let z = model.b;
  for (let j = 0; j < features.length; j++)
    z += (model.w[j]! * (features[j]! - model.mean[j]!)) / model.scale[j]!;
  return z;
}

const round4 = (v: number) => Math.round(v * 1e4) / 1e4;

/** Scores decoded pixels (stored orientation, RGB first); null when smaller than 64 px a side. */
export function pixelSignal(img: RgbPlanes, model: AiSignalModel = MODEL): PixelSignal | null {
  const crops = cropPlan(img.width, img.height);
  if (!crops) return null;
  const logit = crops.reduce((a, c) => a + probeLogit(cropFeatures(img, c), model), 0) / crops.length;
  const score = sigmoid(logit);
  return {
    score: round4(score),
    calibrated_probability: round4(sigmoid(model.platt.a * logit + model.platt.b)),
    threshold: model.threshold,
    rule_enabled: model.rule_enabled,
    model: model.model,
    version: model.version,
  };
}
