/**
 * The shapes of virtual inspections: POST /api/v1/inspections (a set of property photos, an
 * optional checklist of rooms and fixtures) and GET /api/v1/inspections/{id} (status, progress
 * and, once complete, the report). The report is built from the product's own analyses: room
 * type, objects, photo quality, declared capture data, authenticity and near-duplicate search.
 */
import { z } from 'zod';
import './zod-config';
import { DETECTION_ROOMS } from '../rooms';
import { imageUrlSchema } from './image-source';
import { FAIL_TAG_VALUES, VERDICT_VALUES } from './photo-authenticity/analysis';
import { BATCH_MAX_IMAGES, JOB_STATUS_VALUES } from './photo-authenticity/batch';

/** Photos one inspection takes (the batch limit). */
export const INSPECTION_MAX_PHOTOS = BATCH_MAX_IMAGES;

/** Rooms a checklist may name and a photo may be assigned (a photo of anything else is `other`). */
export const INSPECTION_ROOMS = DETECTION_ROOMS;
export type InspectionRoom = (typeof INSPECTION_ROOMS)[number];

/** Room label of one photo: a checklist room, or `other` (a hall, a facade, not a room at all). */
export const PHOTO_ROOM_VALUES = [...INSPECTION_ROOMS, 'other'] as const;

/**
 * Fixtures a checklist may expect and a report may list: the objects of the detection model that
 * tell rooms apart (COCO names).
 */
export const INSPECTION_FIXTURES = [
  'sink',
  'toilet',
  'bed',
  'couch',
  'chair',
  'dining table',
  'oven',
  'microwave',
  'refrigerator',
  'toaster',
  'tv',
  'laptop',
  'keyboard',
  'potted plant',
  'clock',
  'vase',
  'book',
] as const;

/**
 * Shorter side, in pixels, below which a photo is reported too small to inspect from: the
 * detection model looks at a 512-pixel view, so a smaller photo is enlarged before it is seen.
 */
export const INSPECTION_MIN_SIDE = 512;

/** Flag codes of a report, in the order the report lists them. */
export const FLAG_CODES = [
  'ai_generated',
  'edited',
  'photo_of_photo',
  'reused_in_set',
  'matches_collection',
  'room_missing',
  'fixture_missing',
  'not_a_room',
  'low_quality',
  'photo_failed',
] as const;

/** What the report does not assess, in plain words (the API, the page and the sample say it). */
export const NOT_ASSESSED =
  'This report does not grade condition, damage, wear, safety hazards or compliance: no model here measures them. It says which rooms and objects the photos show, whether each photo carries signs of generation, editing or recapture, whether photos repeat each other or images you already hold, and what each file declares about its capture. Declared capture data can be missing or forged; its absence proves nothing.';

const roomCounts = z
  .partialRecord(z.enum(INSPECTION_ROOMS), z.number().int().min(0).max(20))
  .describe('Rooms expected and how many of each, e.g. `{ "kitchen": 1, "bedroom": 2, "bathroom": 1 }`.');

export const checklistSchema = z
  .object({
    rooms: roomCounts.optional(),
    fixtures: z
      .partialRecord(
        z.enum(INSPECTION_ROOMS),
        z.array(z.enum(INSPECTION_FIXTURES)).min(1).max(INSPECTION_FIXTURES.length),
      )
      .optional()
      .describe(
        'Fixtures expected per room, e.g. `{ "kitchen": ["oven", "sink", "refrigerator"] }`: a room whose photos show none of one is reported.',
      ),
  })
  .strict()
  .describe(
    'What the photos should cover. Without one, the report lists the rooms found and misses nothing.',
  );

const propertyRef = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .describe('Your reference for the property (an address, a claim or listing number); echoed back.');

const callbackUrl = z
  .url({ protocol: /^https?$/, error: 'callback_url must be an http(s) URL' })
  .max(2048)
  .describe(
    'Public https URL that receives the final inspection body (POST, signed with the Optiq-Signature header) when it ends. Needs an API key.',
  );

export const inspectionRequestSchema = z
  .object({
    image_urls: z
      .array(imageUrlSchema.describe('An image URL.'))
      .min(1, 'Send at least one photo')
      .max(INSPECTION_MAX_PHOTOS, `Send at most ${INSPECTION_MAX_PHOTOS} photos`)
      .describe('URLs of the property photos, 1 to 50; the report lists them in this order.'),
    checklist: checklistSchema.optional(),
    property_ref: propertyRef.optional(),
    callback_url: callbackUrl.optional(),
  })
  .strict()
  .describe('The photos of one property and what they should cover.');

