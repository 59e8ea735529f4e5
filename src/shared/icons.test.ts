import { describe, expect, it } from 'vitest';
import { iconSchema } from './schemas/pages';
import { apiIcons } from './schemas/catalogue';
import { API_ICONS, ICONS, ICON_NAMES, industryIcon, resolveApiIcon } from './icons';

describe('icon names', () => {
  it('are exactly what the content schema accepts', () => {
    expect(iconSchema.options).toEqual(ICON_NAMES);
    for (const name of Object.keys(ICONS)) expect(iconSchema.safeParse(name).success).toBe(true);
    expect(iconSchema.safeParse('fa-eye').success).toBe(false);
  });

  it('draw every catalogue icon value', () => {
    expect(Object.keys(API_ICONS).sort()).toEqual([...apiIcons].sort());
    for (const name of Object.values(API_ICONS)) expect(ICONS[name]).toContain('<');
  });
});

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
    expect(resolveApiIcon('toString')).toBe('fa-eye');
  });
});

describe('industryIcon', () => {
  it('maps known industries regardless of case and spacing', () => {
    expect(industryIcon('Manufacturing')).toBe('factory');
    expect(industryIcon('E-commerce')).toBe('cart');
    expect(industryIcon('  real   ESTATE ')).toBe('home');
    expect(industryIcon('Security')).toBe('shield');
  });

  it('gives unknown industries the generic building', () => {
    expect(industryIcon('Smart Cities')).toBe('building');
    expect(industryIcon('toString')).toBe('building');
  });
});
