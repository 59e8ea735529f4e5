/**
 * What the watermark demo shows of a response: one box per mark over the preview and a toast
 * that counts marks the way the results panel does. A brand is an attribution of a visible mark
 * (the same wordmark, at the same place), not a second watermark: the sample with a
 * "Shutterstock" corner line is one mark with a brand, so it gets one box, one label and "1
 * watermark" in the toast, never two labels stacked on one box and "2 found".
 */
import type { WatermarkResponse } from '../../shared/schemas/watermark';
import type { ToastInput } from '../overlay/types';
import { scaleBox, type PreparedUpload } from './downscale';

type Box = [number, number, number, number];
type Location = { x: number; y: number; width: number; height: number };
type BrandItem = WatermarkResponse['brand_logos']['items'][number];
type VisibleItem = WatermarkResponse['visible_watermarks']['items'][number];

/** Intersection over union of two located regions. */
function iou(a: Location, b: Location): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/** Whether a brand attribution is about this visible mark: its text names it, or it sits on the same region. */
function brandOnMark(brand: BrandItem, mark: VisibleItem): boolean {
  return (
    mark.text.toLowerCase().includes(brand.brand.toLowerCase()) || iou(brand.location, mark.location) >= 0.5
  );
}

/** The marks a response found, each once: visible marks (with the brand they matched), invisible marks, and brands found apart from any visible mark. */
export function distinctMarks(r: WatermarkResponse): {
  visible: { mark: VisibleItem; brand?: BrandItem }[];
  invisible: number;
  brandsAlone: BrandItem[];
} {
  const brands = r.brand_logos.items;
  const visible = r.visible_watermarks.items.map((mark) => {
    const brand = brands.find((b) => brandOnMark(b, mark));
    return brand ? { mark, brand } : { mark };
  });
  const brandsAlone = brands.filter((b) => !r.visible_watermarks.items.some((m) => brandOnMark(b, m)));
  return { visible, invisible: r.invisible_watermarks.items.length, brandsAlone };
}

/** Every located mark as one labelled box, in the pixels of the picked image. */
export function marksAsBoxes(
  r: WatermarkResponse,
  upload?: PreparedUpload,
): { object: string; label: string; confidence: number; bounding_box: Box }[] {
  const sent = { width: r.image_width, height: r.image_height };
  const place = (l: Location): Box => {
    const box: Box = [l.x, l.y, l.width, l.height];
    return upload?.downscaled ? scaleBox(box, sent, upload.source) : box;
  };
  const { visible, brandsAlone } = distinctMarks(r);
  return [
    ...visible.map(({ mark, brand }) => {
      const name = brand ? `${brand.brand} wordmark` : mark.text;
      return { object: name, label: name, confidence: mark.confidence, bounding_box: place(mark.location) };
    }),
    ...brandsAlone.map((l) => ({
      object: l.brand,
      label: l.brand,
      confidence: l.confidence,
      bounding_box: place(l.location),
    })),
  ];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The toast after a run: the number of distinct marks, the brands they matched, and the time taken. */
export function watermarkToast(r: WatermarkResponse): ToastInput {
  const seconds = `${r.processing_time.toFixed(2)}s`;
  const { visible, invisible, brandsAlone } = distinctMarks(r);
  const count = visible.length + invisible + brandsAlone.length;
  if (count === 0) return { title: 'No Watermarks', description: `Nothing found in ${seconds}` };
  const brands = [
    ...new Set([
      ...visible.flatMap((v) => (v.brand ? [v.brand.brand] : [])),
      ...brandsAlone.map((b) => b.brand),
    ]),
  ];
  const parts = [
    visible.length ? plural(visible.length, 'visible mark') : '',
    invisible ? plural(invisible, 'invisible mark') : '',
    brandsAlone.length ? plural(brandsAlone.length, 'brand logo') : '',
  ].filter(Boolean);
  return {
    title: 'Watermarks Found',
    description: `${parts.join(' and ')}${brands.length ? ` (${brands.join(', ')})` : ''} in ${seconds}`,
  };
}
