import { describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD as SERVER_HONEYPOT } from '../../server/contacts/honeypot';
import { HONEYPOT_FIELD, validateContact } from './contact-form';

describe('contact form validation', () => {
  it('uses the shared schema: required fields and a valid email', () => {
    const result = validateContact({ name: ' ', email: 'nope', message: '', pageName: 'Home' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).sort()).toEqual(['email', 'message', 'name']);
      expect(result.errors.email).toEqual(['Invalid email']);
    }
  });

  it('trims a valid request', () => {
    const result = validateContact({ name: ' Ada ', email: ' ada@example.com ', message: ' Hi ', pageName: 'Pricing' });
    expect(result).toEqual({ ok: true, data: { name: 'Ada', email: 'ada@example.com', message: 'Hi', pageName: 'Pricing' } });
  });

  it('names the honeypot like the server does', () => {
    expect(HONEYPOT_FIELD).toBe(SERVER_HONEYPOT);
  });
});
