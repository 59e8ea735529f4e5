/**
 * The rooms the detection model tells apart: the detect API's categories without a `category`
 * (inferred from the objects, src/server/vision/rooms/infer.ts) and the seeded category
 * definitions (content/api-categories). The live tester offers exactly these.
 */
export const DETECTION_ROOMS = [
  'bathroom',
  'kitchen',
  'bedroom',
  'living_room',
  'dining_room',
  'office',
] as const;

/** A room id as people read it: `living_room` -> "Living room". */
export function roomLabel(id: string): string {
  const words = id.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
