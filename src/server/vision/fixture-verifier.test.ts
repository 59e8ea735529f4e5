import { describe, expect, it } from 'vitest';
import { classThreshold } from './checks';
import { decidePass } from './detector';
import verifierFile from './fixture-verifier.json';
import {
  FEATURE_NAMES,
  presenceProbability,
  VERIFIED_CLASSES,
  VERIFIER,
  VERIFIER_MARGIN,
  verifierFeatures,
  type PassDetection,
} from './fixture-verifier';
import type { RawDetection } from './model';
import type { RoomScore } from './rooms/classifier';

const room = (label: RoomScore['label'], score = 0.9): RoomScore[] => [
  { label, score },
  { label: label === 'other' ? 'office' : 'other', score: 1 - score },
];
const det = (label: RawDetection['label'], score: number, box: RawDetection['box']): RawDetection => ({
  label,
  classIndex: 0,
  score,
  box,
});
// A kitchen the pass sees plainly (oven, refrigerator) and a faint microwave below its threshold.
const kitchen = [
  det('oven', 0.6, [0.1, 0.5, 0.3, 0.9]),
  det('refrigerator', 0.5, [0.7, 0.1, 0.95, 0.9]),
  det('microwave', 0.15, [0.4, 0.3, 0.55, 0.4]),
];

describe('the learned answer', () => {
  it('ships weights for the features this code computes', () => {
    expect(verifierFile.features).toEqual(FEATURE_NAMES);
    expect(VERIFIER.weights).toHaveLength(FEATURE_NAMES.length);
    expect(VERIFIER.weights.every(Number.isFinite) && Number.isFinite(VERIFIER.bias)).toBe(true);
    expect(VERIFIER.threshold).toBeGreaterThan(0.05);
    expect(VERIFIER.threshold).toBeLessThan(0.95);
    expect(verifierFeatures('sink', [], room('bathroom'))).toHaveLength(FEATURE_NAMES.length);
  });

  it('a stronger box makes a class more likely, and so does a room that expects it', () => {
    const sink = (score: number, r: RoomScore[]) =>
      presenceProbability(verifierFeatures('sink', [{ label: 'sink', score, box: [0.4, 0.5, 0.6, 0.7] }], r));
    expect(sink(0.1, room('bathroom'))).toBeLessThan(sink(0.3, room('bathroom')));
    expect(sink(0.3, room('bathroom'))).toBeLessThan(sink(0.6, room('bathroom')));
    expect(sink(0.3, room('bedroom'))).toBeLessThan(sink(0.3, room('bathroom')));
  });

  it('reads what else the photo shows: the same faint toilet next to a sink or a bed', () => {
    const toilet: PassDetection = { label: 'toilet', score: 0.2, box: [0.5, 0.5, 0.7, 0.9] };
    const withSink = [{ label: 'sink', score: 0.6, box: [0.1, 0.5, 0.4, 0.7] } as const, toilet];
    const withBed = [{ label: 'bed', score: 0.7, box: [0.1, 0.4, 0.9, 0.9] } as const, toilet];
    expect(presenceProbability(verifierFeatures('toilet', withBed, room('bedroom')))).toBeLessThan(0.1);
    expect(presenceProbability(verifierFeatures('toilet', withSink, room('bathroom')))).toBeGreaterThan(
      presenceProbability(verifierFeatures('toilet', withBed, room('bedroom'))) * 5,
    );
  });

  it('covers the 16 labelled classes once each', () => {
    expect(new Set(VERIFIED_CLASSES).size).toBe(16);
  });
});

describe('decidePass: the plain pass, the learned answer and checks 1-3', () => {
  it('in a room, a class the learned answer says is there stands with its best box, even below its threshold', () => {
    expect(kitchen[2]!.score).toBeLessThan(classThreshold('microwave'));
    const d = decidePass(kitchen, room('kitchen'), 3);
    expect(d.presence.get('microwave')).toBeGreaterThanOrEqual(VERIFIER.threshold);
    const i = d.base.findIndex((b) => b.label === 'microwave');
    expect(i).toBeGreaterThanOrEqual(0);
    expect(d.dropped[i]).toBeUndefined();
    // Only its best box: a weaker second microwave below the threshold is not listed.
    const twice = decidePass([...kitchen, det('microwave', 0.11, [0.6, 0.3, 0.7, 0.4])], room('kitchen'), 3);
    expect(twice.base.filter((b) => b.label === 'microwave')).toHaveLength(1);
  });

  it('a class it says is absent is dropped by `learned`, even above its threshold', () => {
    const vase = det('vase', 0.3, [0.8, 0.3, 0.82, 0.33]);
    expect(vase.score).toBeGreaterThanOrEqual(classThreshold('vase'));
    const d = decidePass([det('bed', 0.7, [0.1, 0.4, 0.9, 0.9]), vase], room('bedroom'), 3);
    expect(d.presence.get('vase')).toBeLessThan(VERIFIER.threshold);
    expect(d.dropped[d.base.indexOf(vase)]).toBe('learned');
    expect(d.dropped[0]).toBeUndefined();
    // A dropped class is never looked at again by the augmented checks.
    expect(d.candidates.has('vase')).toBe(false);
  });

  it('outside rooms it can only drop: nothing below the 0.3 floor stands', () => {
    const d = decidePass(kitchen, room('other'), 3);
    expect(d.base.map((b) => b.label)).toEqual(['oven', 'refrigerator']);
  });

  it('with no check, or one score for every class, the thresholds alone decide', () => {
    const none = decidePass(kitchen, room('kitchen'), 0);
    expect(none.presence.size).toBe(0);
    expect(none.base.map((b) => b.label)).toEqual(['oven', 'refrigerator']);
    expect(none.dropped.every((x) => x === undefined)).toBe(true);
    const single = decidePass(kitchen, room('kitchen'), 3, { minScore: 0.1 });
    expect(single.presence.size).toBe(0);
    expect(single.base).toHaveLength(3);
  });

  it('an augmented view must find a class kept below its threshold about as strongly as the plain pass did', () => {
    const d = decidePass(kitchen, room('kitchen'), 10);
    // Borderline (within VERIFIER_MARGIN of the probability threshold): checks 4..N look again.
    expect(d.presence.get('microwave')).toBeLessThan(VERIFIER.threshold + VERIFIER_MARGIN);
    expect(d.candidates.has('microwave')).toBe(true);
    expect(d.viewBar('microwave')).toBeCloseTo(0.8 * 0.15, 6);
    expect(d.viewBar('oven')).toBeCloseTo(0.8 * Math.min(classThreshold('oven'), 0.6), 6);
  });
});
