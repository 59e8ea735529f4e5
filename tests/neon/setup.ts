/**
 * Set-up of every file of `npm run test:neon`: a WebSocket-to-TCP proxy in front of the
 * PostgreSQL server of `TEST_DATABASE_URL`, and Neon's driver pointed at it, so the test
 * databases (`TEST_DB_DRIVER=neon`, see `tests/support/test-db.ts`) speak to a real server
 * the way production speaks to Neon: the PostgreSQL protocol inside a WebSocket.
 *
 * Production leaves `neonConfig` alone: `wss://<host>/v2`, password pipelining and no
 * PostgreSQL-level TLS (the WebSocket is TLS). Here the socket is plain `ws://` on loopback,
 * and the test server trusts loopback without a password, which password pipelining cannot
 * serve, so `pipelineConnect` is off.
 */
import { neonConfig } from '@neondatabase/serverless';
import { afterAll, beforeAll } from 'vitest';
import { startWsProxy, type WsProxy } from './ws-proxy';

const KEY = Symbol.for('optiq.neon-test-proxy');
type Holder = { [KEY]?: WsProxy | undefined };

/** The proxy of the running test file (started before its tests). */
export function neonTestProxy(): WsProxy {
  const proxy = (globalThis as Holder)[KEY];
  if (!proxy) throw new Error('the Neon test proxy starts in tests/neon/setup.ts');
  return proxy;
}

beforeAll(async () => {
  const url = process.env['TEST_DATABASE_URL']?.trim();
  if (!url)
    throw new Error(
      'npm run test:neon needs TEST_DATABASE_URL: eval "$(bash scripts/ci/pg-test-cluster.sh start)" first',
    );
  if (process.env['TEST_DB_DRIVER'] !== 'neon')
    throw new Error('npm run test:neon runs with TEST_DB_DRIVER=neon (vitest.neon.config.ts)');
  const { hostname, port } = new URL(url);
  const proxy = await startWsProxy({ allow: [`${hostname}:${port || '5432'}`] });
  (globalThis as Holder)[KEY] = proxy;
  neonConfig.wsProxy = (host, targetPort) => `127.0.0.1:${proxy.port}/v2?address=${host}:${targetPort}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineConnect = false;
});

afterAll(async () => {
  const proxy = (globalThis as Holder)[KEY];
  (globalThis as Holder)[KEY] = undefined;
  await proxy?.stop();
  // Every file of this suite is here to run on Neon's driver: one that never opened a
  // connection through the proxy ran on something else, and proves nothing.
  if (proxy && proxy.opened === 0) throw new Error("no connection went through Neon's driver in this file");
});
