/**
 * Rights metadata: what the file declares about its owner and licence (IPTC, XMP, EXIF). These
 * are statements written into the file, not marks in the pixels, so they are reported in their
 * own group and never count as a detected watermark.
 */
import exifr from 'exifr';
import { readC2pa, type C2paEvidence } from '../authenticity/c2pa';
import type { ImageFormat } from '../image-input';

export interface RightsMetadata {
  /** True when any of the fields below is present. */
  present: boolean;
  copyright_notice: string | null;
  credit: string | null;
  source: string | null;
  creator: string | null;
  /** XMP dc:rights. */
  rights: string | null;
  /** XMP xmpRights:Marked: true = rights-managed, false = public domain, null = not said. */
  marked: boolean | null;
  /** XMP xmpRights:WebStatement: a page describing the rights. */
  web_statement: string | null;
  /** PLUS licensor names. */
  licensors: string[];
  /** Where each value was found (e.g. `copyright_notice: IPTC`). */
  sources: Record<string, string>;
  /** C2PA Content Credentials embedded in the file (read by the photo-authenticity C2PA reader). */
  c2pa: C2paSummary;
}

export interface C2paSummary {
  /** absent: no manifest; present: read; unreadable: a manifest store that does not parse. */
  status: 'absent' | 'present' | 'unreadable';
  /** valid, untrusted_signer (intact, signer on no configured trust list) or invalid; null without a manifest. */
  validation: string | null;
  signer: string | null;
  claim_generator: string | null;
  /** The manifest's action assertions (c2pa.created, c2pa.edited...). */
  actions: string[];
}

/** The C2PA part of the rights group from the shared reader's evidence. */
export function c2paSummary(e: C2paEvidence): C2paSummary {
  return {
    status: e.status,
    validation: e.validation ?? null,
    signer: e.signer ?? null,
    claim_generator: e.claimGenerator ?? null,
    actions: e.actions.map((a) => a.action),
  };
}

type Segment = Record<string, unknown> | undefined;

/** A plain string from exifr's value shapes (strings, arrays, `{ lang, value }` alternatives). */
function text(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) {
    const parts = v.map(text).filter((s): s is string => s !== null);
    return parts.length ? parts.join('; ') : null;
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('value' in o) return text(o['value']);
  }
  return null;
}

function bool(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') return /^true$/i.test(v) ? true : /^false$/i.test(v) ? false : null;
  return null;
}

function licensorNames(v: unknown): string[] {
  if (v === undefined || v === null) return [];
  const list = Array.isArray(v) ? v : [v];
  return list
    .map((l) =>
      typeof l === 'object' && l !== null ? text((l as Record<string, unknown>)['LicensorName']) : text(l),
    )
    .filter((s): s is string => s !== null);
}

const EMPTY: RightsMetadata = {
  present: false,
  copyright_notice: null,
  credit: null,
  source: null,
  creator: null,
  rights: null,
  marked: null,
  web_statement: null,
  licensors: [],
  sources: {},
  c2pa: { status: 'absent', validation: null, signer: null, claim_generator: null, actions: [] },
};

/** Reads the rights fields of an encoded image; a file without (or with unreadable) metadata gives `present: false`. */
export async function readRightsMetadata(bytes: Uint8Array, format: ImageFormat): Promise<RightsMetadata> {
  const c2pa = c2paSummary(
    await readC2pa(bytes, format).catch((error: unknown): C2paEvidence => ({
      status: 'unreadable',
      validationErrors: [],
      actions: [],
      error: String(error).slice(0, 200),
    })),
  );
  let parsed: Record<string, Segment> | undefined;
  try {
    parsed = (await exifr.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      tiff: true,
      ifd0: true,
      exif: false,
      gps: false,
      interop: false,
      xmp: true,
      iptc: true,
      icc: false,
      mergeOutput: false,
    } as never)) as Record<string, Segment> | undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed) {
    const found = c2pa.status !== 'absent';
    return { ...EMPTY, sources: found ? { c2pa: 'C2PA manifest store' } : {}, present: found, c2pa };
  }
  const iptc = parsed['iptc'];
  const dc = parsed['dc'];
  const ps = parsed['photoshop'];
  const xr = parsed['xmpRights'];
  const ifd0 = parsed['ifd0'];
  const plus = parsed['plus'];
  const sources: Record<string, string> = {};
  const pick = (field: string, ...candidates: [string, unknown][]): string | null => {
    for (const [where, v] of candidates) {
      const s = text(v);
      if (s !== null) {
        sources[field] = where;
        return s;
      }
    }
    return null;
  };
  const out: RightsMetadata = {
    present: false,
    copyright_notice: pick(
      'copyright_notice',
      ['IPTC CopyrightNotice', iptc?.['CopyrightNotice']],
      ['EXIF Copyright', ifd0?.['Copyright']],
    ),
    credit: pick('credit', ['IPTC Credit', iptc?.['Credit']], ['XMP photoshop:Credit', ps?.['Credit']]),
    source: pick('source', ['IPTC Source', iptc?.['Source']], ['XMP photoshop:Source', ps?.['Source']]),
    creator: pick(
      'creator',
      ['IPTC By-line', iptc?.['Byline']],
      ['XMP dc:creator', dc?.['creator']],
      ['EXIF Artist', ifd0?.['Artist']],
    ),
    rights: pick('rights', ['XMP dc:rights', dc?.['rights']]),
    marked: bool(xr?.['Marked']),
    web_statement: pick('web_statement', ['XMP xmpRights:WebStatement', xr?.['WebStatement']]),
    licensors: licensorNames(plus?.['Licensor']),
    sources,
    c2pa,
  };
  if (out.marked !== null) sources['marked'] = 'XMP xmpRights:Marked';
  if (out.licensors.length) sources['licensors'] = 'XMP plus:Licensor';
  if (c2pa.status !== 'absent') sources['c2pa'] = 'C2PA manifest store';
  out.present = Object.keys(sources).length > 0;
  return out;
}
