/**
 * `npm run ocr:models`: writes the OCR's models with ONNX Runtime's basic graph optimisations
 * applied into build/ocr-models/ (scripts/lib/ocr-models.ts), what the functions that read text
 * load on WebAssembly. Netlify's build command runs it before the functions are zipped; the
 * bundle test and `npm run bench:cold` run it before they zip. Does nothing when the files are
 * newer than the package's models.
 */
import { parseCli } from '../lib/cli';
import { writeOptimisedOcrModels } from '../lib/ocr-models';

parseCli('Usage: npm run ocr:models   (writes build/ocr-models/ unless up to date)', {});
const written = await writeOptimisedOcrModels();
console.log(written.length ? `wrote ${written.join(', ')}` : 'build/ocr-models/ is up to date');
