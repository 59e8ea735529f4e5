import { describe, expect, it } from 'vitest';
import { NAMED_POLICIES, type Face } from '../../../shared/schemas/faces';
import { checkPolicy } from './policy';

/** A face that meets every rule of profile_photo. */
function face(over: { [K in keyof Face]?: Partial<Face[K]> } = {}): Face {
  return {
    bounding_box: [100, 80, 200, 240],
    confidence: 0.9,
    landmarks: {
      left_eye: [240, 150],
      right_eye: [160, 150],
      nose_tip: [200, 200],
      mouth_left: [235, 250],
      mouth_right: [165, 250],
    },
    pose: { yaw: 3, pitch: -5, roll: 1, ...over.pose },
    eyes: { left_open: true, right_open: true, left_openness: 0.3, right_openness: 0.3, ...over.eyes },
    quality: {
      sharpness: 0.8,
      brightness: 0.5,
      exposure: 'good',
      clipped: 0,
      face_width_px: 200,
      face_height_px: 240,
      face_share: 0.2,
      cut_off: 0,
      ...over.quality,
    },
    presentation_attack: {
      indicated: false,
      liveness_score: 0.9,
      antispoof_score: 0.7,
      ...over.presentation_attack,
    },
  };
}

const failed = (r: ReturnType<typeof checkPolicy>) => r.reasons.filter((x) => !x.passed);

describe('the profile_photo policy', () => {
  it('passes one sharp, frontal, well-exposed face with open eyes, every rule saying why', () => {
    const r = checkPolicy('profile_photo', [face()]);
    expect(r.name).toBe('profile_photo');
    expect(r.passed).toBe(true);
    expect(r.reasons.map((x) => x.rule).sort()).toEqual(Object.keys(NAMED_POLICIES.profile_photo).sort());
    expect(r.reasons.find((x) => x.rule === 'face_count')?.message).toBe('Found 1 face, as required.');
  });

  it('fails a photo without a face, and one with two, in plain words', () => {
    const none = checkPolicy('profile_photo', []);
    expect(none.passed).toBe(false);
    expect(failed(none).map((x) => x.message)).toEqual(['No face was found; 1 face required.']);
    const two = checkPolicy('profile_photo', [face(), face()]);
    expect(failed(two)[0]?.message).toBe('Found 2 faces; exactly 1 face required.');
  });

  it('names each failed rule with what was measured, failed reasons first', () => {
    const r = checkPolicy('profile_photo', [
      face({
        pose: { yaw: -35 },
        eyes: { left_open: false },
        quality: { sharpness: 0.2, exposure: 'under', face_width_px: 60, face_share: 0.01, cut_off: 0.1 },
        presentation_attack: { indicated: true },
      }),
    ]);
    expect(r.passed).toBe(false);
    expect(Object.fromEntries(failed(r).map((x) => [x.rule, x.message]))).toEqual({
      max_yaw: 'The face is turned sideways by 35 degrees; at most 20 degrees allowed.',
      min_sharpness: 'The face is blurred (sharpness 0.20; at least 0.50 needed).',
      good_exposure: 'The face is too dark.',
      min_face_px: 'The face is too small (60 px; at least 80 px needed).',
      min_face_share: 'The face fills only 1% of the photo; at least 3% needed.',
      eyes_open: 'The face has one eye closed.',
      no_presentation_attack: 'The face looks like a face shown on a screen or a print.',
      max_cut_off: 'The face is cut off by the edge of the photo (10%).',
    });
    expect(r.reasons.slice(0, 8).every((x) => !x.passed)).toBe(true);
    expect(r.reasons.slice(8).every((x) => x.passed)).toBe(true);
  });

  it('names the face that fails among several', () => {
    const r = checkPolicy({ max_roll: 10 }, [face(), face({ pose: { roll: 25 } })]);
    expect(r).toEqual({
      name: 'custom',
      passed: false,
      reasons: [
        {
          rule: 'max_roll',
          passed: false,
          message: 'Face 2 of 2 is leaning by 25 degrees; at most 10 degrees allowed.',
        },
      ],
    });
  });
});

describe('explicit rules', () => {
  it('checks only the rules given', () => {
    const r = checkPolicy({ eyes_open: true, face_count: 0 }, []);
    expect(r.passed).toBe(true);
    expect(r.reasons.map((x) => [x.rule, x.message])).toEqual([
      ['face_count', 'Found 0 faces, as required.'],
      ['eyes_open', 'No face to check.'],
    ]);
  });

  it('reads both eyes closed and an over-exposed face', () => {
    const r = checkPolicy({ eyes_open: true, good_exposure: true }, [
      face({ eyes: { left_open: false, right_open: false }, quality: { exposure: 'over' } }),
    ]);
    expect(failed(r).map((x) => x.message)).toEqual([
      'The face is too bright (washed out).',
      'The face has both eyes closed.',
    ]);
  });
});
