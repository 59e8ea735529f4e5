/**
 * Builds the public gallery of the similar-image search: openly licensed photos from Debian
 * packages, downscaled to at most 640 px (JPEG q80) into `public/gallery/`, with each photo's
 * credit, licence and source recorded in `content/gallery/gallery.json`.
 *
 *   npx tsx scripts/data/build-gallery.ts            # downloads the packages with apt-get into .data/gallery-src/
 *
 * The packages are fetched with `apt-get download` and unpacked with `dpkg-deb -x` (Debian
 * only); GCompris keeps its images inside Qt resource files (`.rcc`), read by `readRcc` (./lib/qt-rcc.ts).
 * Credits and licences come from the packages' own records: the per-folder README files of
 * GCompris, the DEP-5 `copyright` files of the wallpaper packages, and the documented
 * licences of the scikit-image, scikit-learn, darknet and Tux Paint data (noted per entry).
 * Cut-out photos (Tux Paint stamps) are flattened onto white and padded to 4:3.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import sharp from 'sharp';
import type { GalleryCategory, GalleryImage } from '../../src/shared/schemas/similar';
import { readRcc } from '../lib/qt-rcc';
import { parseCli } from '../lib/cli';

parseCli(
  'Usage: npx tsx scripts/data/build-gallery.ts   (Debian only: fetches the packages with apt-get download)',
  {},
);

const SRC = resolve('.data/gallery-src');
const OUT_DIR = resolve('public/gallery');
const MANIFEST = resolve('content/gallery/gallery.json');
const LONG_SIDE = 640;

const PACKAGES = [
  'gcompris-qt-data',
  'mate-backgrounds',
  'lomiri-wallpapers-16.04',
  'tuxpaint-stamps-default',
  'python3-skimage',
  'python3-sklearn',
  'darknet',
] as const;
type Pkg = (typeof PACKAGES)[number];

function unpack(pkg: Pkg): string {
  const dir = join(SRC, pkg);
  if (existsSync(join(dir, '.done'))) return dir;
  mkdirSync(dir, { recursive: true });
  if (!readdirSync(dir).some((n) => n.endsWith('.deb')))
    execFileSync('apt-get', ['download', pkg], { cwd: dir, stdio: 'inherit' });
  const deb = readdirSync(dir).find((n) => n.endsWith('.deb'));
  if (!deb) throw new Error(`apt-get download ${pkg} left no .deb`);
  execFileSync('dpkg-deb', ['-x', deb, 'root'], { cwd: dir });
  writeFileSync(join(dir, '.done'), deb);
  return dir;
}

interface Stanza {
  files: string[];
  copyright?: string;
  license?: string;
  source?: string;
  comment?: string;
}

/** Reads DEP-5 `copyright` files and GCompris READMEs: stanzas of `Key: value` with a `Files` list. */
function parseStanzas(text: string): Stanza[] {
  return text.split(/\n\s*\n/).map((block) => {
    const s: Stanza = { files: [] };
    let key = '';
    for (const line of block.split('\n')) {
      const m = /^([A-Za-z-]+):\s*(.*)$/.exec(line);
      if (m) {
        key = m[1]!.toLowerCase();
        const value = m[2]!.trim();
        if (key === 'files') s.files.push(...value.split(/\s+/).filter(Boolean));
        else if (key === 'copyright' || key === 'license' || key === 'source' || key === 'comment')
          s[key] = value;
      } else if (line.trim()) {
        // Some READMEs list the files without a `Files:` line.
        if (key === 'files' || /^\S+\.(webp|png|jpe?g|svg)$/.test(line.trim()))
          s.files.push(...line.trim().split(/\s+/));
        else if (key === 'copyright') s.copyright = `${s.copyright ?? ''}; ${line.trim()}`;
        else if (key === 'comment') s.comment = `${s.comment ?? ''} ${line.trim()}`;
      }
    }
    return s;
  });
}

function lookup(stanzas: Stanza[], file: string): Stanza {
  const name = basename(file);
  const hit = [...stanzas].reverse().find((s) => s.files.some((f) => basename(f) === name));
  if (!hit?.license || !hit.copyright) throw new Error(`no credit/licence recorded for ${file}`);
  return hit;
}

interface Entry {
  id: string;
  category: GalleryCategory;
  title: string;
  pkg: Pkg;
  /** Path inside the unpacked package (or, for GCompris, inside the unpacked .rcc). */
  path: string;
  /** When the package has no per-file record: the documented credit and licence. */
  credit?: string;
  license?: string;
  source?: string;
  /** Cut-out on transparency: flatten on white and pad to 4:3. */
  cutout?: boolean;
}

