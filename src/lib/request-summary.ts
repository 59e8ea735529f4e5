/**
 * One line that says what a sample detect request sends, written from the request itself, so
 * the words above a code sample can never promise a kitchen photo while the sample sends a
 * coffee cup and a dog.
 */

const SAMPLE_NAMES: Record<string, string> = {
  'od-coffee-cup.jpg': 'a cup of coffee',
  'od-dog-bicycle.jpg': 'a dog beside a bicycle',
  'od-horses.jpg': 'horses in a field',
  'od-astronaut.jpg': 'a portrait of an astronaut',
  'od-sitting-room.jpg': 'a sitting room',
};

/** "a cup of coffee" for a known sample photo, else its file name. */
export function describeSampleUrl(url: string): string {
  const file = url.split('/').pop() ?? url;
  return SAMPLE_NAMES[file] ?? file;
}

const listOf = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * `Check 2 photos (a cup of coffee and a dog beside a bicycle) for the objects of the
 * kitchen list, in one request:`: what a detect request body asks, in words.
 */
export function detectRequestSummary(request: {
  image_urls?: readonly string[];
  category?: string | undefined;
}): string {
  const photos = (request.image_urls ?? []).map(describeSampleUrl);
  const what = request.category
    ? `for the objects of the ${request.category.replace(/_/g, ' ')} list`
    : 'for the objects of the room each one shows';
  const subject =
    photos.length === 1 ? `a photo of ${photos[0]}` : `${photos.length} photos (${listOf(photos)})`;
  return `Check ${subject} ${what}, in one request:`;
}
