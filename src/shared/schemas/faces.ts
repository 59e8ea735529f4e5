/**
 * Request and response of the facial analysis API (POST /api/v1/faces) and its keyless demo twin.
 * What it never does: identify or match people, return or store face embeddings, or infer age,
 * gender or emotion.
 */
import { z } from 'zod';
import './zod-config';
import { imageSourceFields } from './image-source';

const image = imageSourceFields();

/** The named policies. */
export const FACE_POLICY_NAMES = ['profile_photo'] as const;
export type FacePolicyName = (typeof FACE_POLICY_NAMES)[number];

const degrees = (what: string) =>
  z.number().min(0).max(90).optional().describe(`Largest ${what} allowed, in degrees either way (0-90).`);

/** A policy's rules given explicitly: only the rules given are checked. */
export const facePolicyRulesSchema = z
  .strictObject({
    face_count: z.number().int().min(0).max(20).optional().describe('Exactly this many faces (0-20).'),
    max_yaw: degrees('head turn left or right (yaw)'),
    max_pitch: degrees('head tilt up or down (pitch)'),
    max_roll: degrees('head lean to a shoulder (roll)'),
    min_sharpness: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe('Smallest `quality.sharpness` allowed (0-1).'),
    good_exposure: z
      .boolean()
      .optional()
      .describe('When true, every face must be neither too dark nor too bright.'),
    min_face_px: z
      .number()
      .int()
      .min(1)
      .max(8192)
      .optional()
      .describe('Smallest face allowed: the shorter side of its box, in pixels.'),
    min_face_share: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe("Smallest share of the photo's area the face box must cover (0-1)."),
    eyes_open: z.boolean().optional().describe('When true, both eyes must read open.'),
    no_presentation_attack: z
      .boolean()
      .optional()
      .describe(
        'When true, no face may carry a presentation-attack indication (a face shown on a screen or print).',
      ),
    max_cut_off: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe("Largest share of a face's landmarks allowed outside the frame (0-1)."),
  })
  .describe('Policy rules given explicitly; only the rules given are checked.')
  .meta({ id: 'FacePolicyRules' });
export type FacePolicyRules = z.infer<typeof facePolicyRulesSchema>;

/** The named policies' rules (the profile photo of a marketplace or an insurer's ID selfie). */
export const NAMED_POLICIES: Record<
  FacePolicyName,
  { [K in keyof FacePolicyRules]-?: NonNullable<FacePolicyRules[K]> }
> = {
  profile_photo: {
    face_count: 1,
    max_yaw: 20,
    max_pitch: 20,
    max_roll: 15,
    min_sharpness: 0.5,
    good_exposure: true,
    min_face_px: 80,
    min_face_share: 0.03,
    eyes_open: true,
    no_presentation_attack: true,
    max_cut_off: 0.02,
  },
};

const profile = NAMED_POLICIES.profile_photo;
const POLICY_DESCRIPTION = `\`profile_photo\` (exactly one face, frontal within ${profile.max_yaw} degrees of yaw, ${profile.max_pitch} of pitch and ${profile.max_roll} of roll, sharpness at least ${profile.min_sharpness}, good exposure, at least ${profile.min_face_px} px and ${Math.round(profile.min_face_share * 100)}% of the photo, eyes open, no presentation-attack indication, at most ${Math.round(profile.max_cut_off * 100)}% of the face outside the frame), or the rules given explicitly. Leave out for no policy check.`;

export const facesRequestSchema = z.strictObject({
  ...image.json,
  policy: z
    .union([z.enum(FACE_POLICY_NAMES), facePolicyRulesSchema])
    .optional()
    .describe(POLICY_DESCRIPTION),
  include_mesh: z
    .boolean()
    .default(false)
    .describe('When true, each face also carries its full 468-point mesh (`mesh`). Off by default.'),
});
export type FacesRequestParsed = z.output<typeof facesRequestSchema>;

/** The multipart form: the image as `file`, a named policy and `include_mesh` as text (explicit rules need the JSON body). */
export const facesUploadSchema = facesRequestSchema.extend({
  ...image.upload,
  policy: z
    .enum(FACE_POLICY_NAMES)
    .optional()
    .describe('A named policy (`profile_photo`); explicit rules need the JSON body.'),
  include_mesh: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .describe('`true` to add the full mesh, as text.'),
});

const point = z.tuple([z.number(), z.number()]).describe('[x, y] in source-image pixels.');

export const FACES_METHOD =
  'BlazeFace detection, FaceMesh landmarks (468 points), anti-spoofing and liveness models (MediaPipe / Human) on TensorFlow.js WASM';