const GC = 'gcompris/src/activities';
const gc = (rcc: string, folder: string, file: string) =>
  `${rcc}/${GC}/${rcc}/resource/${folder ? `${folder}/` : ''}${file}`;
const BG = 'usr/share/backgrounds';
const TUX = 'usr/share/tuxpaint/stamps';
const TUX_CREDIT = {
  credit: 'Tux Paint stamps, Bill Kendrick and contributors',
  license: 'GPL-2.0-or-later',
  cutout: true,
} as const;
const SKI = 'usr/lib/python3/dist-packages/skimage/data';
const DARKNET = {
  credit: 'darknet sample data, Joseph Redmon',
  license: 'GPL-3.0-or-later OR MIT OR WTFPL (Debian copyright file)',
} as const;

const monuments = [
  'IndiaGate',
  'arcDeTriomphe',
  'bayterek',
  'brandenburgGate',
  'burj',
  'cathedral',
  'christTheRedeemer',
  'colosseum',
  'eiffelTower',
  'empireState',
  'greatPyramid',
  'greatWall',
  'jucheTower',
  'kutubMinar',
  'leMusee',
  'leaningTowerOfPisa',
  'monument1',
  'monument2',
  'monument3',
  'mountRushmore',
  'operaHouse',
  'parthenon',
  'statueOfLiberty',
  'tajMahal',
  'usCapitol',
  'victoriaMemorial',
  'zimniPalace',
];
const castles = ['Chenonceau', 'EilanDonanCastle', 'Neuschwanstein', 'NDP', 'TowerBridgeLondon'];
const animals = [
  'alpaca',
  'camels',
  'cheetah',
  'dolphin',
  'giraffe',
  'gorilla',
  'heron',
  'kingfisher',
  'meerkats',
  'penguin',
  'red_panda',
  'spoonbills',
  'swans',
  'toucan',
];
const mateNature = [
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
];
const landscapes = [
  'aitzgorri_by_Aitzol_Berasategi',
  'picosdeeuropa_by_Aitzol_Berasategi',
  'life_by_Aitzol_Berasategi',
  'seeding_by_Clements_Engelhardt',
  'sunset_by_Aitzol_Berasategi',
  'Dragonfly_by_Bolly',
];
const renewable = [
  'dam1',
  'dam2',
  'dam3',
  'dam4',
  'dam5',
  'geothermal',
  'solar1',
  'solar2',
  'solar3',
  'solar4',
  'solar5',
  'solar6',
  'solar7',
  'solar8',
  'windmill',
  'windmill1',
  'windmill2',
  'windmill3',
  'windmill4',
  'windmill5',
  'windmill6',
  'windmill7',
  'windmill8',
  'windmill9',
];
const music = ['australia', 'ireland', 'italy', 'japan', 'mexico', 'orchestra'];

