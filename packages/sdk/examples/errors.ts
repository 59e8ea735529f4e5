/**
 * Errors: every failure answers the documented error body. `error` holds it typed, or `unwrap`
 * throws it as an OptiqError with its code, message, details and request id.
 * Run: OPTIQ_API_KEY=... npx tsx packages/sdk/examples/errors.ts
 */
import { createOptiqClient, OptiqError, unwrap } from '@optiq/sdk';

const optiq = createOptiqClient({
  apiKey: process.env['OPTIQ_API_KEY'],
  baseUrl: process.env['OPTIQ_BASE_URL'],
});

// Without throwing: check `error`.
const { error, response } = await optiq.POST('/api/v1/detect', { body: { image_urls: [] } });
if (error) console.log(response.status, error.error.code, error.error.details);

// Throwing: catch an OptiqError and branch on its code.
try {
  unwrap(await optiq.POST('/api/v1/classify', { body: { image_url: 'https://example.com/missing.jpg' } }));
} catch (e) {
  if (!(e instanceof OptiqError)) throw e;
  if (e.code === 'QUOTA_EXCEEDED' || e.code === 'RATE_LIMITED') console.log('Slow down:', e.message);
  else console.log(e.status, e.code, e.message, `(request ${e.requestId})`);
}
