/**
 * Dev-server integration (`npm run dev`): migrates and seeds the database, then answers function
 * routes from `functions/` inside Vite's dev server, loaded through Vite so edits to a function
 * or anything it imports apply on the next request. Pages keep Astro's hot reload.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import { describeResults, getDb, migrateToLatest, seed } from '../server/db';
import { findRoute, listFunctionFiles, routesOf, type FunctionModule } from '../server/local/function-routes';
import { requestUrl, serveNodeRequest } from '../server/local/node-http';

export function localFunctions({ root }: { root: string }): AstroIntegration {
  return {
    name: 'optiq:local-functions',
    hooks: {
      'astro:server:setup': async ({ server, logger }) => {
        const db = getDb();
        for (const line of describeResults(await migrateToLatest(db))) logger.info(`migration ${line}`);
        logger.info(`seeded ${JSON.stringify(await seed(db))}`);

        const dir = join(root, 'functions');
        const load = (file: string) => server.ssrLoadModule(file) as Promise<FunctionModule>;

        const handleApi = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
          const url = requestUrl(req.url, 'http://localhost');
          if (!url?.pathname.startsWith('/api/')) return next();
          void (async () => {
            // Routes are read on every API request, so a changed `config.path` applies at once.
            const modules = await Promise.all(listFunctionFiles(dir).map(async (f) => routesOf(f, await load(f))));
            const hit = findRoute(modules.flat(), req.method ?? 'GET', url.pathname);
            if (!hit) return next();
            const mod = await load(hit.route.file);
            const origin = `http://${req.headers.host ?? 'localhost'}`;
            // The same adapter as `npm start`: odd methods, bad targets, unread bodies and
            // unexpected errors all get the documented JSON answers.
            await serveNodeRequest(
              req,
              res,
              async (request, ip) => mod.default(request, { ip, params: hit.params, requestId: crypto.randomUUID() }),
              { origin, log: (message, error) => logger.error(`${message}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`) },
            );
          })().catch((error: unknown) => {
            logger.error(`function failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
            if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
            res.end(JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'Internal server error', details: null }, request_id: crypto.randomUUID() }));
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
