/**
 * The pixel-level AI-image signal on up to four native-resolution 256 px crops, two models each
 * averaging its crop logits: a logistic probe over frozen features (the engine's own CenterNet
 * backbone pooled at an intermediate block, backbone-features.ts, one partial pass for all four
 * crops, joined by the hand-made high-frequency features of pixel-features.ts when the trained
 * model lists them) and, when the model has `combine`, a small network trained for generator
 * traces (trace-net.ts). The image's logit is then the mean of the two models' Platt-calibrated
 * logits. Weights, the calibrated threshold and the calibrations come from `ai-signal.json` and
 * `ai-trace-net.json`, written by `npm run train:ai-signal` (scripts/data/train-ai-signal.ts; model
 * card: AI_SIGNAL_CARD.md).
 *
 * score = sigmoid(logit); `threshold` is the score above which at most 2% of the real photos of
 * the dev split (held-out folds) were flagged; calibrated_probability is a Platt fit of the
 * held-out logits (AI and real weighted equally, so it assumes even odds a priori).
 */
import raw from './ai-signal.json';
import { BACKBONE_FEATURE_NAMES, backboneFeatures } from './backbone-features';
import { cropFeatures, cropPlan, PIXEL_FEATURE_NAMES, type RgbPlanes } from './pixel-features';
import { traceNetLogit } from './trace-net';

interface Platt {
  a: number;
  b: number;
}

export interface AiSignalModel {
  model: string;
  version: string;
  /** The probe's inputs in order: the hand-made features (optional), then the backbone's. */
  features: string[];
  mean: number[];
  scale: number[];
  w: number[];
  b: number;
  threshold: number;
  platt: Platt;
  /**
   * With the trace network: each model's Platt calibration of its own held-out logits; the image's
   * logit is the mean of the two calibrated logits. Absent: the probe's logit alone.
   */
  combine?: { probe: Platt; trace_net: Platt };
  /**
   * Whether the PIXEL rule may give a fail tag: set by the training run only when, held out, the
   * probe reaches the bar in every variant (at least half of the AI images flagged at no more
   * than 3% of real photos flagged).
   */
  rule_enabled: boolean;
}

export interface PixelSignal {
  /** Model output in [0, 1] (sigmoid of the image's logit); not a probability. */
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

/** The feature lists a model may be trained on: the backbone's, optionally after the hand-made ones. */
export const FEATURE_SETS = {
  backbone: [...BACKBONE_FEATURE_NAMES],
  hand_and_backbone: [...PIXEL_FEATURE_NAMES, ...BACKBONE_FEATURE_NAMES],
} as const;

const usesHandFeatures = (model: AiSignalModel) =>
  model.features.length === FEATURE_SETS.hand_and_backbone.length;

const MODEL: AiSignalModel = raw;

/** The committed model, checked against the features this code computes (on first use, so training can replace it). */
function shippedModel(): AiSignalModel {
  if (!Object.values(FEATURE_SETS).some((names) => names.join() === MODEL.features.join()))
    throw new Error('ai-signal.json was trained on other features: run npm run train:ai-signal');
  return MODEL;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The probe's logit for one feature row (standardised with the training statistics). */
export function probeLogit(features: readonly number[], model: AiSignalModel = shippedModel()): number {
  let z = model.b;
  for (let j = 0; j < features.length; j++)
    z += (model.w[j]! * (features[j]! - model.mean[j]!)) / model.scale[j]!;
  return z;
}

const round4 = (v: number) => Math.round(v * 1e4) / 1e4;

/** The image's logit from the probe's and the network's (mean of their calibrated logits). */
export function combinedLogit(
  probe: number,
  net: number,
  combine: NonNullable<AiSignalModel['combine']>,
): number {
  return (combine.probe.a * probe + combine.probe.b + combine.trace_net.a * net + combine.trace_net.b) / 2;
}

/** Scores decoded pixels (stored orientation, RGB first); null when smaller than 64 px a side. */
export async function pixelSignal(
  img: RgbPlanes,
  model: AiSignalModel = shippedModel(),
): Promise<PixelSignal | null> {
  const crops = cropPlan(img.width, img.height);
  if (!crops) return null;
  // One backbone pass for the (up to four) crops.
  const backbone = await backboneFeatures(crops.map((crop) => ({ img, crop })));
  const rows = crops.map((crop, i) =>
    usesHandFeatures(model) ? [...cropFeatures(img, crop), ...backbone[i]!] : backbone[i]!,
  );
  const probe = rows.reduce((a, x) => a + probeLogit(x, model), 0) / rows.length;
  const logit = model.combine ? combinedLogit(probe, await traceNetLogit(img, crops), model.combine) : probe;
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
