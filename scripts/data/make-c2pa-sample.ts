/**
 * Signs the C2PA sample (tests/fixtures/authenticity/c2pa-signed.jpg, copied to the demo's
 * public/images/samples/validation-c2pa.jpg) with the C2PA SDK itself: `@contentauth/c2pa-wasm`
 * (c2pa-rs 0.91) builds the manifest, the hard binding (data hash) and the JUMBF store, and
 * embeds it; we only hand it the COSE_Sign1 signature of the claim.
 *
 * Two things make the browser build usable from Node:
 * - `WasmBuilder.sign` reads the source asset through `FileReaderSync` (a browser-worker API).
 *   We pass a Blob that keeps its bytes and define a FileReaderSync that returns them.
 * - This SDK build's signer takes no certificate chain and does "direct COSE handling": the
 *   callback gets the claim bytes and must return the whole COSE_Sign1 (ES256, x5chain in the
 *   protected header, padded to the reserved size), which is written below with a small CBOR
 *   encoder and node:crypto.
 *
 * Certificates: no installed package carries the SDK's published test certificates, so the
 * chain in tests/fixtures/authenticity/c2pa-test-chain/ is our own, made with openssl on first
 * run (root CA -> intermediate CA -> ES256 signer with the C2PA end-entity profile: digitalSignature,
 * emailProtection EKU, not a CA). The root is on no trust list, so readers report the manifest as
 * intact with an untrusted signer. Test-only keys: never use them for anything else.
 *
 * Run: npx tsx scripts/data/make-c2pa-sample.ts
 */
import { execFileSync } from 'node:child_process';
import { createPrivateKey, createSign, X509Certificate, type KeyObject } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WasmBuilder, initSync } from '@contentauth/c2pa-wasm';
import { readC2pa } from '../../src/server/vision/authenticity/c2pa';
import { parseCli } from '../lib/cli';

const CHAIN_DIR = 'tests/fixtures/authenticity/c2pa-test-chain';
const BASE = 'public/images/samples/rocket-launch.jpg';
const FIXTURE = 'tests/fixtures/authenticity/c2pa-signed.jpg';
const SAMPLE = 'public/images/samples/validation-c2pa.jpg';
/** Bytes reserved in the manifest for the signature; the COSE_Sign1 is padded to exactly this. */
const RESERVE_SIZE = 10_000;

export const C2PA_SAMPLE_MANIFEST = {
  claim_generator_info: [{ name: 'Optiq sample maker', version: '1.0' }],
  title: 'validation-c2pa.jpg',
  format: 'image/jpeg',
  assertions: [
    {
      label: 'c2pa.actions.v2',
      data: {
        actions: [
          {
            action: 'c2pa.created',
            digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
            softwareAgent: { name: 'ExampleGen', version: '2.1' },
          },
        ],
      },
    },
  ],
};

// --- test certificate chain (openssl) ---------------------------------------------------------

const EXTENSIONS = `[root]
basicConstraints=critical,CA:TRUE
keyUsage=critical,keyCertSign,cRLSign
subjectKeyIdentifier=hash
[intermediate]
basicConstraints=critical,CA:TRUE,pathlen:0
keyUsage=critical,keyCertSign,cRLSign
subjectKeyIdentifier=hash
authorityKeyIdentifier=keyid:always
[signer]
basicConstraints=critical,CA:FALSE
keyUsage=critical,digitalSignature
extendedKeyUsage=emailProtection
subjectKeyIdentifier=hash
authorityKeyIdentifier=keyid:always
`;

function makeChain(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const ssl = (...args: string[]) =>
    execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const ext = join(dir, 'extensions.cnf');
  writeFileSync(ext, EXTENSIONS);
  for (const name of ['root', 'intermediate', 'signer']) {
    ssl(
      'genpkey',
      '-algorithm',
      'EC',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-out',
      join(dir, `${name}.key`),
    );
  }
  const subject = (cn: string) => `/CN=${cn}/O=Optiq test credentials (not for production)/C=US`;
  const issue = (name: string, cn: string, issuer: string | null, serial: string) => {
    const csr = join(dir, `${name}.csr`);
    ssl('req', '-new', '-key', join(dir, `${name}.key`), '-subj', subject(cn), '-out', csr);
    const signWith = issuer
      ? ['-CA', join(dir, `${issuer}.pem`), '-CAkey', join(dir, `${issuer}.key`)]
      : ['-signkey', join(dir, `${name}.key`)];
    ssl(
      'x509',
      '-req',
      '-in',
      csr,
      ...signWith,
      '-set_serial',
      serial,
      '-days',
      '7300',
      '-sha256',
      '-extfile',
      ext,
      '-extensions',
      name,
      '-out',
      join(dir, `${name}.pem`),
    );
    rmSync(csr);
  };
  issue('root', 'Optiq C2PA Test Root CA', null, '1');
  issue('intermediate', 'Optiq C2PA Test Intermediate CA', 'root', '2');
  issue('signer', 'Optiq C2PA Test Signer', 'intermediate', '3');
}

