import { describe, expect, it } from 'vitest';
import { validationToast } from './validation-toast';

describe('validationToast', () => {
  it('never repeats the verdict as its own reason', () => {
    const toast = validationToast({ is_authentic: false, verdict: 'edited', fail_tags: ['edited'] });
    expect(toast.description).toBe(
      'The rules found evidence of editing; each finding is listed with its reason.',
    );
    expect(toast.description).not.toMatch(/edited/i);
    expect(toast.variant).toBe('destructive');
  });

  it('names every kind of evidence in words', () => {
    expect(
      validationToast({
        is_authentic: false,
        verdict: 'ai_generated',
        fail_tags: ['ai_generated', 'edited', 'photo_of_photo'],
      }).description,
    ).toBe(
      'The rules found evidence of AI generation, editing and a photo of a screen or print; each finding is listed with its reason.',
    );
  });

  it('says what a photo without evidence is', () => {
    expect(validationToast({ is_authentic: true, verdict: 'declared_camera', fail_tags: [] })).toEqual({
      title: 'Validation Complete',
      description: 'Declared camera metadata: no rule found AI generation, editing or a recapture.',
    });
  });
});
