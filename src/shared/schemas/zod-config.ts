/**
 * Imported for its effect by every shared schema module. Zod compiles faster parsers with
 * `new Function` where it can, and probes for that on first parse; the site's Content Security
 * Policy forbids eval, so in the browser the probe alone is reported as a violation. Parsing
 * without the compiler is plenty fast for these small payloads, on the server too.
 */
import { z } from 'zod';

z.config({ jitless: true });
