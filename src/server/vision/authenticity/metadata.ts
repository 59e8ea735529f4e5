/**
 * Declared metadata: what the file says about itself (EXIF, XMP, IPTC, PNG text chunks), read
 * with exifr and our PNG chunk reader. Metadata is easy to strip or forge: what is found is a
 * declaration, and what is missing proves nothing.
 */
import exifr from 'exifr';
import sharp from 'sharp';
import { generatorTraces, readPngText, type GeneratorTrace } from './png-chunks';

/** Editing software named in Software, CreatorTool or the XMP history. */
const EDITORS =
  /photoshop|lightroom|camera raw|gimp|affinity|pixelmator|snapseed|picsart|facetune|canva|paint\.net|capture one|luminar|darktable|rawtherapee|photopea|krita|fotor|polarr|vsco|meitu|photodirector|acdsee|paintshop/i;
/** Image generators named in Software or CreatorTool. */
const GENERATORS =
  /midjourney|dall[·\-\s]?e|stable ?diffusion|firefly|imagen|novelai|comfyui|automatic1111|invokeai|leonardo\.ai|ideogram|\bflux\b|gpt-4o|chatgpt|sora|bing image creator|nightcafe|dreamstudio|runway/i;

export interface HistoryEntry {
  action: string;
  softwareAgent?: string;
  when?: string;
}

export interface CameraExif {
  make?: string;
  model?: string;
  lens?: string;
  exposureTime?: number;
  fNumber?: number;
  iso?: number;
  focalLength?: number;
  takenAt?: string;
  /** Size of the embedded EXIF thumbnail, when there is one. */
  thumbnail?: { width: number; height: number };
}

