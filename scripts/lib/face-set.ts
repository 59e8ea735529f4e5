/**
 * The labelled face set of POST /api/v1/faces (scripts/eval/facial-attribute-analysis.labels.json):
 * the open-licence photos of Debian packages that ./nonroom-photos.ts lists (Tux Paint cut-outs
 * left out) and the real side of ../shared/datasets/ai-real, read in place. Each photo belongs to
 * a source (its Debian package, or the repository an ai-real crop was cut from) and each source
 * to one split of the labels file: two tuning folds, on which the detector's thresholds are
 * chosen (scripts/data/face-rule-tune.ts), and the dev part, measured once with them
 * (scripts/eval/facial-attribute-analysis.ts). Photos of one source never sit in two splits.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import labels from '../eval/facial-attribute-analysis.labels.json' with { type: 'json' };
import { nonRoomJpeg, nonRoomPhotos, unpack } from './nonroom-photos';

export const AI_REAL_DIR =
  process.env['AI_REAL_DIR'] ?? join(process.cwd(), '..', 'shared', 'datasets', 'ai-real');

/** A face count, a crowd ('many'), a face on a screen or print ('screen') or left out ('exclude'). */
export type FaceLabel = number | 'many' | 'exclude' | 'screen';
export type FaceSplit = 'tune-1' | 'tune-2' | 'dev';

export interface FacePhoto {
  id: string;
  set: 'debian' | 'ai-real';
  /** `debian:<package>` or `ai-real:<owner/repo>`: photos of one source stay in one split. */
  source: string;
  split: FaceSplit;
  label: FaceLabel;
  bytes: () => Promise<Uint8Array>;
}

const splitOf = (source: string): FaceSplit => {
  const splits = labels.splits as Record<FaceSplit, string[]>;
  for (const [split, sources] of Object.entries(splits))
    if (sources.includes(source)) return split as FaceSplit;
  throw new Error(`face set: source ${source} is in no split of the labels file`);
};

/**
 * Face photos of Debian packages beyond those ./nonroom-photos.ts lists (which other evaluations
 * share), each with its licence as the package's copyright file gives it; labelled in `extra`.
 */
const OPENCV_HTML = 'usr/share/doc/opencv-doc/opencv4/html';
const EXTRA_PHOTOS = [
  {
    pkg: 'python-matplotlib-data',
    path: 'usr/share/matplotlib/mpl-data/sample_data/grace_hopper.jpg',
  },
  { pkg: 'opencv-doc', path: 'usr/share/doc/opencv-doc/examples/data/basketball1.png' },
  { pkg: 'opencv-doc', path: 'usr/share/doc/opencv-doc/examples/data/basketball2.png' },
  // Portraits and face-detection results of OpenCV's tutorials (the package's HTML documentation).
  { pkg: 'opencv-doc', path: `${OPENCV_HTML}/Cascade_Classifier_Tutorial_Result_Haar.jpg` },
  { pkg: 'opencv-doc', path: `${OPENCV_HTML}/Cascade_Classifier_Tutorial_Result_LBP.jpg` },
  { pkg: 'opencv-doc', path: `${OPENCV_HTML}/face_swapped.jpg` },
  { pkg: 'opencv-doc', path: `${OPENCV_HTML}/227943776_1.jpg` },
  { pkg: 'opencv-doc', path: `${OPENCV_HTML}/230501201_1.jpg` },
  { pkg: 'opencv-doc', path: `${OPENCV_HTML}/ab.jpg` },
  { pkg: 'opencv-doc', path: `${OPENCV_HTML}/example.jpg` },
  // KPhotoAlbum's demo album: family photos, four stored turned with an orientation tag that says upright.
  ...[
    'anne_helene',
    'bar55',
    'bar55_2',
    'blackie',
    'cold_water',
    'donna',
    'donna_2',
    'grand_canyon_1',
    'grand_canyon_2',
    'grand_canyon_3',
    'jesper',
    'jesper_2',
    'new_wave_1',
    'new_wave_2',
    'pool',
    'pool_2',
    'qt-logo',
    'skagen',
    'skagen_2',
    'snow',
    'spiff',
    'spiff_2',
    'sunset',
    'wayne',
  ].map((name) => ({ pkg: 'kphotoalbum', path: `usr/share/kphotoalbum/demo/${name}.jpg` })),
] as const;

/** Turns of a face photo's turned copies (sharp's clockwise degrees): a photo stored sideways or upside down, its orientation lost. */
export const TURNS = [90, 180, 270] as const;

/** Encoded bytes of a photo turned `turn` degrees clockwise (PNG, no orientation tag). */
export async function turnedCopy(bytes: Uint8Array, turn: (typeof TURNS)[number]): Promise<Uint8Array> {
  return new Uint8Array(await sharp(bytes).rotate(turn).png().toBuffer());
}

export const isFacePhoto = (l: FaceLabel): boolean => l === 'many' || (typeof l === 'number' && l > 0);

/** Every labelled photo but those left out (unless `withExcluded`), in a fixed order. */
export function facePhotos(withExcluded = false): FacePhoto[] {
  const out: FacePhoto[] = [];
  const nr = labels.nonroom as Record<string, FaceLabel>;
  for (const p of nonRoomPhotos()) {
    if (p.pkg === 'tuxpaint-stamps-default') continue;
    const source = `debian:${p.pkg}`;
    out.push({
      id: p.id,
      set: 'debian',
      source,
      split: splitOf(source),
      label: nr[p.id] ?? 0,
      bytes: () => nonRoomJpeg(p),
    });
  }
  const extra = labels.extra as Record<string, FaceLabel>;
  for (const { pkg, path } of EXTRA_PHOTOS) {
    const id = `nr:${pkg}/${path}`;
    const label = extra[id];
    if (label === undefined) throw new Error(`face set: ${id} has no label`);
    const file = join(unpack(pkg), path);
    const source = `debian:${pkg}`;
    out.push({
      id,
      set: 'debian',
      source,
      split: splitOf(source),
      label,
      bytes: () => nonRoomJpeg({ file, cutout: false }),
    });
  }
  const manifest = JSON.parse(readFileSync(join(AI_REAL_DIR, 'manifest.json'), 'utf8')) as {
    images: { file: string; label: string; repo: string }[];
  };
  const ar = labels.aiReal as Record<string, FaceLabel>;
  for (const img of manifest.images.filter((i) => i.label === 'real')) {
    const name = basename(img.file);
    const file = join(AI_REAL_DIR, img.file);
    const source = `ai-real:${img.repo}`;
    out.push({
      id: `ai-real:${name}`,
      set: 'ai-real',
      source,
      split: splitOf(source),
      label: ar[name] ?? 0,
      bytes: async () => new Uint8Array(readFileSync(file)),
    });
  }
  return withExcluded ? out : out.filter((p) => p.label !== 'exclude');
}
