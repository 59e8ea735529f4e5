import { describe, expect, it } from 'vitest';
import { resolveApiIcon } from './api-icon';

describe('resolveApiIcon', () => {
  it('keeps the known icons', () => {
    expect(resolveApiIcon('fa-eye')).toBe('fa-eye');
    expect(resolveApiIcon('fa-brain')).toBe('fa-brain');
    expect(resolveApiIcon('fa-face-smile')).toBe('fa-face-smile');
  });

  it('falls back to the eye for anything else', () => {
    expect(resolveApiIcon('fa-rocket')).toBe('fa-eye');
    expect(resolveApiIcon('')).toBe('fa-eye');
    expect(resolveApiIcon(undefined)).toBe('fa-eye');
    expect(resolveApiIcon('FA-BRAIN')).toBe('fa-eye');
  });
});
