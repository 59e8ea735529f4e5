/**
 * The photo-validation result of the demo page, built from
 * the real analysis. check_type chooses which rules count:
 * - comprehensive: every rule;
 * - ai_detection: the ai_generated rules (C2PA, declared metadata, PNG parameters, watermark);
 * - manipulation: the edited and photo_of_photo rules, with ELA and the JPEG tables shown;
 * - deepfake: no learned deepfake or face-swap model exists here; it counts the people in the
 *   photo with the COCO detector and applies the provenance rules (ai_generated, edited).
 *
 * authenticity_score = clamp(0.5 + 0.5 * intact C2PA capture + 0.15 * declared camera EXIF
 *   - 0.45 * declared ai_generated - 0.3 * pixel-only ai_generated - 0.3 * edited
 *   - 0.3 * photo_of_photo, 0, 1), over the tags that count for the check type. 0.5 means "no
 *   evidence either way", not "half real"; unsigned EXIF (anyone can write it) adds at most 0.15.
 */
import type { AuthenticityReport } from './analyze';
import type { FailTag, Finding } from './rules';

export const CHECK_TYPES = ['comprehensive', 'ai_detection', 'manipulation', 'deepfake'] as const;
export type CheckType = (typeof CHECK_TYPES)[number];

const COUNTS: Record<CheckType, readonly FailTag[]> = {
  comprehensive: ['ai_generated', 'edited', 'photo_of_photo'],
  ai_detection: ['ai_generated'],
  manipulation: ['edited', 'photo_of_photo'],
  deepfake: ['ai_generated', 'edited'],
};

/** Strength of the evidence a rule gives (how hard it is to produce by accident). */
const RULE_CONFIDENCE: Record<string, number> = {
  'C2PA-AI': 0.99,
  'C2PA-EDIT': 0.99,
  'C2PA-TAMPER': 0.95,
  'PNG-PARAMS': 0.95,
  'META-DST': 0.9,
  'META-AI-FIELDS': 0.9,
  'META-GENERATOR': 0.85,
  'META-DST-EDIT': 0.9,
  'META-EDITOR': 0.8,
  MOIRE: 0.7,
};

/** The weight unsigned, consistent camera EXIF adds to authenticity_score (capped: anyone can write EXIF). */
const DECLARED_CAMERA_WEIGHT = 0.15;

const confidenceOf = (findings: Finding[], report: AuthenticityReport): number =>
  Math.max(
    0,
    ...findings.map((f) =>
      f.rule === 'WATERMARK'
        ? Math.max(...report.evidence.watermark.marks.map((m) => m.match))
        : f.rule === 'PIXEL'
          ? report.pixel_signal.calibrated_probability
          : (RULE_CONFIDENCE[f.rule] ?? 0.8),
    ),
  );

export interface PhotoValidationResult {
  image_url: string;
  is_authentic: boolean;
  authenticity_score: number;
  check_type: CheckType;
  verdict: AuthenticityReport['verdict'];
  fail_tags: FailTag[];
  pixel_signal: AuthenticityReport['pixel_signal'];
  analysis: {
    ai_generated: { detected: boolean; confidence: number; indicators: string[] };
    manipulation_detected: { detected: boolean; confidence: number; types: string[] };
    photo_of_photo?: { detected: boolean; confidence: number; indicators: string[] };
    specific_issues: string[];
    metadata_analysis: {
      camera_info_present: boolean;
      gps_data: boolean;
      edit_history: string[];
      creation_date: string | null;
    };
    people?: { count: number; method: string; note: string };
  };
  evidence: AuthenticityReport['evidence'];
  indicators: string[];
  processing_time: number;
  request_id: string;
}

