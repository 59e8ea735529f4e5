/**
 * The documented rules that turn the evidence layers into fail tags, a verdict and plain-words
 * explanations. Only signed provenance, declared metadata and a decoded generator watermark can
 * say "AI-generated"; pixel and file signals are indicators, never a verdict on their own, with
 * one exception stated below (a strong periodic moire -> photo_of_photo). What is missing proves
 * nothing: an image with no evidence either way is "inconclusive", never "real".
 *
 * Rules (each one's id appears in the explanations):
 * - ai_generated
 *   - C2PA-AI: a C2PA manifest whose signature holds (valid or untrusted signer) declares a
 *     digitalSourceType of trainedAlgorithmicMedia or compositeWithTrainedAlgorithmicMedia.
 *   - META-DST: IPTC/XMP DigitalSourceType is one of those two.
 *   - META-AI-FIELDS: an IPTC 2025 AI field (AISystemUsed, AIPromptInformation, ...) is filled.
 *   - META-GENERATOR: EXIF Software or XMP CreatorTool names an image generator.
 *   - PNG-PARAMS: PNG text chunks carry a generator's parameters (A1111, ComfyUI, InvokeAI, NovelAI, ...).
 *   - WATERMARK: a known generator watermark (Stable Diffusion v1/v2, SDXL) decodes with >= 90% of its bits.
 *   - PIXEL: the pixel signal's score reaches its calibrated threshold (at most 2% of real dev
 *     photos do), unless signed C2PA Content Credentials declare a camera capture (signed
 *     evidence wins; the score is then an indicator). Alone it gives the verdict
 *     likely_ai_generated, never ai_generated; below the threshold it decides nothing. Only a
 *     model whose held-out figures qualify it (rule_enabled in ai-signal.json) may fire it;
 *     otherwise a score above the threshold is an indicator.
 * - edited
 *   - C2PA-EDIT: the manifest records editing actions (c2pa.edited, c2pa.color_adjustments,
 *     c2pa.cropped, c2pa.filtered, c2pa.drawing, c2pa.placed, c2pa.removed, c2pa.resized, ...).
 *   - C2PA-TAMPER: the manifest's hash of the image no longer matches (changed after signing).
 *   - META-DST-EDIT: DigitalSourceType is compositeCapture, compositeSynthetic, humanEdits,
 *     minorHumanEdits or algorithmicallyEnhanced.
 *   - META-EDITOR: Software, CreatorTool or the XMP history names editing software.
 * - photo_of_photo
 *   - MOIRE: strong isolated off-axis peaks in the spectrum (>= 30 dB above their ring) at a
 *     period of 3 px or more (finer ones are demosaicing, sharpening or up-sampling).
 *   - FACE-PA (not switched on): the facial analysis's presentation-attack indicator (a face's
 *     liveness score under 0.5) may join as an indicator of photo_of_photo, alone never a tag,
 *     only while its false-positive rate on real photos is at most 1% and it finds photographed
 *     screens or prints. `npm run eval:facial-attribute-analysis` measures both
 *     (faces.pa_photo_false_positive and faces.pa_true_positive on its accuracy card): 4 of 756
 *     real photos flagged (0.5%, within the bar), but 0 of the 4 faces shown on a screen, so it
 *     would add no evidence of a recapture and no face model runs here.
 *
 * is_real is false exactly when a fail tag is present. verdict: ai_generated when a signed or
 * declared rule gives that tag, else edited, else likely_ai_generated (PIXEL alone), else
 * recaptured (photo_of_photo), else camera_original when an intact C2PA manifest declares a
 * digitalCapture (signed provenance: the only evidence for "captured by a camera"), else
 * declared_camera when the unsigned camera EXIF is consistent (CAMERA rule below; anyone can
 * write EXIF, so it is weak evidence), else inconclusive.
 * - CAMERA: EXIF names a make and model, the capture time and at least two of exposure time,
 *   f-number and ISO, and the EXIF thumbnail (when present) has the image's aspect ratio.
 */
