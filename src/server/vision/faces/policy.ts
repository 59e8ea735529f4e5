/**
 * The policy check of POST /api/v1/faces: a named policy (`profile_photo`) or rules given
 * explicitly, checked against the faces found; each rule answers pass or fail with what was
 * found in plain words. Rules about one face (pose, sharpness, size...) are checked on every
 * face, and the first face that fails is named.
 */
import {
  NAMED_POLICIES,
  type Face,
  type FacePolicyName,
  type FacePolicyRules,
  type PolicyResult,
} from '../../../shared/schemas/faces';

type Reason = PolicyResult['reasons'][number];

const faceWord = (n: number): string => (n === 1 ? '1 face' : `${n} faces`);
const pct = (v: number): string => `${Math.round(v * 1000) / 10}%`;
const deg = (v: number): string => `${Math.round(Math.abs(v))} degrees`;

/** The face's name in a message: "the face" when alone, else "face 2 of 3". */
const who = (i: number, n: number): string => (n === 1 ? 'The face' : `Face ${i + 1} of ${n}`);

/** Checks one rule on every face; passes when all pass (and when there is no face). */
function perFace(
  rule: string,
  faces: readonly Face[],
  fails: (f: Face) => string | undefined,
  passMessage: string,
): Reason {
  for (const [i, f] of faces.entries()) {
    const why = fails(f);
    if (why) return { rule, passed: false, message: `${who(i, faces.length)} ${why}.` };
  }
  return { rule, passed: true, message: faces.length === 0 ? 'No face to check.' : passMessage };
}

/** Checks `rules` on `faces`; failed reasons first, each rule once. */
export function checkPolicy(policy: FacePolicyName | FacePolicyRules, faces: readonly Face[]): PolicyResult {
  const name = typeof policy === 'string' ? policy : 'custom';
  const rules: FacePolicyRules = typeof policy === 'string' ? NAMED_POLICIES[policy] : policy;
  const reasons: Reason[] = [];
  const n = faces.length;

  if (rules.face_count !== undefined) {
    const want = rules.face_count;
    reasons.push({
      rule: 'face_count',
      passed: n === want,
      message:
        n === want
          ? `Found ${faceWord(n)}, as required.`
          : n === 0
            ? `No face was found; ${faceWord(want)} required.`
            : `Found ${faceWord(n)}; ${want === 1 ? 'exactly 1 face' : faceWord(want)} required.`,
    });
  }
  const angle = (
    rule: 'max_yaw' | 'max_pitch' | 'max_roll',
    key: 'yaw' | 'pitch' | 'roll',
    words: string,
  ) => {
    const limit = rules[rule];
    if (limit === undefined) return;
    reasons.push(
      perFace(
        rule,
        faces,
        (f) =>
          Math.abs(f.pose[key]) > limit
            ? `is ${words} ${deg(f.pose[key])}; at most ${deg(limit)} allowed`
            : undefined,
        `Head ${key} within ${deg(limit)}.`,
      ),
    );
  };
  angle('max_yaw', 'yaw', 'turned sideways by');
  angle('max_pitch', 'pitch', 'tilted up or down by');
  angle('max_roll', 'roll', 'leaning by');
  if (rules.min_sharpness !== undefined) {
    const min = rules.min_sharpness;
    reasons.push(
      perFace(
        'min_sharpness',
        faces,
        (f) =>
          f.quality.sharpness < min
            ? `is blurred (sharpness ${f.quality.sharpness.toFixed(2)}; at least ${min.toFixed(2)} needed)`
            : undefined,
        'Sharp enough.',
      ),
    );
  }
  if (rules.good_exposure) {
    reasons.push(
      perFace(
        'good_exposure',
        faces,
        (f) =>
          f.quality.exposure === 'under'
            ? 'is too dark'
            : f.quality.exposure === 'over'
              ? 'is too bright (washed out)'
              : undefined,
        'Well exposed.',
      ),
    );
  }
  if (rules.min_face_px !== undefined) {
    const min = rules.min_face_px;
    reasons.push(
      perFace(
        'min_face_px',
        faces,
        (f) => {
          const side = Math.min(f.quality.face_width_px, f.quality.face_height_px);
          return side < min ? `is too small (${side} px; at least ${min} px needed)` : undefined;
        },
        `Large enough (at least ${min} px).`,
      ),
    );
  }
  if (rules.min_face_share !== undefined) {
    const min = rules.min_face_share;
    reasons.push(
      perFace(
        'min_face_share',
        faces,
        (f) =>
          f.quality.face_share < min
            ? `fills only ${pct(f.quality.face_share)} of the photo; at least ${pct(min)} needed`
            : undefined,
        `Fills at least ${pct(min)} of the photo.`,
      ),
    );
  }
  if (rules.eyes_open) {
    reasons.push(
      perFace(
        'eyes_open',
        faces,
        (f) =>
          !f.eyes.left_open && !f.eyes.right_open
            ? 'has both eyes closed'
            : !f.eyes.left_open || !f.eyes.right_open
              ? 'has one eye closed'
              : undefined,
        'Eyes open.',
      ),
    );
  }
  if (rules.no_presentation_attack) {
    reasons.push(
      perFace(
        'no_presentation_attack',
        faces,
        (f) =>
          f.presentation_attack.indicated ? 'looks like a face shown on a screen or a print' : undefined,
        'No sign of a face shown on a screen or print.',
      ),
    );
  }
  if (rules.max_cut_off !== undefined) {
    const max = rules.max_cut_off;
    reasons.push(
      perFace(
        'max_cut_off',
        faces,
        (f) =>
          f.quality.cut_off > max
            ? `is cut off by the edge of the photo (${pct(f.quality.cut_off)})`
            : undefined,
        'Fully inside the frame.',
      ),
    );
  }
  reasons.sort((a, b) => Number(a.passed) - Number(b.passed));
  return { name, passed: reasons.every((r) => r.passed), reasons };
}
