/**
 * Classify a local photo by uploading it (multipart): the room type, best label first.
 * Run: OPTIQ_API_KEY=... npx tsx packages/sdk/examples/upload.ts path/to/photo.jpg
 */
import { readFile } from 'node:fs/promises';
import { createOptiqClient, multipart, unwrap } from '@optiq/sdk';

const path = process.argv[2] ?? 'public/images/samples/od-coffee-cup.jpg';
const optiq = createOptiqClient({
  apiKey: process.env['OPTIQ_API_KEY'],
  baseUrl: process.env['OPTIQ_BASE_URL'],
});

const file = new Blob([await readFile(path)], { type: 'image/jpeg' });
const result = unwrap(
  await optiq.POST('/api/v1/classify', { body: { file, top_k: 3 }, bodySerializer: multipart }),
);
for (const { label, score } of result.labels) console.log(label, score);
