/**
 * Photos that are not of a room, for teaching the room head to answer `other` (close-up
 * objects, animals, people, streets, buildings, landscapes) and for measuring how often it does.
 * All come from Debian packages with open licences, fetched with `apt-get download` and unpacked
 * with `dpkg-deb -x` into NONROOM_SRC (default `/tmp/optiq-nonroom`), read in place there and
 * never copied into the repository; GCompris keeps its photos in Qt resource files (./qt-rcc.ts).
 *
 * Split by package, so no held-out photo shares a source with a training photo:
 * - train: GCompris (`gcompris-qt-data`: monuments, animals, hands, musicians, tools, household
 *   objects, renewable energy, castles; per-file credits in its READMEs, mostly CC-BY-SA / public
 *   domain) and Tux Paint stamps (`tuxpaint-stamps-default`, GPL-2.0-or-later; cut-outs flattened
 *   on white, as the gallery shows them);
 * - held out (never trained or tuned on): scikit-image's sample photos (`python3-skimage`; CC0 /
 *   public domain), darknet's (`darknet`), the OpenCV sample photos (`opencv-doc`; BSD/Apache per
 *   its copyright file), and the MATE and Lomiri wallpaper photos (`mate-backgrounds`,
 *   `lomiri-wallpapers-16.04`; per-file licences in their DEP-5 copyright files). The site's own
 *   sample photos (coffee cup, cat, astronaut, dog and bicycle, horses) come from these packages,
 *   so what the demos show of them is held-out behaviour too.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import sharp from 'sharp';
import { readRcc } from './qt-rcc';

export const NONROOM_SRC = resolve(process.env['NONROOM_SRC'] ?? '/tmp/optiq-nonroom');

export const TRAIN_PACKAGES = ['gcompris-qt-data', 'tuxpaint-stamps-default'] as const;
export const HELDOUT_PACKAGES = [
  'python3-skimage',
  'darknet',
  'opencv-doc',
  'mate-backgrounds',
  'lomiri-wallpapers-16.04',
] as const;
export type NonRoomPackage = (typeof TRAIN_PACKAGES)[number] | (typeof HELDOUT_PACKAGES)[number];

export interface NonRoomPhoto {
  /** `nr:<package>/<path>`, stable across runs. */
  id: string;
  split: 'train' | 'heldout';
  pkg: NonRoomPackage;
  file: string;
  /** A cut-out on transparency: flattened on white and padded to 4:3. */
  cutout: boolean;
}

/** Downloads and unpacks one package (once) under NONROOM_SRC; returns its root. */
export function unpack(pkg: string): string {
  const dir = join(NONROOM_SRC, pkg);
  const root = join(dir, 'root');
  if (existsSync(root)) return root;
  mkdirSync(dir, { recursive: true });
  if (!readdirSync(dir).some((n) => n.endsWith('.deb')))
    execFileSync('apt-get', ['download', pkg], { cwd: dir, stdio: 'inherit' });
  const deb = readdirSync(dir).find((n) => n.endsWith('.deb'));
  if (!deb) throw new Error(`apt-get download ${pkg} left no .deb`);
  execFileSync('dpkg-deb', ['-x', deb, 'root'], { cwd: dir });
  return root;
}

const GC_RCC = [
  'categorization',
  'details',
  'erase',
  'explore_world_music',
  'explore_world_animals',
  'explore_farm_animals',
  'explore_monuments',
  'leftright',
];

