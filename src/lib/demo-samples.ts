/**
 * Sample images the demos offer, shipped in `public/images/samples/` so every demo works
 * offline and in tests. Sources and licences: `public/images/samples/SOURCES.txt`.
 */

/** One pickable sample image. */
export interface DemoSample {
  /** Stable id, used for React keys and test selectors. */
  id: string;
  /** Site-relative path; resolve against the page origin before sending it to an API. */
  src: string;
  /** Short name shown under the thumbnail. */
  label: string;
  /** Alt text describing what the photo shows. */
  alt: string;
  /** Who made it and under which licence, shown in the caption. */
  credit: string;
  /** Intrinsic pixel size, so thumbnails reserve space and never shift the layout. */
  width: number;
  height: number;
}

const astronaut: DemoSample = {
  id: 'astronaut',
  src: '/images/samples/astronaut.jpg',
  label: 'Astronaut portrait',
  alt: 'Astronaut Eileen Collins in an orange flight suit, smiling in front of an American flag',
  credit: 'NASA, public domain',
  width: 512,
  height: 512,
};

const cat: DemoSample = {
  id: 'cat-chelsea',
  src: '/images/samples/cat-chelsea.jpg',
  label: 'Tabby cat',
  alt: 'A ginger tabby cat looking to the side, close-up',
  credit: 'Stefan van der Walt, CC0',
  width: 451,
  height: 300,
};

const coffee: DemoSample = {
  id: 'coffee-cup',
  src: '/images/samples/coffee-cup.jpg',
  label: 'Coffee cup',
  alt: 'A cup of espresso with a spoon on a red saucer, on a wooden table, seen from above',
  credit: 'Rachel Michetti (Pikolo Espresso Bar), CC0',
  width: 600,
  height: 400,
};

const rocket: DemoSample = {
  id: 'rocket-launch',
  src: '/images/samples/rocket-launch.jpg',
  label: 'Rocket launch',
  alt: 'A Falcon 9 rocket standing on its launch pad at dusk, between four lightning towers',
  credit: 'SpaceX, public domain',
  width: 640,
  height: 427,
};

const watermarked: DemoSample = {
  id: 'coffee-cup-watermarked',
  src: '/images/samples/coffee-cup-watermarked.jpg',
  label: 'Watermarked photo',
  alt: 'The coffee cup photo overlaid with a semi-transparent "© OPTIQ SAMPLE" text watermark',
  credit: 'Derived from Rachel Michetti’s CC0 photo, watermark added for this demo',
  width: 640,
  height: 427,
};

const wmCorner: DemoSample = {
  id: 'wm-corner-wordmark',
  src: '/images/samples/wm-corner-wordmark.jpg',
  label: 'Corner wordmark',
  alt: 'The rocket launch photo with a semi-transparent "Shutterstock" wordmark in the bottom right corner',
  credit: 'SpaceX photo, public domain; wordmark added for this demo',
  width: 640,
  height: 427,
};

const wmTiled: DemoSample = {
  id: 'wm-tiled-pattern',
  src: '/images/samples/wm-tiled-pattern.jpg',
  label: 'Tiled pattern',
  alt: 'The astronaut portrait covered with a tilted, semi-transparent "PREVIEW" text repeated across the image',
  credit: 'NASA photo, public domain; pattern added for this demo',
  width: 512,
  height: 512,
};

const wmInvisible: DemoSample = {
  id: 'wm-invisible-sdxl',
  src: '/images/samples/wm-invisible-sdxl.jpg',
  label: 'Invisible SDXL mark',
  alt: 'Horses in a field; the image carries the invisible watermark that Stable Diffusion XL embeds',
  credit: 'darknet sample photo (MIT); invisible mark written by our encoder',
  width: 773,
  height: 512,
};

const wmSign: DemoSample = {
  id: 'wm-scene-sign',
  src: '/images/samples/wm-scene-sign.jpg',
  label: 'Scene text, no watermark',
  alt: 'The tabby cat photo with a painted "BAKERY" sign in the background: text that belongs to the scene',
  credit: 'Stefan van der Walt, CC0; sign added for this demo',
  width: 451,
  height: 300,
};
/** Similar-images samples: edited copies of gallery photos (scripts/data/make-similar-samples.ts). */
const similarSamples: readonly DemoSample[] = [
  {
    id: 'similar-colosseum-crop',
    src: '/images/samples/similar-colosseum-crop.jpg',
    label: 'Cropped landmark',
    alt: 'The Colosseum in Rome under a blue sky, cropped closer than the gallery photo',
    credit: 'Gallery photo (GCompris data), cropped for this demo',
    width: 538,
    height: 349,
  },
  {
    id: 'similar-windmill-mirror',
    src: '/images/samples/similar-windmill-mirror.jpg',
    label: 'Mirrored windmill',
    alt: 'Three white windmills with wooden sails on a hilltop, mirrored left to right',
    credit: 'Gallery photo (GCompris data), mirrored for this demo',
    width: 480,
    height: 360,
  },
  {
    id: 'similar-firetruck-caption',
    src: '/images/samples/similar-firetruck-caption.jpg',
    label: 'Captioned listing',
    alt: 'A red fire truck on white with a FOR SALE caption across the bottom',
    credit: 'Gallery photo (Tux Paint stamps, GPL-2.0-or-later), caption added for this demo',
    width: 640,
    height: 480,
  },
  {
    id: 'similar-solar-bright',
    src: '/images/samples/similar-solar-bright.jpg',
    label: 'Brightened solar panels',
    alt: 'A large solar panel array under a blue sky, brighter than the gallery photo',
    credit: 'Gallery photo (GCompris data), brightened for this demo',
    width: 640,
    height: 480,
  },
];

