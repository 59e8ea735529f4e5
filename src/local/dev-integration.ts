/**
 * Dev-server integration (`npm run dev`): starts the same local runtime as `npm start`
 * (runtime.ts: database migrated and seeded, batch worker, retention timers), then answers
 * function routes from `functions/` inside Vite's dev server through the same dispatcher
 * (dispatch.ts), with functions loaded through Vite so edits to a function or anything it
 * imports apply on the next request. Pages keep Astro's hot reload.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import { createFunctionDispatcher } from './dispatch';
import { listFunctionFiles, type FunctionModule } from './function-routes';
import { requestUrl, serveNodeRequest } from './node-http';
import { startLocalRuntime, type LocalRuntime } from './runtime';

export interface LocalFunctionsIntegration extends AstroIntegration {
  /** Waits for work left running after responses, stops the background work and closes the database. */
  stop(): Promise<void>;
}

export function localFunctions({ root }: { root: string }): LocalFunctionsIntegration {
  let runtime: LocalRuntime | undefined;
  let flush: () => Promise<void> = async () => {};
  return {
    name: 'optiq:local-functions',
    stop: async () => {
      await flush();
      await runtime?.stop();
    },
    hooks: {
      'astro:server:setup': async ({ server, logger }) => {
        runtime = await startLocalRuntime({ log: (message) => logger.info(message) });

        const dir = join(root, 'functions');
        const functions = await createFunctionDispatcher({
          listFiles: () => listFunctionFiles(dir),
          loadModule: (file) => server.ssrLoadModule(file) as Promise<FunctionModule>,
          reload: true,
        });
        flush = () => functions.flush();

        const handleApi = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
          const url = requestUrl(req.url, 'http://localhost');
          if (!url?.pathname.startsWith('/api/')) return next();
          void (async () => {
            const call = await functions.match(req.method ?? 'GET', url.pathname);
            if (!call) return next();
            const origin = `http://${req.headers.host ?? 'localhost'}`;
            // The same adapter as `npm start`: odd methods, bad targets, unread bodies and
            // unexpected errors all get the documented JSON answers.
            await serveNodeRequest(req, res, call, {
              origin,
              log: (message, error) =>
                logger.error(
                  `${message}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
                ),
            });
          })().catch((error: unknown) => {
            logger.error(
              `function failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
            );
            if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
            res.end(
              JSON.stringify({
                error: { code: 'INTERNAL_ERROR', message: 'Internal server error', details: null },
                request_id: crypto.randomUUID(),
              }),
            );
          });
        };
        // First in the chain: Astro's own dev middlewares decode the path and answer a malformed
        // one (`/api/apis/%ZZ`) with an HTML 500 before a function could answer its JSON 404.
        // Astro puts them at the front after this hook has run, so ours goes there once listening.
        const first = () => server.middlewares.stack.unshift({ route: '', handle: handleApi });
        if (server.httpServer) server.httpServer.once('listening', first);
        else first();
      },
    },
  };
}
