import { describe, expect, it, vi } from 'vitest';
import { databaseUnavailableError, DatabaseTimeoutError, isDatabaseUnavailable } from './unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

/** What Node's WebSocket dispatches when a connection fails: an event, not an Error. */
function webSocketErrorEvent(): Event {
  const event = new Event('error');
  Object.defineProperty(event, 'message', { value: 'Received network error or non-101 status code.' });
  return event;
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', withCode('ECONNRESET')],
    ['admin shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown', withCode('57P02')],
    ['starting up', withCode('57P03', 'the database system is starting up')],
    ['statement timeout', withCode('57014', 'canceling statement due to statement timeout')],
    ['too many connections', withCode('53300')],
    ['connection exception class 08', withCode('08006')],
    ['terminated by the driver', new Error('Connection terminated unexpectedly')],
    ['pool wait timeout', new Error('timeout exceeded when trying to connect')],
    ['broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['client-side query timeout', new DatabaseTimeoutError(100)],
    [
      'refused on every address',
      Object.assign(new AggregateError([withCode('ECONNREFUSED')]), { code: undefined }),
    ],
    ['wrapped', new Error('save failed', { cause: withCode('57P01') })],
    // Neon's driver rejects with the WebSocket's own error event when the socket cannot open or fails.
    ['a failed WebSocket (Neon)', webSocketErrorEvent()],
    [
      'no WebSocket at all (Neon)',
      new Error('All attempts to open a WebSocket to connect to the database failed. Details: x'),
    ],
  ])('recognises %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a bug', new TypeError('x is not a function')],
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', withCode('42601')],
    ['a non-error', 'ECONNREFUSED'],
    ['an event of another type', new Event('message')],
    ['an error-shaped object that is no event', { type: 'error', message: 'x' }],
    ['nothing', undefined],
  ])('leaves %s alone', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('databaseUnavailableError', () => {
  it('is a 503 with Retry-After that does not echo the cause', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = databaseUnavailableError(withCode('ECONNREFUSED', 'connect ECONNREFUSED 10.1.2.3:5432'));
    spy.mockRestore();
    expect(error).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      headers: { 'Retry-After': '5' },
    });
    expect(error?.message).not.toContain('10.1.2.3');
    expect(JSON.stringify(error?.details)).not.toContain('10.1.2.3');
    expect(databaseUnavailableError(new Error('bug'))).toBeNull();
  });
});
