/**
 * The detect, categories and demo use cases: load images (SSRF-safe fetch or upload), analyse
 * them, map classes to the caller's object names and category, and record each detect run.
 * Functions stay thin: validate, call one of these, answer JSON.
 */
import { API_IDS } from '../../shared/api-ids';
import { HttpError, toHttpError } from '../http/errors';
import type { CocoLabel } from './coco-labels';
import type { AnalyzeOptions, ImageAnalysis } from './detector';
import { analyzeImageBytes } from './engine';
import { withImageBudget } from './engine/image-budget';
import { ANALYSIS_METHOD } from './model';
import type { RoomType } from './rooms/infer';
import { classifyRoom, ROOM_LABELS, toRoomType, type RoomLabel } from './rooms/classifier';
import { allowLoopbackFromEnv, fetchDeadline, safeFetchImage, type SafeFetchOptions } from './safe-fetch';
import { readSiteSample, siteSampleName } from './site-images';
import { categoryDisplayName, type CategoryRecord, type VisionStore } from './store';
import { normalizeObjectName, resolveObjects } from './vocabulary';
import type {
  CategoryDefinitions,
  CategoryDefinitionsResponse,
  DetectRequestParsed,
  DetectResponse,
  DetectionResult,
  DemoObjectFound,
  DemoResponse,
} from '../../shared/schemas/detect';

/** Objects checked when the inferred room has no category definition. */
export const GENERAL_OBJECTS = [
  'person',
  'chair',
  'couch',
  'bed',
  'dining_table',
  'tv',
  'laptop',
  'potted_plant',
  'book',
  'clock',
  'vase',
  'sink',
  'toilet',
  'oven',
  'refrigerator',
] as const;

/** The demo's checks: 1-3 need no extra pass (detector.ts `FREE_CHECKS`; not imported: no tfjs here). */
const DEMO_ERROR_CHECKS = 3;

/** Images fetched and decoded at once; inference itself runs one at a time on the CPU. */
const FETCH_CONCURRENCY = 4;

export interface ServiceDeps {
  store: VisionStore;
  /** Overrides for the fetcher (tests inject a resolver); loopback opt-in comes from env. */
  fetch?: SafeFetchOptions;
  /** Origins of this site (`siteOrigins(req)`): its sample images are read from disk, not fetched. */
  siteOrigins?: ReadonlySet<string>;
}

/**
 * Loads one image URL and analyses it, within the in-flight image budget: the site's own sample
 * images from the bundle, anything else through the SSRF-safe fetcher.
 */
export function analyzeImageUrl(
  url: string,
  options: AnalyzeOptions,
  deps: Pick<ServiceDeps, 'fetch' | 'siteOrigins'> = {},
): Promise<ImageAnalysis> {
  return withImageBudget(async (lease) => {
    const sample = deps.siteOrigins && siteSampleName(url, deps.siteOrigins);
    const bytes = sample
      ? await readSiteSample(sample, url)
      : (await safeFetchImage(url, { allowLoopback: allowLoopbackFromEnv(), ...deps.fetch })).bytes;
    lease.holdImage(bytes.byteLength);
    return analyzeImageBytes(bytes, options);
  });
}

/** Maps `items` with at most `limit` running at once, keeping order. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i] as T, i);
      } catch (error) {
        failed = true; // the whole call fails: start nothing more
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

const itemError = (error: unknown): { code: string; message: string } => {
  if (error instanceof HttpError) return { code: error.code, message: error.message };
  console.error('vision: unexpected per-image failure', error);
  return { code: 'INTERNAL_ERROR', message: 'The image could not be analysed' };
};

function findCategory(categories: CategoryRecord[], key: string): CategoryRecord | undefined {
  const wanted = normalizeObjectName(key);
  return categories.find((c) => c.id === wanted || normalizeObjectName(c.name) === wanted);
}

/** The room of one analysed image, through the room classifier (`general` when unsure). */
export function analysisRoom(a: ImageAnalysis): RoomType {
  return toRoomType(roomScoresOf(a)[0]?.label ?? 'other');
}

/** The analysis's own room scores (computed beside the features), else the object votes. */
const roomScoresOf = (a: ImageAnalysis) =>
  a.room ?? classifyRoom({ detections: a.detections, ...(a.features && { features: a.features }) });

/**
 * The room of a batch: the room classifier's scores averaged over the images, best wins
 * (`general` when that is `other`, i.e. no room is confident across the batch).
 */
