/**
 * Builds the Pagefind search index after `astro build`: only pages that mark their content with
 * `data-pagefind-body` (docs, API references, API and use-case pages) are indexed, so a search
 * for a parameter name such as `error_checks` finds the operation that takes it. The index and
 * Pagefind's UI land in `dist/pagefind/`; pages load them only when the visitor opens search
 * (src/scripts/search.ts).
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';

export function pagefindIndex(): AstroIntegration {
  return {
    name: 'optiq-pagefind',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
        if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
        try {
          const added = await index.addDirectory({ path: root });
          if (added.errors.length > 0) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
          const written = await index.writeFiles({ outputPath: join(root, 'pagefind') });
          if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
          logger.info(`Pagefind: ${added.page_count} pages indexed into pagefind/`);
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
