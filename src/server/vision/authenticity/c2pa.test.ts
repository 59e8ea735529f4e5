import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evidenceFromStore, readC2pa } from './c2pa';
import { stripManifest, tamperImageData } from './c2pa-test-support';

const SIGNED = 'tests/fixtures/authenticity/c2pa-signed.jpg';
const load = (path: string) => new Uint8Array(readFileSync(path));

// tests/fixtures/authenticity/c2pa-signed.jpg was signed with the C2PA SDK (c2pa-rs 0.91 in
// @contentauth/c2pa-wasm) by scripts/data/make-c2pa-sample.ts, with the test chain beside it.
describe('C2PA reader on a signed file', () => {
  it('reads the signed sample: manifest present, intact, signer not on a trust list', async () => {
    expect(await readC2pa(load(SIGNED), 'jpeg')).toEqual({
      status: 'present',
      validation: 'untrusted_signer',
      validationErrors: [],
      signer: 'Optiq C2PA Test Signer',
      claimGenerator: 'Optiq sample maker 1.0',
      actions: [
        { action: 'c2pa.created', softwareAgent: 'ExampleGen', digitalSourceType: 'trainedAlgorithmicMedia' },
      ],
      digitalSourceType: 'trainedAlgorithmicMedia',
    });
  });

  it('reads it as valid when the test root is a trust anchor', async () => {
    const root = readFileSync('tests/fixtures/authenticity/c2pa-test-chain/root.pem', 'utf8');
    const r = await readC2pa(load(SIGNED), 'jpeg', { trustAnchorsPem: root });
    expect(r.validation).toBe('valid');
    expect(r.validationErrors).toEqual([]);
  });

  it('one byte of image data changed after signing: invalid, the data hash no longer matches', async () => {
    const signed = load(SIGNED);
    const tampered = tamperImageData(signed);
    expect(tampered.length).toBe(signed.length);
    expect(tampered.filter((b, i) => b !== signed[i]).length).toBe(1);
    const r = await readC2pa(tampered, 'jpeg');
    expect(r.status).toBe('present');
    expect(r.validation).toBe('invalid');
    expect(r.validationErrors).toEqual(['assertion.dataHash.mismatch']);
    expect(r.signer).toBe('Optiq C2PA Test Signer');
  });

  it('manifest stripped: absent, as in any file without credentials', async () => {
    const stripped = stripManifest(load(SIGNED));
    expect(stripped.length).toBeLessThan(load(SIGNED).length - 10_000);
    expect(await readC2pa(stripped, 'jpeg')).toEqual({ status: 'absent', validationErrors: [], actions: [] });
  });
});

describe('C2PA reader', () => {
  it('finds no manifest in a plain JPEG, PNG or WebP', async () => {
    expect(
      (await readC2pa(new Uint8Array(readFileSync('tests/fixtures/images/coffee.jpg')), 'jpeg')).status,
    ).toBe('absent');
    expect(
      (await readC2pa(new Uint8Array(readFileSync('tests/fixtures/images/chelsea.png')), 'png')).status,
    ).toBe('absent');
    expect(
      (await readC2pa(new Uint8Array(readFileSync('tests/fixtures/images/coffee.webp')), 'webp')).status,
    ).toBe('absent');
  });

  it('reports a broken manifest store as unreadable with the SDK error', async () => {
    const r = await readC2pa(
      new Uint8Array(readFileSync('tests/fixtures/authenticity/corrupted-c2pa.jpg')),
      'jpeg',
    );
    expect(r.status).toBe('unreadable');
    expect(r.error).toMatch(/Jumbf/);
  });
});

// The mapping from the SDK's manifest-store JSON (the shape c2pa-rs Reader::json() returns) to
// our evidence, on stores written out by hand in that shape (edge cases the signed fixture does
// not have).
describe('C2PA evidence from a manifest store', () => {
  const store = (overrides: Record<string, unknown> = {}) => ({
    active_manifest: 'urn:c2pa:1',
    manifests: {
      'urn:c2pa:1': {
        claim_generator_info: [{ name: 'ExampleGen', version: '3.0' }],
        signature_info: { issuer: 'Example CA', common_name: 'Example Signer', time: '2025-01-01T00:00:00Z' },
        assertions: [
          {
            label: 'c2pa.actions.v2',
            data: {
              actions: [
                {
                  action: 'c2pa.created',
                  digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
                  softwareAgent: { name: 'ExampleGen' },
                },
                { action: 'c2pa.color_adjustments' },
              ],
            },
          },
        ],
      },
    },
    validation_state: 'Valid',
    validation_status: [{ code: 'signingCredential.untrusted' }],
    ...overrides,
  });

  it('reads signer, generator, actions and the created digitalSourceType', () => {
    expect(evidenceFromStore(store())).toEqual({
      status: 'present',
      validation: 'untrusted_signer',
      validationErrors: [],
      signer: 'Example Signer',
      signedAt: '2025-01-01T00:00:00Z',
      claimGenerator: 'ExampleGen 3.0',
      actions: [
        { action: 'c2pa.created', softwareAgent: 'ExampleGen', digitalSourceType: 'trainedAlgorithmicMedia' },
        { action: 'c2pa.color_adjustments' },
      ],
      digitalSourceType: 'trainedAlgorithmicMedia',
    });
  });

  it('distinguishes trusted, untrusted and invalid', () => {
    expect(evidenceFromStore(store({ validation_state: 'Trusted', validation_status: [] })).validation).toBe(
      'valid',
    );
    const tampered = evidenceFromStore(
      store({ validation_state: 'Invalid', validation_status: [{ code: 'assertion.dataHash.mismatch' }] }),
    );
    expect(tampered.validation).toBe('invalid');
    expect(tampered.validationErrors).toEqual(['assertion.dataHash.mismatch']);
  });
});