function listFiles(dir: string, re: RegExp): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (re.test(e.name)) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** GCompris photos: drawings, paintings, fish clip-art and letter cards left out. */
function gcomprisPhotos(root: string): string[] {
  const out = join(NONROOM_SRC, 'gcompris-qt-data', 'rcc');
  for (const name of GC_RCC) {
    if (!existsSync(join(out, name)))
      readRcc(join(root, 'usr/share/gcompris-qt/rcc', `${name}.rcc`), join(out, name));
  }
  return listFiles(out, /\.(webp|jpe?g|png)$/i).filter((f) => {
    const rel = relative(out, f);
    if (/\/images\/(alphabets|numbers|fishes)\//.test(rel) || /\/dragon\.webp$/.test(rel)) return false;
    // "details" holds puzzle pieces of each picture: only the whole photo, and no paintings.
    if (rel.startsWith('details/')) return /_background\.webp$/.test(rel) && !/Gogh|Tanguy|Auvers/i.test(rel);
    return true;
  });
}

/** Every 4th Tux Paint stamp (sorted), from the folders of real-world things. */
function tuxPaintStamps(root: string): string[] {
  const folders = [
    'animals',
    'clothes',
    'food',
    'hobbies',
    'household',
    'people',
    'plants',
    'sports',
    'town',
    'vehicles',
  ];
  return folders
    .flatMap((f) => listFiles(join(root, 'usr/share/tuxpaint/stamps', f), /\.png$/i))
    .filter((_, i) => i % 4 === 0);
}

const SKI = 'usr/lib/python3/dist-packages/skimage/data';
const OPENCV = 'usr/share/doc/opencv-doc/examples/data';
/** Held-out photos, each looked at: photographs of things that are not rooms (no drawings, charts or calibration targets). */
export const HELDOUT_FILES: Record<(typeof HELDOUT_PACKAGES)[number], string[]> = {
  'python3-skimage': [
    'astronaut.png',
    'camera.png',
    'coffee.png',
    'chelsea.png',
    'rocket.jpg',
    'motorcycle_left.png',
    'coins.png',
    'brick.png',
    'grass.png',
    'gravel.png',
  ].map((f) => `${SKI}/${f}`),
  darknet: ['dog.jpg', 'eagle.jpg', 'giraffe.jpg', 'horses.jpg', 'kite.jpg', 'person.jpg'].map(
    (f) => `usr/share/darknet/data/${f}`,
  ),
  'opencv-doc': [
    'home.jpg',
    'box_in_scene.png',
    'building.jpg',
    'aero1.jpg',
    'stuff.jpg',
    'rubberwhale1.png',
    'ela_original.jpg',
    'messi5.jpg',
    'fruits.jpg',
    'baboon.jpg',
    'apple.jpg',
    'orange.jpg',
    'butterfly.jpg',
    'squirrel_cls.jpg',
    'leuvenA.jpg',
    'graf1.png',
    'licenseplate_motion.jpg',
    'chicky_512.png',
    'aloeL.jpg',
    'board.jpg',
    'left.jpg',
  ].map((f) => `${OPENCV}/${f}`),
  'mate-backgrounds': [
    'Aqua',
    'Blinds',
    'Dune',
    'FreshFlower',
    'Garden',
    'GreenMeadow',
    'LadyBird',
    'RainDrops',
    'Storm',
    'TwoWings',
    'Wood',
    'YellowFlower',
  ].map((n) => `usr/share/backgrounds/mate/nature/${n}.jpg`),
  'lomiri-wallpapers-16.04': [
    'Bridge_by_Sander_Klootwijk',
    'Dragonfly_by_Bolly',
    'Wine_by_Jakkub_Mede',
    'aitzgorri_by_Aitzol_Berasategi',
    'life_by_Aitzol_Berasategi',
    'picosdeeuropa_by_Aitzol_Berasategi',
    'seeding_by_Clements_Engelhardt',
    'sunset_by_Aitzol_Berasategi',
  ].map((n) => `usr/share/backgrounds/${n}.jpg`),
};

/** Fetches the packages (once) and lists the photos, train then held out, in a stable order. */
export function nonRoomPhotos(): NonRoomPhoto[] {
  if (!existsSync('/usr/bin/apt-get') && !existsSync(NONROOM_SRC))
    throw new Error(
      'non-room photos need Debian (apt-get, dpkg-deb) or NONROOM_SRC with the unpacked packages',
    );
  const photos: NonRoomPhoto[] = [];
  const add = (
    pkg: NonRoomPackage,
    split: NonRoomPhoto['split'],
    file: string,
    cutout = false,
    base = join(NONROOM_SRC, pkg),
  ) => photos.push({ id: `nr:${pkg}/${relative(base, file)}`, split, pkg, file, cutout });
  const gcRoot = unpack('gcompris-qt-data');
  for (const f of gcomprisPhotos(gcRoot))
    add('gcompris-qt-data', 'train', f, false, join(NONROOM_SRC, 'gcompris-qt-data', 'rcc'));
  const tuxRoot = unpack('tuxpaint-stamps-default');
  for (const f of tuxPaintStamps(tuxRoot)) add('tuxpaint-stamps-default', 'train', f, true, tuxRoot);
  for (const pkg of HELDOUT_PACKAGES) {
    const root = unpack(pkg);
    for (const rel of HELDOUT_FILES[pkg]) {
      const file = join(root, rel);
      if (!existsSync(file)) throw new Error(`${pkg}: ${rel} is missing (package version changed?)`);
      add(pkg, 'heldout', file, false, root);
    }
  }
  return photos;
}

/** The photo as the API would receive it: a JPEG of at most 640 px (cut-outs on white, 4:3). */
export async function nonRoomJpeg(p: Pick<NonRoomPhoto, 'file' | 'cutout'>): Promise<Uint8Array> {
  let img = sharp(p.file).rotate().flatten({ background: '#ffffff' });
  img = p.cutout
    ? img.resize(640, 480, { fit: 'contain', background: '#ffffff' })
    : img.resize(640, 640, { fit: 'inside', withoutEnlargement: true });
  return new Uint8Array(await img.jpeg({ quality: 85 }).toBuffer());
}

/** Short source name for reports. */
export const nonRoomSource = (p: Pick<NonRoomPhoto, 'pkg'>): string => p.pkg;

export const describeNonRoom = (photos: readonly NonRoomPhoto[]): string => {
  const byPkg = new Map<string, number>();
  for (const p of photos) byPkg.set(`${p.split} ${p.pkg}`, (byPkg.get(`${p.split} ${p.pkg}`) ?? 0) + 1);
  return [...byPkg].map(([k, v]) => `${k}: ${v}`).join(', ');
};
