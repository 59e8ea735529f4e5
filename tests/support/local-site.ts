/**
 * The local runtime (`npm start`'s site handler: every real function, the real netlify.toml) on
 * a loopback port in the test's own process, over a project root with a stand-in `dist/` of the
 * few built pages the handler serves. The database is the process's (`setDb`, e.g. from
 * useVisionEnv). For clients that must reach the API over HTTP: other processes, real sockets.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listFunctionFiles, type FunctionModule } from '../../src/local/function-routes';
import { createLocalHttpServer } from '../../src/local/http-server';
import { createSiteHandler } from '../../src/local/site-handler';
import { FUNCTIONS_DIR } from './function-catalogue';

export interface LocalSite {
  port: number;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  stop(): Promise<void>;
}

export async function startLocalSite({ log }: { log?: (message: string) => void } = {}): Promise<LocalSite> {
  const root = mkdtempSync(join(tmpdir(), 'optiq-local-site-'));
  writeFileSync(
    join(root, 'netlify.toml'),
    readFileSync(join(import.meta.dirname, '../../netlify.toml'), 'utf8'),
  );
  const dist = join(root, 'dist');
  mkdirSync(dist, { recursive: true });
  for (const [name, text] of [
    ['index.html', 'Home'],
    ['404.html', '404 Page Not Found'],
    ['api-not-found.html', 'API Not Found'],
    ['use-case-not-found.html', 'Use Case Not Found'],
  ]) {
    writeFileSync(join(dist, name!), `<!doctype html><h1>${text}</h1>`);
  }
  const site = await createSiteHandler({
    projectRoot: root,
    functionFiles: listFunctionFiles(FUNCTIONS_DIR),
    loadModule: (file) => import(pathToFileURL(file).href) as Promise<FunctionModule>,
  });
  const server: Server = createLocalHttpServer((req, ip) => site.handle(req, ip), {
    origin: 'http://127.0.0.1',
    compress: true,
    ...(log ? { log } : {}),
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await site.stop();
    },
  };
}
