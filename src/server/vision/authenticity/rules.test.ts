import { describe, expect, it } from 'vitest';
import type { C2paEvidence } from './c2pa';
import type { MetadataEvidence } from './metadata';
import { applyRules, cameraConsistency, type RuleInput } from './rules';

const noMeta: MetadataEvidence = {
  aiFields: {},
  history: [],
  editors: [],
  declaredGenerators: [],
  pngGenerators: [],
  camera: {},
  gps: false,
  hasMetadata: false,
};
const noC2pa: C2paEvidence = { status: 'absent', validationErrors: [], actions: [] };
const base: RuleInput = {
  c2pa: noC2pa,
  metadata: noMeta,
  watermarks: [],
  camera: { present: false, consistent: false, issues: [] },
  ela: { hotTileShare: 0 },
  moire: { peakProminenceDb: 10, peakPeriodPx: 3, strongPeaks: 0, level: 'none' },
};
const c2pa = (over: Partial<C2paEvidence>): C2paEvidence => ({
  status: 'present',
  validation: 'untrusted_signer',
  validationErrors: [],
  actions: [],
  ...over,
});

describe('authenticity rules', () => {
  it('no evidence at all is inconclusive and real', () => {
    expect(applyRules(base)).toMatchObject({ verdict: 'inconclusive', is_real: true, fail_tags: [] });
  });

  it('C2PA-AI fires on an intact manifest, not on an invalid one', () => {
    const ai = c2pa({ digitalSourceType: 'compositeWithTrainedAlgorithmicMedia', signer: 'Example' });
    expect(applyRules({ ...base, c2pa: ai })).toMatchObject({
      verdict: 'ai_generated',
      fail_tags: ['ai_generated'],
    });
    const broken = applyRules({
      ...base,
      c2pa: { ...ai, validation: 'invalid', validationErrors: ['claimSignature.mismatch'] },
    });
    expect(broken.fail_tags).toEqual([]);
    expect(broken.indicators.join(' ')).toMatch(/does not validate/);
  });

  it('C2PA-TAMPER: a hash mismatch means edited after signing', () => {
    const r = applyRules({
      ...base,
      c2pa: c2pa({ validation: 'invalid', validationErrors: ['assertion.dataHash.mismatch'] }),
    });
    expect(r).toMatchObject({ verdict: 'edited', fail_tags: ['edited'] });
  });

  it('a C2PA digitalCapture without edits is camera_original; with edits it is edited', () => {
    const capture = c2pa({
      digitalSourceType: 'digitalCapture',
      actions: [{ action: 'c2pa.created', digitalSourceType: 'digitalCapture' }],
    });
    expect(applyRules({ ...base, c2pa: capture }).verdict).toBe('camera_original');
    const cropped = {
      ...capture,
      actions: [...capture.actions, { action: 'c2pa.cropped', softwareAgent: 'Lightroom' }],
    };
    expect(applyRules({ ...base, c2pa: cropped }).findings[0]).toMatchObject({
      rule: 'C2PA-EDIT',
      tag: 'edited',
    });
  });

  it('ai_generated outranks edited and photo_of_photo; all tags are listed', () => {
    const r = applyRules({
      ...base,
      metadata: {
        ...noMeta,
        digitalSourceType: 'trainedAlgorithmicMedia',
        editors: ['Adobe Photoshop 25.0'],
      },
      moire: { peakProminenceDb: 40, peakPeriodPx: 8, strongPeaks: 3, level: 'strong' },
    });
    expect(r.fail_tags).toEqual(['ai_generated', 'edited', 'photo_of_photo']);
    expect(r.verdict).toBe('ai_generated');
    expect(r.is_real).toBe(false);
  });

  it('MOIRE: strong peaks finer than 3 px (demosaicing, up-sampling) are an indicator, not a recapture', () => {
    for (const period of [2, 2.9]) {
      const r = applyRules({
        ...base,
        moire: { peakProminenceDb: 42, peakPeriodPx: period, strongPeaks: 2, level: 'strong' },
      });
      expect(r.fail_tags).toEqual([]);
      expect(r.indicators.join(' ')).toMatch(new RegExp(`period ${period} px.*not enough for a recapture`));
    }
    const screen = applyRules({
      ...base,
      moire: { peakProminenceDb: 37.2, peakPeriodPx: 3.2, strongPeaks: 2, level: 'strong' },
    });
    expect(screen).toMatchObject({ verdict: 'recaptured', fail_tags: ['photo_of_photo'] });
  });

  const pixel = (score: number, decides = true) => ({
    signal: {
      score,
      calibrated_probability: score,
      threshold: 0.9,
      rule_enabled: decides,
      model: 'optiq-pixel-signal',
      version: '1.0.0',
    },
  });

  it('PIXEL: a score at the threshold tags ai_generated with the verdict likely_ai_generated; below it decides nothing', () => {
    const r = applyRules({ ...base, pixel: pixel(0.93) });
    expect(r).toMatchObject({ verdict: 'likely_ai_generated', fail_tags: ['ai_generated'], is_real: false });
    expect(r.findings[0]).toMatchObject({ rule: 'PIXEL', tag: 'ai_generated' });
    expect(r.findings[0]!.explanation).toMatch(/scores 0.93 \(threshold 0.9/);
    expect(applyRules({ ...base, pixel: pixel(0.89) })).toMatchObject({
      verdict: 'inconclusive',
      fail_tags: [],
    });
  });

  it('PIXEL: a model that did not qualify on held-out data only adds an indicator', () => {
    const r = applyRules({ ...base, pixel: pixel(0.97, false) });
    expect(r).toMatchObject({ verdict: 'inconclusive', fail_tags: [] });
    expect(r.indicators.join(' ')).toMatch(/did not reach the bar on held-out data/);
  });

  it('declared or signed evidence wins over the pixel signal', () => {
    const declared = applyRules({
      ...base,
      metadata: { ...noMeta, digitalSourceType: 'trainedAlgorithmicMedia' },
      pixel: pixel(0.95),
    });
    expect(declared.verdict).toBe('ai_generated');
    expect(declared.findings.map((f) => f.rule)).toEqual(['META-DST', 'PIXEL']);
    const edited = applyRules({
      ...base,
      metadata: { ...noMeta, editors: ['GIMP 2.10'] },
      pixel: pixel(0.95),
    });
    expect(edited.verdict).toBe('edited');
    const capture = c2pa({ digitalSourceType: 'digitalCapture' });
    const signed = applyRules({ ...base, c2pa: capture, pixel: pixel(0.99) });
    expect(signed).toMatchObject({ verdict: 'camera_original', fail_tags: [] });
    expect(signed.indicators.join(' ')).toMatch(
      /signed C2PA Content Credentials declare a camera capture, which wins/,
    );
  });

  it('consistent unsigned camera EXIF is declared_camera, weak evidence; it never outweighs the pixel signal', () => {
    const camera = { present: true, consistent: true, issues: [] };
    const r = applyRules({ ...base, camera });
    expect(r.verdict).toBe('declared_camera');
    expect(r.indicators.join(' ')).toMatch(/anyone can write EXIF/);
    expect(applyRules({ ...base, camera, pixel: pixel(0.95) }).verdict).toBe('likely_ai_generated');
  });

  it('a watermark trace is an indicator, not a tag', () => {
    const r = applyRules({
      ...base,
      watermarks: [
        {
          id: 'sdxl',
          generator: 'SDXL',
          payload: '0b1',
          matchingBits: 38,
          totalBits: 48,
          match: 0.79,
          status: 'trace',
        },
      ],
    });
    expect(r.fail_tags).toEqual([]);
    expect(r.indicators[0]).toMatch(/weak trace/);
  });

  it('CAMERA needs make, model, time and two exposure values', () => {
    const full = {
      ...noMeta,
      camera: { make: 'Canon', model: 'R6', takenAt: '2024-05-01T10:00:00Z', exposureTime: 0.004, iso: 400 },
    };
    expect(cameraConsistency(full, 4000, 3000)).toEqual({ present: true, consistent: true, issues: [] });
    const partial = cameraConsistency({ ...noMeta, camera: { make: 'Canon' } }, 4000, 3000);
    expect(partial.consistent).toBe(false);
    expect(partial.issues).toContain('no camera model');
  });
});
