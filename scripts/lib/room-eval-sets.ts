/**
 * The evaluation sets of the classification and captioning cards (scripts/eval/image-
 * classification.ts, scripts/eval/image-captioning.ts), read in place, never copied here:
 *
 * - `rooms-dev`: the room dataset's dev split (../shared/datasets/rooms, research-only photos,
 *   labelled by eye; never trained or tuned on); its object-labelled subset `rooms-dev-objects`;
 * - `non-room-heldout`: the non-room photos of the held-out Debian packages
 *   (./nonroom-photos.ts: scikit-image, darknet, OpenCV samples, MATE and Lomiri wallpapers),
 *   which no head was trained or tuned on.
 *
 * A set's version is a digest of its ids and labels (rooms) or of its ids and package files.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_LIMITS } from '../../src/server/vision/image-input';
import { nonRoomJpeg, nonRoomPhotos, NONROOM_SRC } from './nonroom-photos';
import { DATASET_DIR, datasetPresent, readLabels, type LabelEntry } from './rooms-data';

export interface EvalPhoto {
  id: string;
  /** Truth: a room label, `other` for every non-room photo. */
  room: string;
  /** Hand-labelled COCO classes (object subset only). */
  objects?: string[];
  ambiguous?: string[];
  /** Short source name for reports. */
  source: string;
  bytes: () => Promise<Uint8Array>;
}

export interface EvalSet {
  id: string;
  name: string;
  version: string;
  description: string;
  photos: EvalPhoto[];
}

/**
 * The photo as a caller would have to send it: one smaller than the API's minimum side (many
 * dataset photos are 128-250 px) is enlarged to it (Lanczos, JPEG q90); the pass resizes every
 * photo to 512 px anyway, so this changes nothing the model sees but the resampling.
 */
async function atApiMinimum(bytes: Uint8Array): Promise<Uint8Array> {
  const min = IMAGE_LIMITS.minSide;
  const m = await sharp(bytes).metadata();
  if ((m.width ?? 0) >= min && (m.height ?? 0) >= min) return bytes;
  const scale = min / Math.min(m.width ?? min, m.height ?? min);
  const out = await sharp(bytes)
    .resize(Math.ceil((m.width ?? min) * scale), Math.ceil((m.height ?? min) * scale), { kernel: 'lanczos3' })
    .jpeg({ quality: 90 })
    .toBuffer();
  return new Uint8Array(out);
}

const digest = (parts: readonly string[]): string =>
  createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 12);

/** The COCO classes the object subset was labelled for (the dataset README). */
export const LABELLED_OBJECTS = new Set([
  'sink',
  'toilet',
  'bed',
  'couch',
  'chair',
  'dining table',
  'tv',
  'oven',
  'microwave',
  'refrigerator',
  'potted plant',
  'clock',
  'vase',
  'book',
  'laptop',
  'person',
]);

export function roomsDevSet(objectsOnly = false): EvalSet {
  if (!datasetPresent()) throw new Error(`No room dataset at ${DATASET_DIR} (set ROOMS_DATASET)`);
  const { images } = readLabels();
  const ids = Object.keys(images)
    .filter((id) => images[id]!.split === 'dev' && (!objectsOnly || images[id]!.objects !== undefined))
    .sort();
  const entry = (id: string): LabelEntry & { sha256?: string } => images[id]!;
  return {
    id: objectsOnly ? 'rooms-dev-objects' : 'rooms-dev',
    name: objectsOnly
      ? 'Interior photos with hand-labelled objects (room dataset, dev split)'
      : 'Interior photos, dev split of the room dataset',
    version: `labels-${digest(ids.map((id) => `${id} ${entry(id).room} ${entry(id).sha256 ?? ''} ${(entry(id).objects ?? []).join(',')}`))}`,
    description: objectsOnly
      ? 'The 80 dev photos of the room dataset whose clearly visible COCO objects (16 classes) were labelled by hand; partly visible ones are marked ambiguous and not scored. Research-only photos, read in place.'
      : 'Real listing and scene photos (kitchen, bathroom, bedroom, living room, dining room, office, other: halls, stairs, house fronts), labelled by eye; never trained or tuned on. Photos under the API minimum of 256 px a side are enlarged to it. Research-only photos, read in place.',
    photos: ids.map((id) => ({
      id,
      room: entry(id).room,
      ...(entry(id).objects && { objects: entry(id).objects, ambiguous: entry(id).ambiguous ?? [] }),
      source: entry(id).source,
      bytes: async () => atApiMinimum(new Uint8Array(readFileSync(join(DATASET_DIR, 'images', id)))),
    })),
  };
}

export function nonRoomHeldOutSet(): EvalSet {
  const photos = nonRoomPhotos().filter((p) => p.split === 'heldout');
  const debs = [...new Set(photos.map((p) => p.pkg))].map(
    (pkg) => readdirSync(join(NONROOM_SRC, pkg)).find((n) => n.endsWith('.deb')) ?? pkg,
  );
  return {
    id: 'non-room-heldout',
    name: 'Photos that are not of a room (held-out Debian packages)',
    version: `${digest([...photos.map((p) => p.id), ...debs])}`,
    description: `${photos.length} photos of objects, animals, people, vehicles, streets, buildings and landscapes from ${debs.join(', ')}; openly licensed, fetched with apt-get and read in place; no head was trained or tuned on these packages.`,
    photos: photos.map((p) => ({
      id: p.id,
      room: 'other',
      source: p.pkg,
      bytes: async () => atApiMinimum(await nonRoomJpeg(p)),
    })),
  };
}