// --- COSE_Sign1 (RFC 9052) with a minimal CBOR encoder ----------------------------------------

type Cbor = number | string | Uint8Array | null | Cbor[] | Map<Cbor, Cbor> | { tag: number; value: Cbor };

function cborHead(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

function cbor(v: Cbor): Buffer {
  if (v === null) return Buffer.from([0xf6]);
  if (typeof v === 'number') return v >= 0 ? cborHead(0, v) : cborHead(1, -1 - v);
  if (typeof v === 'string') {
    const s = Buffer.from(v, 'utf8');
    return Buffer.concat([cborHead(3, s.length), s]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([cborHead(2, v.length), v]);
  if (Array.isArray(v)) return Buffer.concat([cborHead(4, v.length), ...v.map(cbor)]);
  if (v instanceof Map)
    return Buffer.concat([cborHead(5, v.size), ...[...v].flatMap(([k, x]) => [cbor(k), cbor(x)])]);
  return Buffer.concat([cborHead(6, v.tag), cbor(v.value)]);
}

/** COSE_Sign1 over the claim (detached payload), ES256, padded with an unprotected "pad" to `size` bytes. */
function coseSign1(claim: Uint8Array, key: KeyObject, chain: Uint8Array[], size: number): Uint8Array {
  const protectedHeader = new Uint8Array(
    cbor(
      new Map<Cbor, Cbor>([
        [1, -7],
        [33, chain],
      ]),
    ),
  ); // alg ES256, x5chain
  const toBeSigned = cbor(['Signature1', protectedHeader, new Uint8Array(0), claim]);
  const signature = new Uint8Array(
    createSign('SHA256').update(toBeSigned).sign({ key, dsaEncoding: 'ieee-p1363' }),
  );
  const build = (pad: number) =>
    cbor({
      tag: 18,
      value: [protectedHeader, new Map<Cbor, Cbor>([['pad', new Uint8Array(pad)]]), null, signature],
    });
  let pad = size - build(0).length;
  for (let i = 0; i < 4 && build(pad).length !== size; i++) pad -= build(pad).length - size;
  const out = build(pad);
  if (out.length !== size) throw new Error(`COSE signature is ${out.length} bytes, ${size} reserved`);
  return new Uint8Array(out);
}

// --- FileReaderSync for the SDK in Node -------------------------------------------------------

/** A Blob that keeps its bytes (and so do its slices), for the FileReaderSync below. */
class BytesBlob extends Blob {
  readonly data: Uint8Array<ArrayBuffer>;
  constructor(data: Uint8Array<ArrayBuffer>, type = '') {
    super([data], { type });
    this.data = data;
  }
  override slice(start = 0, end = this.data.length, type?: string): Blob {
    return new BytesBlob(this.data.subarray(start, end), type);
  }
}

class NodeFileReaderSync {
  readAsArrayBuffer(blob: Blob): ArrayBuffer {
    if (!(blob instanceof BytesBlob)) throw new Error('only BytesBlob can be read synchronously here');
    const u = blob.data;
    return u.buffer.slice(u.byteOffset, u.byteOffset + u.byteLength);
  }
}

/** Signs a JPEG with the given manifest definition, signer key and chain (signer first). */
export async function signJpeg(
  jpeg: Uint8Array<ArrayBuffer>,
  manifest: object,
  key: KeyObject,
  chain: Uint8Array[],
): Promise<Uint8Array> {
  (globalThis as { FileReaderSync?: unknown }).FileReaderSync ??= NodeFileReaderSync;
  initSync({ module: readFileSync(fileURLToPath(import.meta.resolve('@contentauth/c2pa-wasm/c2pa.wasm'))) });
  const builder = WasmBuilder.fromJson(JSON.stringify(manifest));
  try {
    const signer = {
      alg: 'es256',
      reserveSize: RESERVE_SIZE,
      sign: async (claim: Uint8Array) => coseSign1(claim, key, chain, RESERVE_SIZE),
    };
    return await builder.sign(signer as never, [], 'image/jpeg', new BytesBlob(jpeg, 'image/jpeg'));
  } finally {
    builder.free();
  }
}

async function main(): Promise<void> {
  if (!existsSync(join(CHAIN_DIR, 'signer.pem'))) makeChain(CHAIN_DIR);
  const der = (name: string) =>
    new Uint8Array(new X509Certificate(readFileSync(join(CHAIN_DIR, `${name}.pem`))).raw);
  const key = createPrivateKey(readFileSync(join(CHAIN_DIR, 'signer.key')));
  const signed = await signJpeg(new Uint8Array(readFileSync(BASE)), C2PA_SAMPLE_MANIFEST, key, [
    der('signer'),
    der('intermediate'),
  ]);
  writeFileSync(FIXTURE, signed);
  copyFileSync(FIXTURE, SAMPLE);
  const evidence = await readC2pa(signed, 'jpeg');
  console.log(`${FIXTURE} and ${SAMPLE}: ${signed.length} bytes`);
  console.log(JSON.stringify(evidence, null, 2));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  parseCli('Usage: npx tsx scripts/data/make-c2pa-sample.ts', {});
  await main();
}