const slug = (s: string): string =>
  s
    .replace(/_by_.*$/, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase();
const words = (s: string): string =>
  slug(s)
    .replace(/-/g, ' ')
    .replace(/^./, (c) => c.toUpperCase());

const ENTRIES: Entry[] = [
  ...monuments.map((m): Entry => ({
    id: `arch-${slug(m)}`,
    category: 'architecture',
    title: words(m),
    pkg: 'gcompris-qt-data',
    path: gc('categorization', 'images/monuments', `${m}.webp`),
  })),
  ...castles.map((m): Entry => ({
    id: `arch-${slug(m)}`,
    category: 'architecture',
    title: words(m),
    pkg: 'gcompris-qt-data',
    path: gc('details', 'image', `${m}_background.webp`),
  })),
  {
    id: 'arch-summer-palace',
    category: 'architecture',
    title: 'Summer Palace, Beijing',
    pkg: 'python3-sklearn',
    path: 'usr/lib/python3/dist-packages/sklearn/datasets/images/china.jpg',
    credit: 'danielbuechele (Flickr), via scikit-learn sample images',
    license: 'CC-BY-2.0',
    source: 'https://www.flickr.com/photos/danielbuechele/6061409035/',
  },
  {
    id: 'arch-bridge',
    category: 'architecture',
    title: 'Bridge',
    pkg: 'lomiri-wallpapers-16.04',
    path: `${BG}/Bridge_by_Sander_Klootwijk.jpg`,
  },
  ...animals.map((a): Entry => ({
    id: `nature-${slug(a)}`,
    category: 'nature',
    title: words(a),
    pkg: 'gcompris-qt-data',
    path: gc('erase', '', `${a}.webp`),
  })),
  ...mateNature.map((n): Entry => ({
    id: `nature-${slug(n)}`,
    category: 'nature',
    title: words(n),
    pkg: 'mate-backgrounds',
    path: `${BG}/mate/nature/${n}.jpg`,
  })),
  ...landscapes.map((n): Entry => ({
    id: `nature-${slug(n)}`,
    category: 'nature',
    title: words(n),
    pkg: 'lomiri-wallpapers-16.04',
    path: `${BG}/${n}.jpg`,
  })),
  {
    id: 'nature-flower',
    category: 'nature',
    title: 'Dahlia',
    pkg: 'python3-sklearn',
    path: 'usr/lib/python3/dist-packages/sklearn/datasets/images/flower.jpg',
    credit: 'vultilion (Flickr), via scikit-learn sample images',
    license: 'CC-BY-2.0',
    source: 'https://www.flickr.com/photos/vultilion/6056698931/',
  },
  {
    id: 'nature-cat',
    category: 'nature',
    title: 'Chelsea the cat',
    pkg: 'python3-skimage',
    path: `${SKI}/chelsea.png`,
    credit: 'Stefan van der Walt, via scikit-image',
    license: 'CC0-1.0',
  },
  {
    id: 'nature-eagle',
    category: 'nature',
    title: 'Eagle',
    pkg: 'darknet',
    path: 'usr/share/darknet/data/eagle.jpg',
    ...DARKNET,
  },
  {
    id: 'nature-giraffe-zebra',
    category: 'nature',
    title: 'Giraffe and zebra',
    pkg: 'darknet',
    path: 'usr/share/darknet/data/giraffe.jpg',
    ...DARKNET,
  },
  {
    id: 'nature-horses',
    category: 'nature',
    title: 'Horses',
    pkg: 'darknet',
    path: 'usr/share/darknet/data/horses.jpg',
    ...DARKNET,
  },
  ...renewable.map((r): Entry => ({
    id: `tech-${slug(r)}`,
    category: 'technology',
    title: words(r.replace(/\d+$/, '')),
    pkg: 'gcompris-qt-data',
    path: gc('categorization', 'images/renewable', `${r}.webp`),
  })),
  {
    id: 'tech-bulb',
    category: 'technology',
    title: 'Light bulb',
    pkg: 'gcompris-qt-data',
    path: gc('categorization', 'images/others', 'bulb.webp'),
  },
  {
    id: 'tech-scale',
    category: 'technology',
    title: 'Weighing scale',
    pkg: 'gcompris-qt-data',
    path: gc('categorization', 'images/others', 'weighingMachine.webp'),
  },
  {
    id: 'tech-multimeter',
    category: 'technology',
    title: 'Multimeter',
    pkg: 'gcompris-qt-data',
    path: gc('categorization', 'images/tools', 'multimeter1.webp'),
  },
  {
    id: 'tech-hubble',
    category: 'technology',
    title: 'Hubble deep field',
    pkg: 'python3-skimage',
    path: `${SKI}/hubble_deep_field.jpg`,
    credit: 'NASA, via scikit-image',
    license: 'Public domain',
  },
  {
    id: 'people-astronaut',
    category: 'people',
    title: 'Astronaut Eileen Collins',
    pkg: 'python3-skimage',
    path: `${SKI}/astronaut.png`,
    credit: 'NASA Great Images, via scikit-image',
    license: 'Public domain',
  },
  {
    id: 'people-cameraman',
    category: 'people',
    title: 'Photographer with a camera',
    pkg: 'python3-skimage',
    path: `${SKI}/camera.png`,
    credit: 'Lav Varshney, via scikit-image',
    license: 'CC0-1.0',
  },
  {
    id: 'people-person-dog-horse',
    category: 'people',
    title: 'Person with a dog and a horse',
    pkg: 'darknet',
    path: 'usr/share/darknet/data/person.jpg',
    ...DARKNET,
  },
  {
    id: 'people-beach-kites',
    category: 'people',
    title: 'People flying kites on a beach',
    pkg: 'darknet',
    path: 'usr/share/darknet/data/kite.jpg',
    ...DARKNET,
  },
  ...music.map((m): Entry => ({
    id: `people-music-${slug(m)}`,
    category: 'people',
    title: `Musicians (${m})`,
    pkg: 'gcompris-qt-data',
    path: gc('explore_world_music', 'music', `${m}.webp`),
  })),
  {
    id: 'people-firefighter',
    category: 'people',
    title: 'Firefighter in a protective suit',
    pkg: 'tuxpaint-stamps-default',
    path: `${TUX}/people/fireman240a.png`,
    ...TUX_CREDIT,
  },
  {
    id: 'people-hand',
    category: 'people',
    title: 'Open hand',
    pkg: 'gcompris-qt-data',
    path: gc('leftright', '', 'main_droite_dessus_0.webp'),
  },
  {
    id: 'people-fist',
    category: 'people',
    title: 'Fist',
    pkg: 'gcompris-qt-data',
    path: gc('leftright', '', 'poing_droit_dessus_0.webp'),
  },
  {
    id: 'food-coffee',
    category: 'food',
    title: 'Cup of coffee',
    pkg: 'python3-skimage',
    path: `${SKI}/coffee.png`,
    credit: 'Rachel Michetti, courtesy of Pikolo Espresso Bar, via scikit-image',
    license: 'CC0-1.0',
  },
  {
    id: 'food-wine',
    category: 'food',
    title: 'Wine',
    pkg: 'lomiri-wallpapers-16.04',
    path: `${BG}/Wine_by_Jakkub_Mede.jpg`,
  },
  {
    id: 'food-teacup',
    category: 'food',
    title: 'Tea cup',
    pkg: 'gcompris-qt-data',
    path: gc('categorization', 'images/others', 'cup.webp'),
  },
  {
    id: 'food-tea-set',
    category: 'food',
    title: 'Tea set',
    pkg: 'gcompris-qt-data',
    path: gc('categorization', 'images/others', 'buffetset.webp'),
  },
  ...(
    [
      'fruit/orange_seville',
      'spices/ginger',
      'fruit/avocado',
      'fruit/Apricot_whole',
      'fruit/Cherry_Stella',
      'fruit/cherimoya',
      'fruit/Strawberry2',
      'fruit/kiwi',
    ] as const
  ).map((f): Entry => ({
    id: `food-${slug(basename(f).replace(/2$/, ''))}`,
    category: 'food',
    title: words(basename(f).replace(/_whole|_Stella|2$/g, '')),
    pkg: 'tuxpaint-stamps-default',
    path: `${TUX}/food/${f}.png`,
    ...TUX_CREDIT,
  })),
  ...(
    [
      'race/indycar',
      'emergency/firetruck',
      'flight/planes/747',
      'garbagetruck',
      'masstransit/green_korean_bus',
      'flight/balloon360',
      'construction/dumper',
      'ship/chineseJunk',
      'ship/walnutBoat',
    ] as const
  ).map((v): Entry => ({
    id: `vehicle-${slug(basename(v).replace(/360$/, ''))}`,
    category: 'vehicles',
    title: words(basename(v).replace(/360$/, '')),
    pkg: 'tuxpaint-stamps-default',
    path: `${TUX}/vehicles/${v}.png`,
    ...TUX_CREDIT,
  })),
  ...(
    [
      ['broccoli', 'Broccoli', 'food/vegetables/broccoli'],
      ['carrot', 'Carrot', 'food/vegetables/carrot'],
      ['mushroom', 'Mushroom', 'food/vegetables/mushroom'],
      ['tomato', 'Tomato', 'food/vegetables/tomato'],
      ['pomegranate', 'Pomegranate', 'food/fruit/pomegranate'],
      ['grapes', 'Grapes', 'food/fruit/grapes'],
      ['christmas-pudding', 'Christmas pudding', 'seasonal/christmas/Christmas_pudding'],
      ['roast-turkey', 'Roast turkey', 'seasonal/christmas/Roast_turkey'],
    ] as const
  ).map(([id, title, f]): Entry => ({
    id: `food-${id}`,
    category: 'food',
    title,
    pkg: 'tuxpaint-stamps-default',
    path: `${TUX}/${f}.png`,
    ...TUX_CREDIT,
  })),
  ...(
    [
      ['beetle', 'Volkswagen Beetle', 'vehicles/auto/beetle'],
      ['sedan', 'Sedan', 'vehicles/auto/sedan'],
      ['sports-car', 'Sports car', 'vehicles/auto/sportscar2'],
      ['pickup-truck', 'Pickup truck', 'vehicles/auto/truck'],
      ['tricycle', 'Tricycle', 'vehicles/cycle/pink_tricycle'],
      ['bradley', 'Bradley fighting vehicle', 'military/vehicles/bradley'],
      ['fighter-jet', 'F-22 fighter jet', 'military/vehicles/f22_raptor'],
      ['stryker', 'Stryker armoured vehicle', 'military/vehicles/infantry-stryker'],
    ] as const
  ).map(([id, title, f]): Entry => ({
    id: `vehicle-${id}`,
    category: 'vehicles',
    title,
    pkg: 'tuxpaint-stamps-default',
    path: `${TUX}/${f}.png`,
    ...TUX_CREDIT,
  })),
  {
    id: 'vehicle-cement-mixer',
    category: 'vehicles',
    title: 'Cement mixer',
    pkg: 'tuxpaint-stamps-default',
    path: `${TUX}/household/tools/cementmixer.png`,
    ...TUX_CREDIT,
  },
  {
    id: 'vehicle-bicycle-truck',
    category: 'vehicles',
    title: 'Bicycle and truck with a dog',
    pkg: 'darknet',
    path: 'usr/share/darknet/data/dog.jpg',
    ...DARKNET,
  },
  {
    id: 'vehicle-rocket',
    category: 'vehicles',
    title: 'Falcon 9 rocket on the pad',
    pkg: 'python3-skimage',
    path: `${SKI}/rocket.jpg`,
    credit: 'SpaceX, via scikit-image',
    license: 'Public domain',
  },
];

async function main(): Promise<void> {
  if (!existsSync('/usr/bin/apt-get')) throw new Error('this script needs Debian (apt-get, dpkg-deb)');
  const roots = new Map<Pkg, string>();
  for (const pkg of PACKAGES) roots.set(pkg, join(unpack(pkg), 'root'));
  const gcRoot = join(SRC, 'gcompris-qt-data', 'rcc');
  if (!existsSync(gcRoot)) {
    const rccDir = join(roots.get('gcompris-qt-data')!, 'usr/share/gcompris-qt/rcc');
    for (const name of ['categorization', 'details', 'erase', 'explore_world_music', 'leftright'])
      readRcc(join(rccDir, `${name}.rcc`), join(gcRoot, name));
  }
  const copyrightOf = (pkg: Pkg) =>
    parseStanzas(readFileSync(join(roots.get(pkg)!, 'usr/share/doc', pkg, 'copyright'), 'utf8'));

  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const images: GalleryImage[] = [];
  const seen = new Set<string>();
  for (const e of ENTRIES) {
    if (seen.has(e.id)) throw new Error(`duplicate id ${e.id}`);
    seen.add(e.id);
    const file = e.pkg === 'gcompris-qt-data' ? join(gcRoot, e.path) : join(roots.get(e.pkg)!, e.path);
    let credit = e.credit;
    let license = e.license;
    let source = e.source;
    if (!credit || !license) {
      const st =
        e.pkg === 'gcompris-qt-data'
          ? lookup(parseStanzas(readFileSync(join(dirname(file), 'README'), 'utf8')), file)
          : lookup(copyrightOf(e.pkg), file);
      const basedOn = st.comment?.match(/based on (?:an original image|a photo) by ([^,]+)/)?.[1];
      credit = basedOn
        ? `${basedOn.trim()}; adapted by ${st.copyright!}`
        : st.copyright!.replace(/^;\s*/, '');
      license = st.license!;
      source = st.source ?? st.comment?.match(/https?:\/\/\S+/)?.[0];
    }
    let img = sharp(file).rotate();
    img = e.cutout
      ? img
          .flatten({ background: '#ffffff' })
          .resize(LONG_SIDE, Math.round((LONG_SIDE * 3) / 4), { fit: 'contain', background: '#ffffff' })
      : img
          .flatten({ background: '#ffffff' })
          .resize(LONG_SIDE, LONG_SIDE, { fit: 'inside', withoutEnlargement: false });
    const buf = await img.jpeg({ quality: 80, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    if (Math.min(buf.info.width, buf.info.height) < 256) {
      // Too narrow for the API's 256 px minimum: pad to 4:3.
      buf.data = await sharp(buf.data)
        .resize(LONG_SIDE, 480, { fit: 'contain', background: '#ffffff' })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer();
    }
    writeFileSync(join(OUT_DIR, `${e.id}.jpg`), buf.data);
    images.push({
      id: e.id,
      category: e.category,
      title: e.title,
      url: `/gallery/${e.id}.jpg`,
      credit,
      license,
      ...(source ? { source } : {}),
      origin: `Debian package ${e.pkg}: ${e.pkg === 'gcompris-qt-data' ? `${e.path.split('/')[0]}.rcc, ${basename(e.path)}` : `/${e.path}`}`,
    });
  }
  mkdirSync(dirname(MANIFEST), { recursive: true });
  writeFileSync(MANIFEST, `${JSON.stringify({ images }, null, 2)}\n`);
  const byCat = new Map<string, number>();
  for (const i of images) byCat.set(i.category, (byCat.get(i.category) ?? 0) + 1);
  console.log(`${images.length} images:`, Object.fromEntries(byCat));
}

await main();
