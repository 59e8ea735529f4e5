import { describe, expect, it } from 'vitest';
import { validateContact } from './contact-form';

describe('contact form validation', () => {
  it('uses the shared schema: required fields and a valid email', () => {
    const result = validateContact({ name: ' ', email: 'nope', message: '', pageName: 'Home' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toEqual({
        name: ['Please enter your name'],
        email: ['Please enter a valid email address'],
        message: ['Please tell us how we can help'],
      });
    }
  });

  it("never shows the validator's own wording", () => {
    for (const values of [
      { name: '', email: '', message: '', pageName: '' },
      {
        name: 'x'.repeat(101),
        email: `${'a'.repeat(250)}@x.io`,
        message: 'x'.repeat(5001),
        pageName: 'p'.repeat(101),
      },
    ]) {
      const result = validateContact(values);
      expect(result.ok).toBe(false);
      const messages = result.ok ? [] : Object.values(result.errors).flat();
      expect(messages.length).toBeGreaterThanOrEqual(4);
      for (const m of messages) expect(m).not.toMatch(/String must|Invalid|Required|Expected/);
    }
  });

  it('trims a valid request', () => {
    const result = validateContact({
      name: ' Ada ',
      email: ' ada@example.com ',
      message: ' Hi ',
      pageName: 'Pricing',
    });
    expect(result).toEqual({
      ok: true,
      data: { name: 'Ada', email: 'ada@example.com', message: 'Hi', pageName: 'Pricing' },
    });
  });
});