import type { C2paEvidence } from './c2pa';
import type { MetadataEvidence } from './metadata';
import type { MarkReading } from '../invisible-watermark';
import type { ElaEvidence } from './ela';
import type { MoireEvidence } from './moire';
import type { QuantisationEvidence } from './jpeg-tables';
import type { PixelSignal } from './pixel-signal';
import type { VERDICT_VALUES } from '../../../shared/schemas/photo-authenticity/analysis';

export const FAIL_TAGS = ['ai_generated', 'edited', 'photo_of_photo'] as const;
export type FailTag = (typeof FAIL_TAGS)[number];

export type Verdict = (typeof VERDICT_VALUES)[number];

/**
 * Strong peaks finer than 3 px sit near the Nyquist limit, where demosaicing, sharpening and 2x
 * up-sampling put them; a moire beat between two grids falls lower. On the 484 real photos of
 * the shared ai-real set this cut takes strong peaks from 8 to 6 (1.7% -> 1.2%); the simulated
 * screen recapture (3.2 px) still counts.
 */
const MOIRE_MIN_PERIOD_PX = 3;

export interface Finding {
  /** The rule that fired (see module comment and the docs). */
  rule: string;
  tag: FailTag;
  /** The evidence in plain words. */
  explanation: string;
}

export interface CameraConsistency {
  present: boolean;
  consistent: boolean;
  /** What is missing or contradictory. */
  issues: string[];
}

const AI_DST = new Set(['trainedAlgorithmicMedia', 'compositeWithTrainedAlgorithmicMedia']);
const EDIT_DST = new Set([
  'compositeCapture',
  'compositeSynthetic',
  'humanEdits',
  'minorHumanEdits',
  'algorithmicallyEnhanced',
]);
const EDIT_ACTIONS = new Set([
  'c2pa.edited',
  'c2pa.edited.metadata',
  'c2pa.color_adjustments',
  'c2pa.cropped',
  'c2pa.filtered',
  'c2pa.drawing',
  'c2pa.placed',
  'c2pa.removed',
  'c2pa.resized',
  'c2pa.orientation',
  'c2pa.converted',
]);

/** The CAMERA rule (see module comment). */
export function cameraConsistency(meta: MetadataEvidence, width: number, height: number): CameraConsistency {
  const c = meta.camera;
  const present = Boolean(c.make || c.model);
  const issues: string[] = [];
  if (!c.make) issues.push('no camera make');
  if (!c.model) issues.push('no camera model');
  if (!c.takenAt) issues.push('no capture time (DateTimeOriginal)');
  const exposure = [c.exposureTime, c.fNumber, c.iso].filter((v) => v !== undefined).length;
  if (exposure < 2) issues.push('fewer than two of exposure time, f-number and ISO');
  if (c.thumbnail) {
    const a = width / height;
    const t = c.thumbnail.width / c.thumbnail.height;
    if (Math.abs(a - t) / a > 0.05 && Math.abs(1 / a - t) / (1 / a) > 0.05) {
      issues.push(
        `EXIF thumbnail ${c.thumbnail.width}x${c.thumbnail.height} has a different aspect ratio from the ${width}x${height} image (cropped or replaced after capture)`,
      );
    }
  }
  return { present, consistent: present && issues.length === 0, issues };
}

export interface RuleInput {
  c2pa: C2paEvidence;
  metadata: MetadataEvidence;
  watermarks: MarkReading[];
  camera: CameraConsistency;
  quantisation?: QuantisationEvidence;
  ela: Pick<ElaEvidence, 'hotTileShare'>;
  moire: MoireEvidence;
  /** The pixel signal (its `rule_enabled` says whether its model may decide); absent where it was not run. */
  pixel?: { signal: PixelSignal };
}

export interface RuleOutcome {
  fail_tags: FailTag[];
  is_real: boolean;
  verdict: Verdict;
  findings: Finding[];
  /** Signals worth a look that decide nothing. */
  indicators: string[];
}

