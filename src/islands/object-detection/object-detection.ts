/**
 * Pure logic of the object-detection demo: quick-add chips,
 * the URL-based room guess, and the request shown in the API Request panel.
 */
import { demoObjectDetectionOperation } from '../../shared/contracts/object-detection';
import { demoRoomCategories, parseObjectsList, type DemoRequest } from '../../shared/schemas/detect';
import type { DemoSample } from '../../lib/demo-samples';

export { parseObjectsList };

/** 20 common objects; the page offers the first 8 as quick-add chips. */
export const COMMON_OBJECTS = [
  'sofa',
  'chair',
  'bed',
  'dining_table',
  'tv',
  'refrigerator',
  'oven',
  'sink',
  'toilet',
  'microwave',
  'potted_plant',
  'laptop',
  'book',
  'clock',
  'vase',
  'cup',
  'bottle',
  'person',
  'dog',
  'cat',
] as const;
export const QUICK_ADD = COMMON_OBJECTS.slice(0, 8);

/** The list for a photo of the visitor's own (URL or upload): the things rooms hold. */
export const DEFAULT_OBJECTS = 'sofa, chair, dining_table, tv, cup, dog, person';

/** `objects_to_find` for "everything it can see": every class the model finds is listed. */
export const EVERYTHING = '*';

/** A sample photo of this demo, with the objects it shows: its default "objects to find". */
export interface OdSample extends DemoSample {
  objects: string;
}

/** The objects field's starting value for the picked sample (its own list), else the default list. */
export const objectsForSample = (sample: DemoSample | undefined): string =>
  (sample && OD_SAMPLES.find((s) => s.id === sample.id)?.objects) ?? DEFAULT_OBJECTS;

/** What the form sends as `objects_to_find`: the typed list, or `*` for everything. */
export const objectsToSend = (field: string, everything: boolean): string =>
  everything ? EVERYTHING : field;

export type RoomCategory = (typeof demoRoomCategories)[number];
export const ROOM_OPTIONS: readonly { value: RoomCategory; label: string }[] = [
  { value: 'auto', label: 'Auto-detect' },
  { value: 'living_room', label: 'Living room' },
  { value: 'kitchen', label: 'Kitchen' },
  { value: 'bedroom', label: 'Bedroom' },
  { value: 'bathroom', label: 'Bathroom' },
  { value: 'office', label: 'Office' },
  { value: 'dining_room', label: 'Dining room' },
];

/** Appends a chip's object to the comma-separated field unless it is already listed. */
export function addObject(field: string, object: string): string {
  if (parseObjectsList(field).includes(object.toLowerCase())) return field;
  const trimmed = field.trim().replace(/,\s*$/, '');
  return trimmed === '' ? object : `${trimmed}, ${object}`;
}

/** The room guessed from words in the image URL; `general` otherwise. */
export function guessRoomFromUrl(
  url: string,
): 'kitchen' | 'bathroom' | 'bedroom' | 'living_room' | 'general' {
  const u = url.toLowerCase();
  if (u.includes('kitchen')) return 'kitchen';
  if (u.includes('bathroom')) return 'bathroom';
  if (u.includes('bedroom')) return 'bedroom';
  if (/living[-_ ]?room/.test(u)) return 'living_room';
  return 'general';
}

/** The room category sent: the chosen one, or the URL guess for `auto`. */
export function effectiveRoom(selected: RoomCategory, imageUrl: string): string {
  return selected === 'auto' ? guessRoomFromUrl(imageUrl) : selected;
}

/** The keyless endpoint the demo calls (the API with keys is `/api/v1/detect`). */
export const DEMO_ENDPOINT = demoObjectDetectionOperation.path;

/** The JSON body the demo sends for an image URL (`room` is one of the demo's room categories). */
export function demoRequestBody(imageUrl: string, objectsField: string, room: string): DemoRequest {
  return {
    image_url: imageUrl,
    objects_to_find: objectsField,
    room_category: room as DemoRequest['room_category'],
  };
}

/** The request shown in the API Request panel: exactly what the page sends. */
export function displayedRequest(
  source: { url: string } | { fileName: string },
  objectsField: string,
  room: string,
) {
  if ('fileName' in source) {
    return {
      caption: `POST ${DEMO_ENDPOINT} (multipart/form-data)`,
      value: {
        file: `(uploaded file: ${source.fileName})`,
        objects_to_find: objectsField,
        room_category: room,
      },
    };
  }
  return {
    caption: `POST ${DEMO_ENDPOINT}`,
    value: {
      headers: { 'Content-Type': 'application/json' },
      body: demoRequestBody(source.url, objectsField, room),
    },
  };
}

const sample = (
  id: string,
  src: string,
  label: string,
  alt: string,
  credit: string,
  width: number,
  height: number,
  objects: string,
): OdSample => ({
  id,
  src,
  label,
  alt,
  credit,
  width,
  height,
  objects,
});

/**
 * Openly licensed photos shipped with the site (sources: public/images/samples/od-SOURCES.txt),
 * each with the objects it shows as its default list (a test runs the engine on each and checks
 * every one of them is found).
 */
export const OD_SAMPLES: readonly OdSample[] = [
  sample(
    'od-coffee-cup',
    '/images/samples/od-coffee-cup.jpg',
    'Coffee cup',
    'A cup of espresso with a spoon on a red saucer, on a wooden table, seen from above',
    'Rachel Michetti (Pikolo Espresso Bar), CC0',
    600,
    400,
    'cup, dining_table',
  ),
  sample(
    'od-dog-bicycle',
    '/images/samples/od-dog-bicycle.jpg',
    'Dog and bicycle',
    'A dog sitting in front of a bicycle on a porch, a pickup truck parked behind',
    'darknet sample, MIT/GPL-3.0+/WTFPL',
    768,
    576,
    'dog, bicycle, car',
  ),
  sample(
    'od-horses',
    '/images/samples/od-horses.jpg',
    'Horses',
    'Several horses walking across a dry grassy field, mountains behind',
    'darknet sample, MIT/GPL-3.0+/WTFPL',
    773,
    512,
    'horse',
  ),
  sample(
    'od-sitting-room',
    '/images/samples/od-sitting-room.jpg',
    'Sitting room',
    'A sitting room with a sofa, two armchairs and a small round table between two lace-curtained windows',
    'libjxl test data, BSD-3-Clause',
    676,
    449,
    'chair',
  ),
  sample(
    'od-astronaut',
    '/images/samples/od-astronaut.jpg',
    'Astronaut',
    'Astronaut Eileen Collins in an orange flight suit in front of a flag',
    'NASA, public domain',
    512,
    512,
    'person',
  ),
];

/** Shown when the demo call fails without a message meant for people (network, odd answer). */
export const DEMO_FAILED_MESSAGE = 'Failed to analyze image with AI';
