/** The stored figures of one hero showcase (content/showcase/<id>.json, written by `npm run showcase`). */
export interface ShowcaseBox {
  label: string;
  score: number;
  /** Box in source-image pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Showcase {
  id: string;
  kind: 'detection' | 'watermark' | 'provenance' | 'similar';
  photo: string;
  alt: string;
  caption: string;
  endpoint: string;
  width: number;
  height: number;
  boxes: ShowcaseBox[];
  facts: { name: string; value: string }[];
  provenance?: {
    verdict: string;
    /** authenticity_score, 0-1. */
    score: number;
    tags: string[];
    /** One line per evidence layer; `found` when the layer had something to say. */
    evidence: { name: string; value: string; found: boolean }[];
  };
  matches?: { id: string; title: string; url: string; similarity: number; nearDuplicate: boolean }[];
  /** The optimised images written for it (public/showcase/), by the source they were made from. */
  images: Record<string, ShowcaseImage>;
}

/** One photo, resized into AVIF and WebP at each width (never wider than the source). */
export interface ShowcaseImage {
  /** Intrinsic size of the largest rendition (sets the aspect ratio, so nothing shifts). */
  width: number;
  height: number;
  avif: { src: string; w: number }[];
  webp: { src: string; w: number }[];
}

/** The figures a test compares with the engine's answer today: everything but the image files. */
export const figures = ({ images: _images, ...rest }: Showcase): Omit<Showcase, 'images'> => rest;