export function applyRules(e: RuleInput): RuleOutcome {
  const findings: Finding[] = [];
  const indicators: string[] = [];
  const c2paHolds = e.c2pa.status === 'present' && e.c2pa.validation !== 'invalid';

  if (c2paHolds && e.c2pa.digitalSourceType && AI_DST.has(e.c2pa.digitalSourceType)) {
    findings.push({
      rule: 'C2PA-AI',
      tag: 'ai_generated',
      explanation: `Its C2PA Content Credentials${e.c2pa.signer ? `, signed by ${e.c2pa.signer},` : ''} declare the image as ${e.c2pa.digitalSourceType} (made with a generative AI model)${e.c2pa.claimGenerator ? ` by ${e.c2pa.claimGenerator}` : ''}.`,
    });
  }
  if (e.metadata.digitalSourceType && AI_DST.has(e.metadata.digitalSourceType)) {
    findings.push({
      rule: 'META-DST',
      tag: 'ai_generated',
      explanation: `Its IPTC/XMP metadata declares the digital source type ${e.metadata.digitalSourceType} (made with a generative AI model).`,
    });
  }
  const aiFields = Object.entries(e.metadata.aiFields);
  if (aiFields.length > 0) {
    findings.push({
      rule: 'META-AI-FIELDS',
      tag: 'ai_generated',
      explanation: `Its IPTC AI fields name how it was generated: ${aiFields.map(([k, v]) => `${k} "${v.slice(0, 80)}"`).join(', ')}.`,
    });
  }
  if (e.metadata.declaredGenerators.length > 0) {
    findings.push({
      rule: 'META-GENERATOR',
      tag: 'ai_generated',
      explanation: `Its metadata names an image generator as the software that made it: ${e.metadata.declaredGenerators.join(', ')}.`,
    });
  }
  for (const g of e.metadata.pngGenerators) {
    findings.push({
      rule: 'PNG-PARAMS',
      tag: 'ai_generated',
      explanation: `Its PNG "${g.chunk}" text chunk holds ${g.generator} generation parameters: "${g.excerpt.slice(0, 120)}".`,
    });
  }
  for (const w of e.watermarks) {
    if (w.status === 'detected') {
      findings.push({
        rule: 'WATERMARK',
        tag: 'ai_generated',
        explanation: `It carries the invisible watermark of ${w.generator}: ${w.matchingBits} of ${w.totalBits} bits of the payload ${w.payload} decode from its pixels.`,
      });
    } else if (w.status === 'trace') {
      indicators.push(
        `A weak trace of the ${w.generator} watermark (${w.matchingBits} of ${w.totalBits} bits): too weak to decide anything.`,
      );
    }
  }

  const c2paCapture = c2paHolds && e.c2pa.digitalSourceType === 'digitalCapture';
  const px = e.pixel?.signal;
  if (e.pixel && px && px.score >= px.threshold) {
    const words = `Its pixels carry the high-frequency traces image generators leave: the pixel signal scores ${px.score} (threshold ${px.threshold}; about ${Math.round(px.calibrated_probability * 100)} in 100 images scoring this high were AI-generated at even odds in our tests)`;
    if (!px.rule_enabled) {
      indicators.push(
        `The pixel signal scores ${px.score}, at or above its threshold ${px.threshold}, but this model version did not reach the bar on held-out data (half of the AI images flagged at no more than 3 in 100 real photos), so it decides nothing.`,
      );
    } else if (c2paCapture) {
      indicators.push(
        `${words}, but its signed C2PA Content Credentials declare a camera capture, which wins.`,
      );
    } else {
      findings.push({
        rule: 'PIXEL',
        tag: 'ai_generated',
        explanation: `${words}. This is a statistical signal, not a declaration: about 2 in 100 real photos score this high too.`,
      });
    }
  }

  if (e.c2pa.status === 'present') {
    const edits = e.c2pa.actions.filter((a) => EDIT_ACTIONS.has(a.action));
    if (edits.length > 0 && c2paHolds) {
      findings.push({
        rule: 'C2PA-EDIT',
        tag: 'edited',
        explanation: `Its C2PA Content Credentials record editing: ${[...new Set(edits.map((a) => a.action + (a.softwareAgent ? ` (${a.softwareAgent})` : '')))].join(', ')}.`,
      });
    }
    if (e.c2pa.validation === 'invalid') {
      const mismatch = e.c2pa.validationErrors.filter((c) => /hash.*mismatch|mismatch.*hash/i.test(c));
      if (mismatch.length > 0) {
        findings.push({
          rule: 'C2PA-TAMPER',
          tag: 'edited',
          explanation: `Its C2PA Content Credentials no longer match the image (${mismatch.join(', ')}): the pixels or file changed after signing.`,
        });
      } else {
        indicators.push(
          `Its C2PA manifest does not validate (${e.c2pa.validationErrors.join(', ') || 'invalid'}); nothing it declares is relied on.`,
        );
      }
    }
  } else if (e.c2pa.status === 'unreadable') {
    indicators.push(
      'It carries a C2PA manifest store that cannot be read (damaged or truncated); nothing it declares is relied on.',
    );
  }
  if (e.metadata.digitalSourceType && EDIT_DST.has(e.metadata.digitalSourceType)) {
    findings.push({
      rule: 'META-DST-EDIT',
      tag: 'edited',
      explanation: `Its IPTC/XMP metadata declares the digital source type ${e.metadata.digitalSourceType} (edited or composited).`,
    });
  }
  if (e.metadata.editors.length > 0) {
    findings.push({
      rule: 'META-EDITOR',
      tag: 'edited',
      explanation: `Its metadata names editing software: ${e.metadata.editors.join(', ')}${
        e.metadata.history.length
          ? ` (XMP history: ${e.metadata.history
              .map((h) => `${h.action}${h.softwareAgent ? ` with ${h.softwareAgent}` : ''}`)
              .slice(0, 5)
              .join('; ')})`
          : ''
      }.`,
    });
  }

  if (e.moire.level === 'strong' && e.moire.peakPeriodPx >= MOIRE_MIN_PERIOD_PX) {
    findings.push({
      rule: 'MOIRE',
      tag: 'photo_of_photo',
      explanation: `Its spectrum has strong periodic peaks (${e.moire.peakProminenceDb} dB above the surrounding frequencies, period ${e.moire.peakPeriodPx} px): the moire typical of a photo taken of a screen or a print.`,
    });
  } else if (e.moire.level !== 'none') {
    indicators.push(
      `Periodic peaks in the spectrum (${e.moire.peakProminenceDb} dB, period ${e.moire.peakPeriodPx} px): fine regular texture, up-sampling or a faint screen pattern; not enough for a recapture.`,
    );
  }

  if (e.quantisation) {
    if (e.quantisation.standardTables && e.camera.present) {
      indicators.push(
        `Its JPEG tables are the standard libjpeg tables at quality ${e.quantisation.quality}, which software encoders write: with camera EXIF present this suggests a re-save after capture (some phones use these tables too).`,
      );
    }
  }
  if (e.ela.hotTileShare > 0.02) {
    indicators.push(
      `Error level analysis shows ${Math.round(e.ela.hotTileShare * 100)}% of the image re-compressing much more than the rest: look at the heatmap for pasted or retouched regions (edges and fine texture light up too).`,
    );
  }
  if (e.camera.present && !e.camera.consistent) {
    indicators.push(`Camera EXIF is incomplete or inconsistent: ${e.camera.issues.join('; ')}.`);
  } else if (e.camera.consistent && !c2paCapture) {
    indicators.push(
      'It declares consistent camera metadata (EXIF make, model, capture time, exposure), unsigned: anyone can write EXIF, so this is weak evidence of a camera capture.',
    );
  }
  if (!e.metadata.hasMetadata && e.c2pa.status === 'absent') {
    indicators.push(
      'The file carries no metadata at all (stripped, as most sites and messengers do): that proves nothing either way.',
    );
  }

  const fail_tags = FAIL_TAGS.filter((t) => findings.some((f) => f.tag === t));
  const declaredAi = findings.some((f) => f.tag === 'ai_generated' && f.rule !== 'PIXEL');
  const verdict: Verdict = declaredAi
    ? 'ai_generated'
    : fail_tags.includes('edited')
      ? 'edited'
      : fail_tags.includes('ai_generated')
        ? 'likely_ai_generated'
        : fail_tags.includes('photo_of_photo')
          ? 'recaptured'
          : c2paCapture
            ? 'camera_original'
            : e.camera.consistent
              ? 'declared_camera'
              : 'inconclusive';
  return { fail_tags, is_real: fail_tags.length === 0, verdict, findings, indicators };
}
