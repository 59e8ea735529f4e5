import { describe, expect, it } from 'vitest';
import { industryIcon } from './industry-icon';

describe('industryIcon', () => {
  it('maps known industries regardless of case and spacing', () => {
    expect(industryIcon('Manufacturing')).toBe('factory');
    expect(industryIcon('E-commerce')).toBe('cart');
    expect(industryIcon('  real   ESTATE ')).toBe('home');
    expect(industryIcon('Security')).toBe('shield');
  });

  it('gives unknown industries the default icon', () => {
    expect(industryIcon('Smart Cities')).toBe('default');
    expect(industryIcon('toString')).toBe('default');
  });
});
