// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { csp } from './src/integrations/csp';
import { pagefindIndex } from './src/integrations/pagefind';
import { sitemap } from './src/integrations/sitemap';
import { siteOriginFromEnv } from './src/shared/site-origin';

/**
 * Public origin used for canonical URLs, Open Graph, the sitemap, and as the base URL of the API
 * in every code sample (the API lives on the same origin under /api/).
 */
const site = siteOriginFromEnv();

export default defineConfig({
  site,
  // `/pricing` is served from `pricing.html`, so no page answers with a trailing-slash redirect.
  trailingSlash: 'never',
  build: { format: 'file' },
  // csp() writes dist/_headers with the hashes of the inline scripts (no 'unsafe-inline').
  integrations: [react(), sitemap(), csp(), pagefindIndex()],
  markdown: {
    shikiConfig: { theme: 'github-dark-default' },
  },
  vite: {
    plugins: [tailwindcss()],
    environments: {
      // The scripts every page runs (header, overlay triggers, tabs, copy buttons, the sample
      // language, the sign-in return path and the loader of lazy dialogs) go out as one chunk,
      // not eight: each request before the first paint costs a round trip on a slow connection
      // (Lighthouse's mobile first paint fell from 1.2-1.5 s to 1.1-1.3 s when the header's went
      // in; the docs pages', which loaded three more, from 1.2-1.4 s to 1.1-1.3 s).
      client: {
        build: {
          rollupOptions: {
            output: {
              manualChunks(id) {
                const everyPage =
                  /\/src\/(lib\/(nav|tabs)|scripts\/(overlay|code-copy|code-lang|docs-tabs)|islands\/account\/next-path)\.ts$/.test(
                    id,
                  ) || id.includes('preload-helper');
                return everyPage ? 'site' : undefined;
              },
            },
          },
        },
      },
    },
  },
});