/** The multipart form: photos as `file` parts, the other fields as text (`checklist` as JSON). */
export const inspectionUploadSchema = z
  .object({
    image_urls: z
      .array(imageUrlSchema.describe('An image URL.'))
      .optional()
      .describe('Photos by URL, one `image_urls` field each; they come before the uploads in the report.'),
    file: z
      .array(z.file())
      .optional()
      .describe(
        'The photos themselves, one `file` part each (JPEG, PNG or WebP); 1 to 50 photos in all, URLs included. Uploads are named `upload:<n>` in the report and kept only until the inspection ends.',
      ),
    checklist: z.string().optional().describe('The checklist as JSON text.'),
    property_ref: propertyRef.optional(),
    callback_url: callbackUrl.optional(),
  })
  .describe('The same request as a multipart form, with the photos uploaded.');
export type InspectionRequest = z.output<typeof inspectionRequestSchema>;
export type Checklist = z.output<typeof checklistSchema>;

export const inspectionCreatedSchema = z
  .object({
    inspection_id: z.uuid().describe('Id of the inspection: poll GET /api/v1/inspections/{id}.'),
    status: z
      .enum(JOB_STATUS_VALUES)
      .describe(
        'pending for a new inspection; a retry with the same Idempotency-Key returns it as it is now.',
      ),
    created_at: z.string().describe('When the inspection was created (ISO 8601).'),
  })
  .describe('The queued inspection.');

const fixtureSchema = z
  .object({
    name: z.string().describe('The fixture (detection model class name).'),
    score: z.number().describe('Detection score, 0-1.'),
  })
  .describe('A fixture seen in the photo.');

const collectionMatchSchema = z
  .object({
    collection: z.string().describe('Name of your similar-search collection.'),
    image_id: z.string().describe('The matching image, as stored in that collection.'),
    url: z.string().describe('Its URL, when it was stored with one (else empty).'),
    similarity: z.number().describe('Calibrated similarity, 0-1 (near duplicates read 0.9 and above).'),
  })
  .describe('A near-duplicate of this photo in one of your collections.');

export const inspectionPhotoSchema = z
  .object({
    index: z.number().int().describe('Position of the photo in the request, from 0.'),
    image_url: z.string().describe('The photo as sent (an upload reads `upload:<n>`).'),
    file_name: z.string().optional().describe('The uploaded file name, for uploads.'),
    error: z
      .object({
        code: z
          .string()
          .describe('Error code, e.g. IMAGE_FETCH_FAILED, INVALID_IMAGE, IMAGE_URL_NOT_ALLOWED.'),
        message: z.string().describe('What went wrong with this photo.'),
      })
      .optional()
      .describe(
        'Why this photo has no analysis (the others are not affected); the other fields are then absent.',
      ),
    room: z
      .object({
        label: z
          .enum(PHOTO_ROOM_VALUES)
          .describe('The room type, or `other` when no room scores high enough.'),
        score: z.number().describe('Probability of that label, 0-1 (the room head over the detection pass).'),
      })
      .optional()
      .describe('Which room the photo shows.'),
    fixtures: z
      .array(fixtureSchema)
      .optional()
      .describe('Room fixtures the detection model found, strongest first.'),
    quality: z
      .object({
        width: z.number().int().describe('Width in pixels (after EXIF rotation).'),
        height: z.number().int().describe('Height in pixels.'),
        blurred: z.boolean().describe('Little fine detail: out of focus or shaken (sharpness below 0.25).'),
        dark: z.boolean().describe('Underexposed: mean brightness below 0.2.'),
        too_small: z.boolean().describe(`Shorter side below ${INSPECTION_MIN_SIDE} px (the model's view).`),
        sharpness: z.number().describe('Fine detail of the 512-pixel view, 0-1 (Laplacian energy, scaled).'),
        brightness: z.number().describe('Mean luminance, 0-1.'),
      })
      .optional()
      .describe('Whether the photo is usable for an inspection.'),
    capture: z
      .object({
        taken_at: z
          .string()
          .optional()
          .describe('Capture time the file declares (EXIF DateTimeOriginal), as written.'),
        camera_make: z.string().optional().describe('Camera make the file declares.'),
        camera_model: z.string().optional().describe('Camera model the file declares.'),
        gps_present: z
          .boolean()
          .describe('Whether the file carries a GPS position (the position is not returned).'),
      })
      .optional()
      .describe(
        'What the file declares about its capture; a value missing here says nothing about the photo.',
      ),
    authenticity: z
      .object({
        verdict: z.enum(VERDICT_VALUES).describe('The verdict of /api/predict.'),
        fail_tags: z
          .array(z.enum(FAIL_TAG_VALUES).describe('A fail tag.'))
          .describe('Fail tags, as /api/predict gives them.'),
        evidence: z
          .array(
            z
              .object({
                tag: z.enum(FAIL_TAG_VALUES).describe('The fail tag this finding supports.'),
                explanation: z.string().describe('The evidence, in one line.'),
              })
              .describe('One finding.'),
          )
          .describe('One line of evidence per rule that fired.'),
      })
      .optional()
      .describe('Whether the photo looks generated, edited or recaptured.'),
    duplicate_of: z
      .array(z.string().describe('Another photo of this request.'))
      .optional()
      .describe(
        'Other photos of this set that are near-duplicates of this one (same perceptual hash or similarity 0.9+).',
      ),
    collection_matches: z
      .array(collectionMatchSchema)
      .optional()
      .describe('Near-duplicates of this photo among the images of your own similar-search collections.'),
  })
  .describe('One photo of the set, analysed.');

