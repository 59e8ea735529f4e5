/**
 * The facial analysis use case behind POST /api/v1/faces and its demo twin: the image is
 * decoded and its faces analysed in the vision engine's worker (./analyze.ts); here the findings
 * become the answer (largest face first, rounded, thresholds applied) and the policy is checked.
 * Nothing of the image or the faces is stored.
 */
import type { BudgetLease } from '../engine/image-budget';
import { analyzeFacesBytes } from '../engine';
import { warmOnServerless } from '../engine/runner';
import { withImageBytes, type ImageDeps, type ImageSource } from '../scene/request';
import {
  FACES_METHOD,
  type Face,
  type FacesRequestParsed,
  type FacesResponse,
} from '../../../shared/schemas/faces';
import type { FaceFinding, FacesAnalysis } from './analyze';
import { toXywh } from './geometry';
import { checkPolicy } from './policy';

// A function instance loads the face models as it starts.
warmOnServerless(async () => (await import('./analyze')).loadFaceModels());

/** An eye reads open at this lid gap over eye width or more (the mesh's closed eyes measure under 0.1). */
const EYE_OPEN_MIN = 0.15;
/** A presentation attack is indicated below this liveness score (see the accuracy card). */
export const LIVENESS_MIN = 0.5;

const r3 = (v: number): number => Math.round(v * 1000) / 1000;
const r1 = (v: number): number => Math.round(v * 10) / 10;
const pt = ([x, y]: [number, number]): [number, number] => [r1(x), r1(y)];

/** One finding as the API answers it. */
function toFace(f: FaceFinding, width: number, height: number, includeMesh: boolean): Face {
  const box = toXywh(f.box, width, height);
  return {
    bounding_box: box,
    confidence: r3(f.detectorScore),
    landmarks: {
      left_eye: pt(f.landmarks.left_eye),
      right_eye: pt(f.landmarks.right_eye),
      nose_tip: pt(f.landmarks.nose_tip),
      mouth_left: pt(f.landmarks.mouth_left),
      mouth_right: pt(f.landmarks.mouth_right),
    },
    ...(includeMesh && {
      mesh: f.mesh.map(([x, y, z]) => [r1(x), r1(y), r1(z)] as [number, number, number]),
    }),
    pose: f.pose,
    eyes: {
      left_open: f.eyes.left >= EYE_OPEN_MIN,
      right_open: f.eyes.right >= EYE_OPEN_MIN,
      left_openness: r3(f.eyes.left),
      right_openness: r3(f.eyes.right),
    },
    quality: {
      sharpness: f.quality.sharpness,
      brightness: f.quality.brightness,
      exposure: f.quality.exposure,
      clipped: f.quality.clipped,
      face_width_px: box[2],
      face_height_px: box[3],
      face_share: r3((box[2] * box[3]) / Math.max(1, width * height)),
      cut_off: r3(f.outOfFrame),
    },
    presentation_attack: {
      indicated: f.liveness < LIVENESS_MIN,
      liveness_score: r3(f.liveness),
      antispoof_score: r3(f.antispoofReal),
    },
  };
}

/** The answer's faces, largest first. */
export function facesOf(analysis: FacesAnalysis, includeMesh: boolean): Face[] {
  return analysis.faces
    .map((f) => toFace(f, analysis.width, analysis.height, includeMesh))
    .sort((a, b) => b.bounding_box[2] * b.bounding_box[3] - a.bounding_box[2] * a.bounding_box[3]);
}

/** Analyses the faces of one image and checks the policy asked for. */
export async function runFaces(
  image: ImageSource,
  req: FacesRequestParsed,
  requestId: string,
  deps: ImageDeps = {},
  lease?: BudgetLease,
): Promise<FacesResponse> {
  const started = performance.now();
  const analysis = await withImageBytes(image, deps, (bytes) => analyzeFacesBytes(bytes), lease);
  const faces = facesOf(analysis, req.include_mesh);
  return {
    image_url: 'url' in image ? image.url : null,
    width: analysis.width,
    height: analysis.height,
    face_count: faces.length,
    faces,
    policy: req.policy === undefined ? null : checkPolicy(req.policy, faces),
    processing_time: Math.round(performance.now() - started) / 1000,
    request_id: requestId,
    analysis_method: FACES_METHOD,
  };
}