export const faceSchema = z
  .object({
    bounding_box: z
      .tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()])
      .describe('[x, y, width, height] of the face (brow to chin, cheek to cheek) in source-image pixels.'),
    confidence: z
      .number()
      .min(0)
      .max(1)
      .describe("The detector's score for this face, 0 to 1 (not a calibrated probability)."),
    landmarks: z
      .object({
        left_eye: point,
        right_eye: point,
        nose_tip: point,
        mouth_left: point,
        mouth_right: point,
      })
      .describe("Eye centres, nose tip and mouth corners; left and right are the person's own."),
    mesh: z
      .array(z.tuple([z.number(), z.number(), z.number()]))
      .optional()
      .describe(
        'Only with `include_mesh: true`: the 468 FaceMesh points, [x, y, z] (x, y in pixels, z relative depth).',
      ),
    pose: z
      .object({
        yaw: z
          .number()
          .describe('Turn to one side, in degrees (0 facing the camera; the sign tells the side).'),
        pitch: z.number().describe('Tilt up or down, in degrees (0 level).'),
        roll: z.number().describe('Lean towards a shoulder, in degrees (0 upright).'),
      })
      .describe('Head pose estimated from the mesh.'),
    eyes: z
      .object({
        left_open: z.boolean().describe("Whether the person's left eye reads open."),
        right_open: z.boolean().describe("Whether the person's right eye reads open."),
        left_openness: z
          .number()
          .describe('Lid gap over eye width of the left eye (about 0.25-0.4 open, under 0.15 closed).'),
        right_openness: z.number().describe('Lid gap over eye width of the right eye.'),
      })
      .describe('Eye opening read from the mesh eyelid points.'),
    quality: z
      .object({
        sharpness: z
          .number()
          .min(0)
          .max(1)
          .describe(
            '0-1 from the variance of the Laplacian over the face (0 flat or blurred, 0.7 and above crisp).',
          ),
        brightness: z.number().min(0).max(1).describe('Mean brightness of the face, 0 black to 1 white.'),
        exposure: z.enum(['under', 'good', 'over']).describe('Under-exposed, good or over-exposed face.'),
        clipped: z.number().min(0).max(1).describe("Share of the face's pixels clipped to black or white."),
        face_width_px: z.number().int().describe('Width of the face box in pixels.'),
        face_height_px: z.number().int().describe('Height of the face box in pixels.'),
        face_share: z.number().min(0).max(1).describe("Share of the photo's area the face box covers."),
        cut_off: z
          .number()
          .min(0)
          .max(1)
          .describe("Share of the face's landmarks outside the frame (the only occlusion measured)."),
      })
      .describe('Image quality of the face.'),
    presentation_attack: z
      .object({
        indicated: z
          .boolean()
          .describe(
            'True when the liveness model reads the face as shown on a screen or print: an indicator, not a certainty.',
          ),
        liveness_score: z
          .number()
          .min(0)
          .max(1)
          .describe(
            'Liveness model, 0-1: high looks like a live face. Indicated below the threshold on the accuracy card.',
          ),
        antispoof_score: z
          .number()
          .min(0)
          .max(1)
          .describe(
            'Anti-spoofing model, 0-1: high looks like a live face; reported, not used for `indicated` (see the accuracy card).',
          ),
      })
      .describe('Presentation-attack indication: a face photographed from a screen or a print.'),
  })
  .describe('One face found: box, landmarks, pose, eyes, quality and presentation-attack indicator.')
  .meta({ id: 'Face' });
export type Face = z.infer<typeof faceSchema>;

export const policyResultSchema = z
  .object({
    name: z.string().describe('`profile_photo`, or `custom` for explicit rules.'),
    passed: z.boolean().describe('True when every rule passed.'),
    reasons: z
      .array(
        z.object({
          rule: z.string().describe('The rule, as named in the policy fields (e.g. `max_yaw`).'),
          passed: z.boolean().describe('Whether the photo met it.'),
          message: z.string().describe('What was found, in plain words.'),
        }),
      )
      .describe('Every rule checked, failed ones first.'),
  })
  .describe('The policy check: pass or fail with each reason in plain words.');
export type PolicyResult = z.infer<typeof policyResultSchema>;

export const facesResponseSchema = z.object({
  image_url: z.string().nullable().describe('The image URL as sent; null for an upload.'),
  width: z.number().int().describe('Width of the image in pixels (upright).'),
  height: z.number().int().describe('Height of the image in pixels (upright).'),
  face_count: z.number().int().describe('Faces found.'),
  faces: z.array(faceSchema).describe('Every face found, largest first.'),
  policy: policyResultSchema
    .nullable()
    .describe('The policy check: pass or fail with each reason; null when no policy was asked for.'),
  processing_time: z.number().describe('Seconds spent on the server, image fetch included.'),
  request_id: z.string().describe('Id of this request (also in the X-Request-Id header).'),
  analysis_method: z.literal(FACES_METHOD).describe('The models behind the answer.'),
});
export type FacesResponse = z.infer<typeof facesResponseSchema>;
