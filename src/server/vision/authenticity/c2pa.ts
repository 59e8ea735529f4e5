/**
 * Signed provenance: C2PA Content Credentials read and validated with the C2PA SDK's
 * WebAssembly build (`@contentauth/c2pa-wasm`, c2pa-rs). The reader checks the claim
 * signature, the hard binding (hash of the image bytes) and the certificate chain; with no
 * trust list configured an intact manifest comes back as "untrusted_signer" (signature and
 * hashes hold, signer not on a trust list).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WasmReader, initSync } from '@contentauth/c2pa-wasm';
import type { ImageFormat } from '../image-input';

let ready = false;
function init(): void {
  if (ready) return;
  const wasmPath = fileURLToPath(import.meta.resolve('@contentauth/c2pa-wasm/c2pa.wasm'));
  initSync({ module: readFileSync(wasmPath) });
  ready = true;
}

export interface C2paAction {
  action: string;
  softwareAgent?: string;
  /** The IPTC term's last path segment, e.g. trainedAlgorithmicMedia. */
  digitalSourceType?: string;
}

export interface C2paEvidence {
  /** absent: no manifest; present: read (see validation); unreadable: a manifest store that does not parse. */
  status: 'absent' | 'present' | 'unreadable';
  /**
   * valid: signature and bindings hold and the signer is on a trust list; untrusted_signer:
   * they hold but the signer is not on a trust list (none is configured here, so an intact
   * manifest reads this way); invalid: a signature, hash or assertion check failed.
   */
  validation?: 'valid' | 'untrusted_signer' | 'invalid';
  /** Failure codes from the validator (e.g. assertion.dataHash.mismatch), empty when valid. */
  validationErrors: string[];
  signer?: string;
  signedAt?: string;
  claimGenerator?: string;
  actions: C2paAction[];
  /** digitalSourceType of the c2pa.created action (or of any action when none is "created"). */
  digitalSourceType?: string;
  /** Why the store could not be read, when unreadable. */
  error?: string;
}

const MIME: Record<ImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const lastSegment = (uri: unknown): string | undefined =>
  typeof uri === 'string' && uri.length > 0 ? uri.replace(/\/+$/, '').split('/').pop() : undefined;

type Json = Record<string, unknown>;
const asObject = (v: unknown): Json => (v !== null && typeof v === 'object' ? (v as Json) : {});
const asString = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

/**
 * Maps the SDK's manifest-store JSON (Reader.json()) to our evidence. Exported for tests of
 * the mapping on stores the SDK produced elsewhere.
 */
export function evidenceFromStore(store: Json): C2paEvidence {
  const manifests = asObject(store['manifests']);
  const active = asObject(manifests[asString(store['active_manifest']) ?? '']);
  const statuses = Array.isArray(store['validation_status']) ? (store['validation_status'] as Json[]) : [];
  const state = (asString(store['validation_state']) ?? '').toLowerCase();
  const failures = statuses
    .map((s) => asString(s['code']))
    .filter(
      (c): c is string =>
        c !== undefined &&
        !/(\.validated|\.match|\.trusted|\.inside)$/.test(c) &&
        !c.startsWith('signingCredential.untrusted'),
    );
  const validation: C2paEvidence['validation'] =
    failures.length > 0 ? 'invalid' : state === 'trusted' ? 'valid' : 'untrusted_signer';
  const sig = asObject(active['signature_info']);
  const generatorInfo = Array.isArray(active['claim_generator_info'])
    ? asObject(active['claim_generator_info'][0])
    : {};
  const claimGenerator =
    asString(active['claim_generator']) ??
    (asString(generatorInfo['name'])
      ? [generatorInfo['name'], generatorInfo['version']].filter(Boolean).join(' ')
      : undefined);
  const actions: C2paAction[] = [];
  for (const assertion of Array.isArray(active['assertions']) ? (active['assertions'] as Json[]) : []) {
    const label = asString(assertion['label']) ?? '';
    if (!label.startsWith('c2pa.actions')) continue;
    const list = asObject(assertion['data'])['actions'];
    for (const a of Array.isArray(list) ? (list as Json[]) : []) {
      const agent = a['softwareAgent'];
      const softwareAgent = asString(agent) ?? asString(asObject(agent)['name']);
      const dst = lastSegment(a['digitalSourceType']);
      actions.push({
        action: asString(a['action']) ?? '',
        ...(softwareAgent ? { softwareAgent } : {}),
        ...(dst ? { digitalSourceType: dst } : {}),
      });
    }
  }
  const created = actions.find((a) => a.action === 'c2pa.created' && a.digitalSourceType);
  const digitalSourceType =
    created?.digitalSourceType ?? actions.find((a) => a.digitalSourceType)?.digitalSourceType;
  const signer = asString(sig['common_name']) ?? asString(sig['issuer']);
  const signedAt = asString(sig['time']);
  return {
    status: 'present',
    validation,
    validationErrors: failures,
    ...(signer ? { signer } : {}),
    ...(signedAt ? { signedAt } : {}),
    ...(claimGenerator ? { claimGenerator } : {}),
    actions,
    ...(digitalSourceType ? { digitalSourceType } : {}),
  };
}

export interface ReadC2paOptions {
  /**
   * PEM certificates the validator trusts as roots. None by default (no trust list is
   * configured here); tests pass the test chain's root to see the "valid" state.
   */
  trustAnchorsPem?: string;
}

/**
 * Whether the file may hold a manifest store: an embedded one is a JUMBF box ("jumb", labelled
 * "c2pa") in JPEG, PNG and WebP alike, a remote one is named in the XMP ("provenance"). A file
 * with none of these bytes reads as absent without the SDK, whose 9 MB of WebAssembly would
 * otherwise compile on a function's cold start for most photos.
 */
const MANIFEST_MARKERS = ['jumb', 'c2pa', 'provenance'].map((m) => Buffer.from(m, 'latin1'));
function mayHoldManifest(bytes: Uint8Array): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return MANIFEST_MARKERS.some((m) => buf.includes(m));
}

/** Reads the C2PA manifest store embedded in an image, if any. */
export async function readC2pa(
  bytes: Uint8Array,
  format: ImageFormat,
  options: ReadC2paOptions = {},
): Promise<C2paEvidence> {
  if (!mayHoldManifest(bytes)) return { status: 'absent', validationErrors: [], actions: [] };
  init();
  const context = options.trustAnchorsPem
    ? JSON.stringify({ trust: { trust_anchors: options.trustAnchorsPem } })
    : undefined;
  let reader: WasmReader;
  try {
    reader = await WasmReader.fromBytes(MIME[format], bytes, context);
  } catch (error) {
    const message = String(error);
    if (/JumbfNotFound|ProvenanceMissing/.test(message))
      return { status: 'absent', validationErrors: [], actions: [] };
    return { status: 'unreadable', validationErrors: [], actions: [], error: message.slice(0, 200) };
  }
  try {
    return evidenceFromStore(JSON.parse(reader.json()) as Json);
  } finally {
    reader.free();
  }
}