function inferBatchRoom(analyses: ImageAnalysis[]): RoomType {
  const total = new Map<RoomLabel, number>(ROOM_LABELS.map((l) => [l, 0]));
  for (const a of analyses)
    for (const s of roomScoresOf(a)) total.set(s.label, (total.get(s.label) ?? 0) + s.score);
  let best: RoomLabel = 'other';
  for (const l of ROOM_LABELS) if ((total.get(l) ?? 0) > (total.get(best) ?? 0)) best = l;
  return toRoomType(best);
}

/**
 * The boxes behind an image's `true` answers (detect's `include_objects`): every confirmed
 * detection of a requested class, under each requested name that maps to it, strongest first.
 */
export function objectsFoundFor(
  detectable: ReadonlyMap<string, CocoLabel>,
  analysis: Pick<ImageAnalysis, 'detections'>,
): DemoObjectFound[] {
  const found: DemoObjectFound[] = [];
  for (const [name, label] of detectable) {
    for (const d of analysis.detections) {
      if (d.label === label && d.confirmed)
        found.push({ object: name, label, confidence: d.confidence, bounding_box: d.box });
    }
  }
  return found.sort((a, b) => b.confidence - a.confidence);
}

function objectsFor(
  detectable: Map<string, CocoLabel>,
  confirmed: ReadonlySet<CocoLabel>,
): Record<string, boolean> {
  const objects: Record<string, boolean> = {};
  let any = false;
  for (const [name, label] of detectable) {
    const present = confirmed.has(label);
    objects[name] = present;
    any ||= present;
  }
  objects['none_observed'] = !any;
  return objects;
}

/** POST /api/v1/detect. */
export async function runDetect(req: DetectRequestParsed, deps: ServiceDeps): Promise<DetectResponse> {
  const categories = await deps.store.listCategories();
  let category: CategoryRecord | undefined;
  if (req.category !== undefined) {
    category = findCategory(categories, req.category);
    if (!category) {
      const known = categories.map((c) => c.id);
      throw new HttpError(
        400,
        'INVALID_REQUEST',
        `Unknown category "${req.category}". Known categories: ${known.join(', ')}`,
        {
          details: {
            fields: { category: [`Unknown category. Known categories: ${known.join(', ')}`] },
            known_categories: known,
          },
        },
      );
    }
  }
  // With a category, only its classes need verifying; without one, any class may decide the room.
  const requested = category ? resolveObjects(category.objects) : undefined;
  const relevant = requested ? new Set(requested.detectable.values()) : undefined;

  // One deadline for all the fetches of this request: images past it get their own error.
  const fetchDeps: ServiceDeps = { ...deps, fetch: { signal: fetchDeadline(), ...deps.fetch } };
  const items = await mapLimit(req.image_urls, FETCH_CONCURRENCY, async (url) => {
    try {
      // Without a category the room classifier needs the pass's features (no extra pass).
      const options: AnalyzeOptions = {
        errorChecks: req.error_checks,
        ...(relevant ? { relevant } : { features: true }),
      };
      const analysis = await analyzeImageUrl(url, options, fetchDeps);
      return { url, analysis };
    } catch (error) {
      // A full engine queue or image budget is the server's state, not this image's: answer 503.
      if (toHttpError(error)?.status === 503) throw error;
      return { url, error: itemError(error) };
    }
  });

  const analyses = items.flatMap((i) => (i.analysis ? [i.analysis] : []));
  // Never a 200 for nothing: with no image analysed there is no answer to give, and a superset
  // over zero images would claim `none_observed: true`.
  if (analyses.length === 0) {
    const results = items.map((i) => ({ image_url: i.url, error: i.error }));
    const only = results.length === 1 ? results[0]?.error?.message : undefined;
    throw new HttpError(
      422,
      'NO_IMAGE_ANALYSED',
      only ?? `None of the ${results.length} images could be analysed; see details.results`,
      {
        details: { results },
      },
    );
  }
  let categoryId: string;
  let objectNames: readonly string[];
  if (category) {
    categoryId = category.id;
    objectNames = category.objects;
  } else {
    const room = inferBatchRoom(analyses);
    const known = findCategory(categories, room);
    categoryId = known?.id ?? room;
    objectNames = known?.objects ?? GENERAL_OBJECTS;
  }
  const { detectable, undetectable } = requested ?? resolveObjects(objectNames);

  const results: DetectionResult[] = items.map((item) =>
    item.analysis
      ? {
          image_url: item.url,
          objects: objectsFor(detectable, item.analysis.confirmed),
          ...(req.include_objects && { objects_found: objectsFoundFor(detectable, item.analysis) }),
        }
      : { image_url: item.url, error: item.error },
  );
  if (req.mode === 'superset') {
    const union = new Set(analyses.flatMap((a) => [...a.confirmed]));
    results.push({ image_url: 'superset', objects: objectsFor(detectable, union) });
  }

  const resultId = crypto.randomUUID();
  const response: DetectResponse = {
    category: categoryId,
    category_inferred: !category,
    mode: req.mode,
    error_checks: req.error_checks,
    undetectable_objects: undetectable,
    analysis_method: ANALYSIS_METHOD,
    detection_results: results,
    result_id: resultId,
  };
  await deps.store.saveDetectionRun({
    id: resultId,
    apiId: API_IDS.objectDetection,
    imageUrls: req.image_urls,
    category: categoryId,
    mode: req.mode,
    errorChecks: req.error_checks,
    results: response,
  });
  return response;
}

