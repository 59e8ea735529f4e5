/**
 * Serves an embedded PGlite database over the PostgreSQL wire protocol on a loopback port
 * (`@electric-sql/pglite-socket`), so that several connections (the site's pool, the batch
 * queue's workers, a worker in another process) share it. PGlite itself is one single-user
 * backend: the socket server multiplexes the connections onto it and, while one connection is
 * inside a transaction, runs only that connection's statements, so transactions stay isolated.
 *
 * Every connection of a process must go through the server once it runs: a second, in-process
 * connection to the same PGlite would bypass that scheduling.
 */
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';

export interface PgliteServer {
  /** `postgres://` URL of the server (loopback, no TLS). */
  url: string;
  /** Stops the server and closes the database. */
  close: () => Promise<void>;
}

/** Opens PGlite in `dataDir` (`memory://` for a throwaway one) and serves it on 127.0.0.1. */
export async function servePglite(dataDir: string, { port = 0, maxConnections = 32 }: { port?: number; maxConnections?: number } = {}): Promise<PgliteServer> {
  const [{ PGlite }, { PGLiteSocketServer }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite-socket')]);
  if (!dataDir.includes('://')) mkdirSync(dirname(resolve(dataDir)), { recursive: true });
  const db = await PGlite.create(dataDir);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections });
  await server.start();
  const address = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${address.port}/postgres?sslmode=disable`,
    close: async () => {
      await server.stop();
      await db.close();
    },
  };
}