export interface MetadataEvidence {
  /** IPTC/XMP DigitalSourceType (last path segment of the IPTC term). */
  digitalSourceType?: string;
  /** IPTC 2025 AI fields (Iptc4xmpExt): AISystemUsed, AISystemVersionUsed, AIPromptInformation, AIPromptWriterName. */
  aiFields: Record<string, string>;
  software?: string;
  creatorTool?: string;
  history: HistoryEntry[];
  /** Editing tools named anywhere above. */
  editors: string[];
  /** Generators named in Software / CreatorTool. */
  declaredGenerators: string[];
  /** Generator parameters found in PNG text chunks. */
  pngGenerators: GeneratorTrace[];
  camera: CameraExif;
  /** GPS position present in EXIF (the position itself is not returned). */
  gps: boolean;
  /** True when the file carries any EXIF/XMP/IPTC/PNG-text metadata at all. */
  hasMetadata: boolean;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
const str = (v: unknown): string | undefined => {
  if (typeof v === 'string' && v.trim()) return v.trim();
  // exifr revives numeric-looking XMP text ("2.1") as numbers.
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (Array.isArray(v) && typeof v[0] === 'string') return v[0].trim() || undefined;
  const o = obj(v);
  // exifr gives language alternatives as { lang: text } or { value }.
  const first = o['value'] ?? Object.values(o).find((x) => typeof x === 'string');
  return typeof first === 'string' && first.trim() ? first.trim() : undefined;
};
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const lastSegment = (uri: string): string => uri.replace(/\/+$/, '').split('/').pop() ?? uri;

function historyEntries(raw: unknown): HistoryEntry[] {
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  // exiftool-style flat arrays come back as { action: [...], softwareAgent: [...] }.
  const flat = obj(list[0]);
  if (list.length === 1 && Array.isArray(flat['action'])) {
    const actions = flat['action'] as unknown[];
    const agents = Array.isArray(flat['softwareAgent']) ? (flat['softwareAgent'] as unknown[]) : [];
    const whens = Array.isArray(flat['when']) ? (flat['when'] as unknown[]) : [];
    return actions.map((a, i) => ({
      action: String(a),
      ...(str(agents[i]) ? { softwareAgent: str(agents[i])! } : {}),
      ...(str(whens[i]) ? { when: str(whens[i])! } : {}),
    }));
  }
  return list.map((e) => {
    const o = obj(e);
    const agent = str(o['softwareAgent']);
    const when = o['when'] instanceof Date ? o['when'].toISOString() : str(o['when']);
    return {
      action: str(o['action']) ?? 'unknown',
      ...(agent ? { softwareAgent: agent } : {}),
      ...(when ? { when } : {}),
    };
  });
}

/** Reads the declared metadata of an image file (JPEG, PNG, WebP). */
export async function readMetadata(bytes: Uint8Array): Promise<MetadataEvidence> {
  let parsed: Json = {};
  try {
    parsed = obj(
      await exifr.parse(Buffer.from(bytes), {
        tiff: true,
        exif: true,
        ifd1: true,
        xmp: true,
        iptc: true,
        ihdr: true,
        icc: false,
        gps: true,
        mergeOutput: false,
        multiSegment: true,
        translateValues: false,
      }),
    );
  } catch {
    // No or malformed metadata segments: nothing declared.
  }
  const ifd0 = obj(parsed['ifd0']);
  const exif = obj(parsed['exif']);
  const ifd1 = obj(parsed['ifd1']);
  const xmp = obj(parsed['xmp']);
  const iptcExt = obj(parsed['Iptc4xmpExt']);
  const plus = obj(parsed['plus']);
  const xmpMM = obj(parsed['xmpMM']);
  const pngText = readPngText(bytes);
  const pngByKey = new Map(pngText.map((t) => [t.keyword.toLowerCase(), t.text]));

  const dst =
    str(iptcExt['DigitalSourceType']) ??
    str(plus['DigitalSourceType']) ??
    str(obj(parsed['iptc'])['DigitalSourceType']);
  const aiFields: Record<string, string> = {};
  for (const key of ['AISystemUsed', 'AISystemVersionUsed', 'AIPromptInformation', 'AIPromptWriterName']) {
    const v = str(iptcExt[key]);
    if (v) aiFields[key] = v.slice(0, 300);
  }
  const software = str(ifd0['Software']) ?? pngByKey.get('software');
  const creatorTool = str(xmp['CreatorTool']);
  const history = historyEntries(xmpMM['History']);
  const named = [software, creatorTool, ...history.map((h) => h.softwareAgent)].filter((s): s is string =>
    Boolean(s),
  );
  const editors = [...new Set(named.filter((s) => EDITORS.test(s)))];
  if (Object.keys(parsed).some((k) => k === 'crs' || k === 'photoshop')) {
    if (!editors.some((e) => /photoshop|lightroom|camera raw/i.test(e)))
      editors.push('Adobe (Photoshop / Camera Raw settings in XMP)');
  }
  const declaredGenerators = [...new Set(named.filter((s) => GENERATORS.test(s)))];

  const camera: CameraExif = {};
  const make = str(ifd0['Make']);
  const model = str(ifd0['Model']);
  const lens = str(exif['LensModel']);
  const takenAt =
    exif['DateTimeOriginal'] instanceof Date
      ? exif['DateTimeOriginal'].toISOString()
      : str(exif['DateTimeOriginal']);
  if (make) camera.make = make;
  if (model) camera.model = model;
  if (lens) camera.lens = lens;
  if (num(exif['ExposureTime']) !== undefined) camera.exposureTime = num(exif['ExposureTime'])!;
  if (num(exif['FNumber']) !== undefined) camera.fNumber = num(exif['FNumber'])!;
  if (num(exif['ISO']) !== undefined) camera.iso = num(exif['ISO'])!;
  if (num(exif['FocalLength']) !== undefined) camera.focalLength = num(exif['FocalLength'])!;
  if (takenAt) camera.takenAt = takenAt;
  if (ifd1['ThumbnailOffset'] !== undefined || ifd1['JPEGInterchangeFormat'] !== undefined) {
    try {
      const thumb = await exifr.thumbnail(Buffer.from(bytes));
      if (thumb) {
        const meta = await sharp(thumb).metadata();
        if (meta.width && meta.height) camera.thumbnail = { width: meta.width, height: meta.height };
      }
    } catch {
      // A broken thumbnail is simply not compared.
    }
  }

  return {
    ...(dst ? { digitalSourceType: lastSegment(dst) } : {}),
    aiFields,
    ...(software ? { software } : {}),
    ...(creatorTool ? { creatorTool } : {}),
    history,
    editors,
    declaredGenerators,
    pngGenerators: generatorTraces(pngText),
    camera,
    gps: Object.keys(obj(parsed['gps'])).some((k) => /latitude|longitude/i.test(k)),
    hasMetadata: Object.keys(parsed).some((k) => k !== 'ihdr') || pngText.length > 0,
  };
}
