/**
 * The classification use case behind POST /api/v1/classify and its demo twin: one plain pass
 * with features in the vision engine's worker, then the room classifier's scores (`room_type`)
 * or nearest neighbours over one of the account's label sets.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db';
import { HttpError } from '../../http/errors';
import { labelSetExamples } from './label-set-store';
import type { BudgetLease } from '../engine/image-budget';
import { analyzeSceneBytes } from '../engine';
import { withImageBytes, type ImageDeps, type ImageSource } from '../scene/request';
import {
  ROOM_TYPE_TAXONOMY,
  type ClassifyRequestParsed,
  type ClassifyResponse,
} from '../../../shared/schemas/classify';
import { embed } from './embedding';
import { KNN_METHOD, knnScores } from './knn';

export const ROOM_TYPE_METHOD =
  'room classifier over the features and detections of one CenterNet MobileNetV3 pass (TensorFlow.js WASM)';

const round = (x: number): number => Math.round(x * 1000) / 1000;

/** The embedding of one image (label-set examples), computed off the event loop. */
export async function embedImage(bytes: Uint8Array): Promise<Float32Array> {
  const scene = await analyzeSceneBytes(bytes);
  return embed(scene.features.backbone);
}

export interface ClassifyCaller {
  db: Kysely<Database>;
  /** The account whose label sets `taxonomy` may name; absent for the keyless demo. */
  userId?: string;
}

const noSuchSet = (id: string): HttpError =>
  new HttpError(404, 'NOT_FOUND', `No label set ${id} on this account`, {
    details: { fields: { taxonomy: ['No label set with this id on this account'] } },
  });

/** Classifies one image; a label-set taxonomy is looked up before the image is fetched. */
export async function runClassify(
  image: ImageSource,
  req: ClassifyRequestParsed,
  requestId: string,
  caller: ClassifyCaller,
  deps: ImageDeps = {},
  lease?: BudgetLease,
): Promise<ClassifyResponse> {
  const started = performance.now();
  let set: Awaited<ReturnType<typeof labelSetExamples>>;
  if (req.taxonomy !== ROOM_TYPE_TAXONOMY) {
    if (!caller.userId) {
      lease?.release();
      throw new HttpError(
        400,
        'INVALID_REQUEST',
        'Label sets need an API key: the keyless demo classifies room types only',
        {
          details: { fields: { taxonomy: ['Only room_type without an API key'] } },
        },
      );
    }
    set = await labelSetExamples(caller.db, caller.userId, req.taxonomy);
    if (!set) {
      lease?.release();
      throw noSuchSet(req.taxonomy);
    }
  }
  const scene = await withImageBytes(image, deps, (bytes) => analyzeSceneBytes(bytes), lease);
  const scores = set ? knnScores(embed(scene.features.backbone), set.examples, set.labels) : scene.rooms;
  return {
    image_url: 'url' in image ? image.url : null,
    taxonomy: req.taxonomy,
    labels: scores.slice(0, req.top_k).map((s) => ({ label: s.label, score: round(s.score) })),
    analysis_method: set ? KNN_METHOD : ROOM_TYPE_METHOD,
    processing_time: round((performance.now() - started) / 1000),
    request_id: requestId,
  };
}