/** POST /api/v1/categories. */
export async function defineCategories(
  body: CategoryDefinitions,
  deps: ServiceDeps,
): Promise<CategoryDefinitionsResponse> {
  // Last definition of a key wins, like applying them in order.
  const byId = new Map<string, CategoryRecord>();
  for (const def of body.definitions) {
    const id = normalizeObjectName(def.category);
    if (!id) {
      throw new HttpError(400, 'INVALID_REQUEST', `category "${def.category}" has no letters or digits`);
    }
    const objects = [...new Set(def.objects.map(normalizeObjectName).filter(Boolean))];
    if (objects.length === 0) {
      // The spec requires a non-empty object list; names of only punctuation normalise to nothing.
      const field = `definitions.${body.definitions.indexOf(def)}.objects`;
      const message = 'objects must name at least one object with letters or digits';
      throw new HttpError(400, 'INVALID_REQUEST', `${field}: ${message}`, {
        details: { fields: { [field]: [message] } },
      });
    }
    byId.set(id, { id, name: categoryDisplayName(id), objects });
  }
  const defs = [...byId.values()];
  const written = await deps.store.upsertCategories(defs);
  return {
    updated: defs.length,
    categories: defs.map((d, i) => ({
      category: d.id,
      objects: d.objects,
      undetectable_objects: resolveObjects(d.objects).undetectable,
      created: written[i]?.created ?? false,
    })),
  };
}

/** The demo's `objects_to_find` value that lists every class found ("everything it can see"). */
export const EVERYTHING = '*';

export interface DemoInput {
  image: { url: string } | { bytes: Uint8Array };
  /** Requested names; `['*']` (EVERYTHING) lists every confirmed detection under its class name. */
  objects: string[];
  /** `auto`/undefined infers the room from the detections. */
  roomCategory?: string | undefined;
}

/** Seconds, two decimals. */
const seconds = (ms: number): number => Math.round(ms / 10) / 100;

/** POST /api/demo/object-detection: one image, boxes for the requested objects. */
export async function runDemo(
  input: DemoInput,
  deps: Pick<ServiceDeps, 'fetch' | 'siteOrigins'> = {},
): Promise<DemoResponse> {
  const started = performance.now();
  // The demo shows the plain pass's boxes and scores, after the checks that cost no extra pass
  // (the default error checks: in a room the learned answer, else room context, overlap, size).
  // An upload's bytes are counted in the image budget by the caller, which read them.
  const options: AnalyzeOptions = { errorChecks: DEMO_ERROR_CHECKS, features: true };
  const analysis =
    'url' in input.image
      ? await analyzeImageUrl(input.image.url, options, deps)
      : await analyzeImageBytes(input.image.bytes, options);
  const everything = input.objects.includes(EVERYTHING);
  const { detectable, undetectable } = everything
    ? {
        detectable: new Map(
          analysis.detections
            .filter((d) => d.confirmed)
            .map((d) => [normalizeObjectName(d.label), d.label] as const),
        ),
        undetectable: [],
      }
    : resolveObjects(input.objects);
  const found = objectsFoundFor(detectable, analysis);
  const notFound = [...detectable.keys()].filter((name) => !found.some((f) => f.object === name));
  // 'general' is what the page's URL guess falls back to: the room classifier knows better.
  const auto = !input.roomCategory || input.roomCategory === 'auto' || input.roomCategory === 'general';
  return {
    total_objects_detected: found.length,
    processing_time: seconds(performance.now() - started),
    room_category: auto ? analysisRoom(analysis) : (input.roomCategory as string),
    room_category_inferred: auto,
    objects_found: found,
    objects_not_found: notFound,
    undetectable_objects: undetectable,
    analysis_method: ANALYSIS_METHOD,
    image_width: analysis.width,
    image_height: analysis.height,
    bounding_box_format: '[x, y, width, height] in source-image pixels',
  };
}
