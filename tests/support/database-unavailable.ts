/**
 * What the database-fault tests (a restarted PostgreSQL server, a dropped Neon connection) send
 * and expect: a contact request, and the documented 503 that answers it while the database is away.
 */
import { expect } from 'vitest';
import contacts from '../../functions/contacts';
import { errorBodySchema } from '../../src/server/http/errors';

/** Sends one valid contact request straight to the function. */
export function postContact(message: string): Promise<Response> {
  const body = { name: 'Ada Lovelace', email: 'ada@example.com', message, pageName: 'Pricing' };
  return contacts(
    new Request('http://localhost/api/contacts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

/**
 * The documented 503: `Retry-After: 5`, the SERVICE_UNAVAILABLE body with its request id, and
 * none of `internals` (driver messages, addresses, engine names) in the text.
 */
export async function expectUnavailable(
  res: Response,
  internals: RegExp,
): Promise<ReturnType<typeof errorBodySchema.parse>> {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('5');
  const text = await res.text();
  expect(text).not.toMatch(internals);
  const body = errorBodySchema.parse(JSON.parse(text));
  expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
  expect(body.request_id).toBe(res.headers.get('x-request-id'));
  return body;
}
