/**
 * Detect the objects of a room photo given by URL.
 * Run: OPTIQ_API_KEY=... OPTIQ_BASE_URL=http://127.0.0.1:4321 npx tsx packages/sdk/examples/detect.ts
 */
import { createOptiqClient, unwrap } from '@optiq/sdk';

const optiq = createOptiqClient({
  apiKey: process.env['OPTIQ_API_KEY'],
  baseUrl: process.env['OPTIQ_BASE_URL'],
});
const origin = process.env['OPTIQ_BASE_URL'] ?? 'http://127.0.0.1:4321';

const result = unwrap(
  await optiq.POST('/api/v1/detect', {
    body: { image_urls: [`${origin}/images/samples/od-sitting-room.jpg`], category: 'living_room' },
  }),
);
for (const entry of result.detection_results) {
  if ('objects' in entry) {
    const seen = Object.entries(entry.objects).filter(([, found]) => found);
    console.log(entry.image_url, seen.map(([name]) => name).join(', ') || 'nothing of the list');
  } else {
    console.log(entry.image_url, 'failed:', entry.error.code);
  }
}
console.log('images counted:', result.usage.images);