/** Photo-validation samples, one per verdict (how each was made: SOURCES.txt). */
const validationSamples: readonly DemoSample[] = [
  {
    id: 'validation-camera-exif',
    src: '/images/samples/validation-camera-exif.jpg',
    label: 'Camera photo with EXIF',
    alt: 'A dog sitting beside a bicycle in front of a pickup truck',
    credit: 'darknet sample photo (MIT/WTFPL/GPL), camera EXIF added for this demo',
    width: 768,
    height: 576,
  },
  {
    id: 'validation-c2pa',
    src: '/images/samples/validation-c2pa.jpg',
    label: 'Image with C2PA credentials',
    alt: 'A Falcon 9 rocket on its launch pad at dusk, between four lightning towers',
    credit:
      'SpaceX, public domain; C2PA manifest declaring trainedAlgorithmicMedia signed with a test certificate for this demo',
    width: 640,
    height: 427,
  },
  {
    id: 'validation-generator-parameters',
    src: '/images/samples/validation-generator-parameters.png',
    label: 'PNG with generator parameters',
    alt: 'A ginger tabby cat looking to the side, close-up',
    credit: 'Stefan van der Walt, CC0; AUTOMATIC1111-style parameters added for this demo',
    width: 451,
    height: 300,
  },
  {
    id: 'validation-sd-watermark',
    src: '/images/samples/validation-sd-watermark.jpg',
    label: 'Stable Diffusion watermark',
    alt: 'Astronaut Eileen Collins in an orange flight suit, smiling in front of an American flag',
    credit: 'NASA, public domain; invisible SD watermark embedded for this demo',
    width: 512,
    height: 512,
  },
  {
    id: 'validation-iptc-ai',
    src: '/images/samples/validation-iptc-ai.jpg',
    label: 'Declared AI in IPTC',
    alt: 'A cup of espresso with a spoon on a red saucer, on a wooden table, seen from above',
    credit: 'Rachel Michetti (Pikolo Espresso Bar), CC0; IPTC AI fields added for this demo',
    width: 600,
    height: 400,
  },
  {
    id: 'validation-edited',
    src: '/images/samples/validation-edited.jpg',
    label: 'Edited in Photoshop',
    alt: 'Several horses grazing in a field',
    credit: 'darknet sample photo (MIT/WTFPL/GPL), editing history added for this demo',
    width: 773,
    height: 512,
  },
  {
    id: 'validation-screen-recapture',
    src: '/images/samples/validation-screen-recapture.jpg',
    label: 'Photo of a screen (simulated)',
    alt: 'The dog photo seen through a fine diagonal screen grid',
    credit: 'darknet sample photo (MIT/WTFPL/GPL), screen moire simulated for this demo',
    width: 768,
    height: 576,
  },
];

const cameraman: DemoSample = {
  id: 'face-cameraman',
  src: '/images/samples/face-cameraman.jpg',
  label: 'Cameraman, head turned',
  alt: 'Black-and-white photo of a man in a dark coat looking through a film camera on a tripod',
  credit: 'Lav Varshney (scikit-image sample data), CC0',
  width: 512,
  height: 512,
};

const mariachi: DemoSample = {
  id: 'face-mariachi',
  src: '/images/samples/face-mariachi.jpg',
  label: 'Mariachi band',
  alt: 'A mariachi band in red and black costumes playing trumpets and guitars on a stage',
  credit: 'Elidealista, Wikimedia Commons (GCompris data), CC0',
  width: 640,
  height: 425,
};

/** Every shipped sample, by id. */
export const DEMO_SAMPLES = { astronaut, cat, coffee, rocket, watermarked } as const;

/** Sample sets per demo page (the object-detection demo ships its own room photos). */
export const CAPTION_SAMPLES: readonly DemoSample[] = [coffee, cat, astronaut, rocket];
export const SIMILAR_SAMPLES: readonly DemoSample[] = similarSamples;
export const VALIDATION_SAMPLES: readonly DemoSample[] = validationSamples;
export const FACE_SAMPLES: readonly DemoSample[] = [astronaut, cameraman, mariachi, cat];
export const WATERMARK_SAMPLES: readonly DemoSample[] = [
  watermarked,
  wmCorner,
  wmTiled,
  wmInvisible,
  coffee,
  wmSign,
];

/**
 * The absolute URL of a sample for API requests: the analysis runs on a server, which cannot
 * resolve a site-relative path.
 */
export function absoluteSampleUrl(src: string, origin: string): string {
  return new URL(src, origin).href;
}
