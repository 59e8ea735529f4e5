/**
 * Where the object-detection demo draws each box's label. Two detections can share one box
 * (the dog sample's car 57% and truck 31%), so labels are placed best score first, each in
 * the first spot that overlaps no label placed before it, and drawn lowest score first: the
 * higher-scoring label always stays visible.
 */
import type { DemoObjectFound } from '../../shared/schemas/detect';

/** A label's chip in source-image pixels. */
export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One detection to draw: its index in the response, its label text and chip. */
export interface PlacedLabel {
  index: number;
  object: DemoObjectFound;
  text: string;
  label: LabelBox;
}

/** Label chip size for a unit (1/400 of the image's longer side). */
export function labelSize(text: string, unit: number): { width: number; height: number; fontSize: number } {
  const fontSize = 9 * unit;
  return { width: text.length * fontSize * 0.6 + 6 * unit, height: fontSize + 5 * unit, fontSize };
}

/** "car 57%". */
export function labelText(o: Pick<DemoObjectFound, 'object' | 'confidence'>): string {
  return `${o.object} ${Math.round(o.confidence * 100)}%`;
}

function overlaps(a: LabelBox, b: LabelBox): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Places every label and returns them in drawing order (lowest score first). Each label is
 * tried above its box's top-left corner, then inside it, then below the box, then stepped
 * down inside the box; the first spot clear of earlier labels wins, else the least crowded.
 */
export function placeLabels(
  objects: readonly DemoObjectFound[],
  imageWidth: number,
  imageHeight: number,
  unit: number,
): PlacedLabel[] {
  const order = objects
    .map((object, index) => ({ object, index }))
    .sort((a, b) => b.object.confidence - a.object.confidence || a.index - b.index);
  const placed: PlacedLabel[] = [];
  for (const { object, index } of order) {
    const text = labelText(object);
    const size = labelSize(text, unit);
    const width = Math.min(size.width, imageWidth);
    const [bx, by, , bh] = object.bounding_box;
    const x = Math.max(0, Math.min(bx, imageWidth - width));
    const ys = [by - size.height, by, by + bh];
    for (let y = by + size.height; y + size.height <= by + bh; y += size.height) ys.push(y);
    const candidates = ys
      .filter((y) => y >= 0 && y + size.height <= imageHeight)
      .map((y) => ({ x, y, width, height: size.height }));
    if (candidates.length === 0)
      candidates.push({
        x,
        y: Math.max(0, Math.min(by, imageHeight - size.height)),
        width,
        height: size.height,
      });
    const clashes = (c: LabelBox) => placed.filter((p) => overlaps(c, p.label)).length;
    const label =
      candidates.find((c) => clashes(c) === 0) ??
      candidates.reduce((best, c) => (clashes(c) < clashes(best) ? c : best));
    placed.push({ index, object, text, label });
  }
  return placed.reverse();
}
