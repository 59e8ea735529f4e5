/**
 * `npm run examples`: runs the real engine on the site's own sample images through the real
 * handlers (in-process, on a throwaway embedded database seeded from content/) and stores each
 * exchange in content/examples/<api>.json (one file per API: object-detection.json,
 * watermark-detection.json), with the origin replaced by `{{origin}}`.
 * Run it again when the samples, the engine or a contract change; the examples test fails until
 * the stored answers match what the handlers say.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { exampleFile, exampleRequests, runExample } from './lib/examples-run';

const files = new Map<string, Record<string, unknown>>();
for (const [name, spec] of Object.entries(exampleRequests)) {
  const answered = await runExample(spec);
  const file = exampleFile(spec.path);
  files.set(file, { ...files.get(file), [name]: answered });
  console.log(`${name}: ${spec.method} ${spec.path} -> ${answered.status}`);
}
for (const [file, results] of files) {
  const out = resolve(import.meta.dirname, '../content/examples', file);
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote ${out}`);
}
process.exit(0);
