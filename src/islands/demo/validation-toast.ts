import type { PhotoValidationResponse } from '../../shared/schemas/photo-authenticity/photo-validation';
import type { ToastInput } from '../overlay/types';

/** How the photo-validation demo names each verdict. */
export const VERDICT_LABEL: Record<PhotoValidationResponse['verdict'], string> = {
  ai_generated: 'AI-generated',
  likely_ai_generated: 'Likely AI-generated',
  edited: 'Edited',
  recaptured: 'Photo of a screen or print',
  camera_original: 'Camera original (signed)',
  declared_camera: 'Declared camera metadata',
  inconclusive: 'Inconclusive',
};

/** What each fail tag means, in words a toast can say. */
const TAG_EVIDENCE: Record<PhotoValidationResponse['fail_tags'][number], string> = {
  ai_generated: 'AI generation',
  edited: 'editing',
  photo_of_photo: 'a photo of a screen or print',
};

const listOf = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * The toast after a validation: what the rules found, in words, without saying the verdict twice
 * ("Edited: edited." was the old text for an edited photo).
 */
export function validationToast(
  body: Pick<PhotoValidationResponse, 'is_authentic' | 'verdict' | 'fail_tags'>,
): ToastInput {
  if (body.is_authentic || body.fail_tags.length === 0) {
    return {
      title: 'Validation Complete',
      description: `${VERDICT_LABEL[body.verdict]}: no rule found AI generation, editing or a recapture.`,
    };
  }
  const evidence = listOf([...new Set(body.fail_tags)].map((t) => TAG_EVIDENCE[t]));
  return {
    title: 'Suspicious Content Detected',
    description: `The rules found evidence of ${evidence}; each finding is listed with its reason.`,
    variant: 'destructive',
  };
}
