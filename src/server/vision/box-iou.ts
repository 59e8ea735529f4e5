/**
 * Overlap of two boxes, intersection over union: non-maximum suppression (objects, faces) and
 * the evaluation scripts that match a found box to a labelled one.
 */

/** Of two boxes given as corners [x1, y1, x2, y2]; 0 when neither has an area. */
export function iou(a: readonly number[], b: readonly number[]): number {
  const [ax1, ay1, ax2, ay2] = a as [number, number, number, number];
  const [bx1, by1, bx2, by2] = b as [number, number, number, number];
  const inter =
    Math.max(0, Math.min(ax2, bx2) - Math.max(ax1, bx1)) *
    Math.max(0, Math.min(ay2, by2) - Math.max(ay1, by1));
  const union = (ax2 - ax1) * (ay2 - ay1) + (bx2 - bx1) * (by2 - by1) - inter;
  return union > 0 ? inter / union : 0;
}

/** Of two boxes given as [x, y, width, height]. */
export const iouXywh = (a: readonly number[], b: readonly number[]): number =>
  iou([a[0]!, a[1]!, a[0]! + a[2]!, a[1]! + a[3]!], [b[0]!, b[1]!, b[0]! + b[2]!, b[1]! + b[3]!]);