const flagSchema = z
  .object({
    code: z.enum(FLAG_CODES).describe('What kind of finding.'),
    message: z.string().describe('The finding in plain words, e.g. "2 photos look re-used".'),
    image_urls: z
      .array(z.string().describe('A photo.'))
      .describe('The photos it concerns (empty for a missing room).'),
    photo_indexes: z
      .array(z.number().int().describe('An index into `photos`.'))
      .describe('The same photos as indexes into `photos`: the evidence of the flag.'),
  })
  .describe('A finding worth a look, linked to its evidence.');

export const inspectionReportSchema = z
  .object({
    property_ref: z.string().optional().describe('Your reference, as sent.'),
    checklist: checklistSchema.optional().describe('The checklist, as sent.'),
    flags: z.array(flagSchema).describe('What needs a look, most serious first; empty when nothing does.'),
    coverage: z
      .object({
        found: z
          .partialRecord(z.enum(PHOTO_ROOM_VALUES), z.number().int())
          .describe('Photos per room label (including `other`).'),
        missing: z
          .array(z.enum(INSPECTION_ROOMS))
          .describe('Rooms of the checklist with fewer photos than expected (repeated once per room short).'),
        rooms_missing_fixtures: z
          .array(
            z
              .object({
                room: z.enum(INSPECTION_ROOMS).describe('The room.'),
                fixtures: z
                  .array(z.enum(INSPECTION_FIXTURES))
                  .describe('Expected fixtures no photo of that room shows.'),
              })
              .describe('A room whose photos show none of some expected fixtures.'),
          )
          .describe('Rooms of the checklist with expected fixtures on no photo.'),
      })
      .describe('Rooms found against the checklist.'),
    photos: z.array(inspectionPhotoSchema).describe('Every photo, in request order.'),
    not_assessed: z.string().describe('What the report does not assess.'),
    analysis_method: z.string().describe('How the report was made.'),
  })
  .describe('The inspection report.');
export type InspectionReport = z.infer<typeof inspectionReportSchema>;
export type InspectionPhoto = z.infer<typeof inspectionPhotoSchema>;
export type InspectionFlag = z.infer<typeof flagSchema>;

export const inspectionSchema = z
  .object({
    inspection_id: z.uuid().describe('Id of the inspection.'),
    status: z
      .enum(JOB_STATUS_VALUES)
      .describe(
        'pending (queued), processing (photos being analysed), completed (the report is ready), failed (it could not be finished).',
      ),
    created_at: z.string().describe('When the inspection was created (ISO 8601).'),
    progress: z
      .object({
        done: z.number().int().describe('Photos analysed (with a result or an error).'),
        total: z.number().int().describe('Photos in the inspection.'),
      })
      .describe('How far the inspection is.'),
    property_ref: z.string().optional().describe('Your reference, as sent.'),
    finished_at: z.string().optional().describe('When it completed or failed (ISO 8601).'),
    error: z.string().optional().describe('Why it failed, when failed.'),
    report: inspectionReportSchema.optional().describe('The report; present only when status is completed.'),
  })
  .describe('An inspection and, once completed, its report.');
export type InspectionBody = z.infer<typeof inspectionSchema>;
