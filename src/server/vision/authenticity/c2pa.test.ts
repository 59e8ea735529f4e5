import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evidenceFromStore, readC2pa } from './c2pa';

describe('C2PA reader', () => {
  it('finds no manifest in a plain JPEG, PNG or WebP', async () => {
    expect((await readC2pa(new Uint8Array(readFileSync('tests/fixtures/images/coffee.jpg')), 'jpeg')).status).toBe('absent');
    expect((await readC2pa(new Uint8Array(readFileSync('tests/fixtures/images/chelsea.png')), 'png')).status).toBe('absent');
    expect((await readC2pa(new Uint8Array(readFileSync('tests/fixtures/images/coffee.webp')), 'webp')).status).toBe('absent');
  });

  it('reports a broken manifest store as unreadable with the SDK error', async () => {
    const r = await readC2pa(new Uint8Array(readFileSync('tests/fixtures/authenticity/corrupted-c2pa.jpg')), 'jpeg');
    expect(r.status).toBe('unreadable');
    expect(r.error).toMatch(/Jumbf/);
  });
});

// The mapping from the SDK's manifest-store JSON (the shape c2pa-rs Reader::json() returns) to
// our evidence. The stores are written out by hand in that shape: this build of the SDK cannot
// sign from Node (see tests/fixtures/authenticity/README.md), so no signed fixture exists yet.
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
                { action: 'c2pa.created', digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia', softwareAgent: { name: 'ExampleGen' } },
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
    expect(evidenceFromStore(store({ validation_state: 'Trusted', validation_status: [] })).validation).toBe('valid');
    const tampered = evidenceFromStore(store({ validation_state: 'Invalid', validation_status: [{ code: 'assertion.dataHash.mismatch' }] }));
    expect(tampered.validation).toBe('invalid');
    expect(tampered.validationErrors).toEqual(['assertion.dataHash.mismatch']);
  });
});