export function photoValidation(
  report: AuthenticityReport,
  input: { imageUrl: string; checkType: CheckType; seconds: number; requestId: string; people?: number },
): PhotoValidationResult {
  const counted = COUNTS[input.checkType];
  const findings = report.findings.filter((f) => counted.includes(f.tag));
  const tags = new Set(findings.map((f) => f.tag));
  const by = (tag: FailTag) => findings.filter((f) => f.tag === tag);
  const c2pa = report.evidence.c2pa;
  const intactCapture =
    c2pa.status === 'present' && c2pa.validation !== 'invalid' && c2pa.digitalSourceType === 'digitalCapture';
  const declaredCamera = tags.size === 0 && !intactCapture && report.evidence.signals.camera_exif.consistent;
  const aiFindings = by('ai_generated');
  const pixelOnly = aiFindings.length > 0 && aiFindings.every((f) => f.rule === 'PIXEL');
  const raw =
    0.5 +
    (tags.size === 0 && intactCapture ? 0.5 : 0) +
    (declaredCamera ? DECLARED_CAMERA_WEIGHT : 0) -
    (tags.has('ai_generated') ? (pixelOnly ? 0.3 : 0.45) : 0) -
    (tags.has('edited') ? 0.3 : 0) -
    (tags.has('photo_of_photo') ? 0.3 : 0);
  const meta = report.evidence.metadata;
  const editHistory = [
    ...meta.history.map(
      (h) => `${h.action}${h.softwareAgent ? ` with ${h.softwareAgent}` : ''}${h.when ? ` (${h.when})` : ''}`,
    ),
    ...c2pa.actions
      .filter((a) => a.action !== 'c2pa.created')
      .map((a) => `${a.action}${a.softwareAgent ? ` with ${a.softwareAgent}` : ''} (C2PA)`),
    ...(meta.software && meta.history.length === 0 ? [`saved with ${meta.software}`] : []),
  ];
  const verdict = tags.has('ai_generated')
    ? pixelOnly && !tags.has('edited')
      ? 'likely_ai_generated'
      : pixelOnly
        ? 'edited'
        : 'ai_generated'
    : tags.has('edited')
      ? 'edited'
      : tags.has('photo_of_photo')
        ? 'recaptured'
        : intactCapture
          ? 'camera_original'
          : declaredCamera
            ? 'declared_camera'
            : 'inconclusive';
  const analysis: PhotoValidationResult['analysis'] = {
    ai_generated: {
      detected: tags.has('ai_generated'),
      confidence: confidenceOf(by('ai_generated'), report),
      indicators: by('ai_generated').map((f) => f.explanation),
    },
    manipulation_detected: {
      detected: tags.has('edited'),
      confidence: confidenceOf(by('edited'), report),
      types: [
        ...new Set(
          by('edited').map((f) =>
            f.rule.startsWith('C2PA')
              ? 'recorded edits (C2PA)'
              : f.rule === 'META-DST-EDIT'
                ? 'declared composite or edit'
                : 'editing software',
          ),
        ),
      ],
    },
    specific_issues: [...findings.map((f) => f.explanation), ...report.indicators],
    metadata_analysis: {
      camera_info_present: report.evidence.signals.camera_exif.present,
      gps_data: meta.gps,
      edit_history: editHistory,
      creation_date: meta.camera.takenAt ?? null,
    },
  };
  if (counted.includes('photo_of_photo')) {
    const rec = report.evidence.signals.recapture;
    analysis.photo_of_photo = {
      detected: tags.has('photo_of_photo'),
      confidence: tags.has('photo_of_photo') ? RULE_CONFIDENCE['MOIRE']! : 0,
      indicators: [
        `strongest periodic spectral peak ${rec.peakProminenceDb} dB (strong from 30 dB), period ${rec.peakPeriodPx} px`,
      ],
    };
  }
  if (input.checkType === 'deepfake') {
    analysis.people = {
      count: input.people ?? 0,
      method: 'CenterNet COCO "person" detections (score >= 0.3)',
      note: 'No learned deepfake or face-swap model is run: a manipulated face is only caught through provenance (C2PA, metadata, generator watermark).',
    };
  }
  return {
    image_url: input.imageUrl,
    is_authentic: tags.size === 0,
    authenticity_score: Math.round(Math.min(1, Math.max(0, raw)) * 100) / 100,
    check_type: input.checkType,
    verdict,
    fail_tags: [...tags],
    pixel_signal: report.pixel_signal,
    analysis,
    evidence: report.evidence,
    indicators: report.indicators,
    processing_time: input.seconds,
    request_id: input.requestId,
  };
}
