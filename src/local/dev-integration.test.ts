import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getQueueConfig, setQueueConfig } from '../server/batch/queue';
import { getDb } from '../server/db';
import { localFunctions, type LocalFunctionsIntegration } from './dev-integration';

type Middleware = {
  route: string;
  handle: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
};

const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'optiq-dev-runtime-'));
const previousDir = process.env['PGLITE_DIR'];
let integration: LocalFunctionsIntegration;
let server: Server;
let origin: string;

beforeAll(async () => {
  process.env['PGLITE_DIR'] = dataDir;
  setQueueConfig(undefined);
  const stack: Middleware[] = [];
  // The parts of Vite's dev server the integration uses; modules load with Node's import().
  const vite = {
    ssrLoadModule: (file: string) => import(pathToFileURL(file).href),
    middlewares: { stack },
    httpServer: null,
  };
  const logger = { info: () => {}, warn: () => {}, error: (message: string) => console.error(message) };
  integration = localFunctions({ root });
  const setup = integration.hooks['astro:server:setup'] as unknown as (opts: {
    server: typeof vite;
    logger: typeof logger;
  }) => Promise<void>;
  await setup({ server: vite, logger });
  server = createServer((req, res) =>
    stack[0]!.handle(req, res, () => res.writeHead(404).end('not a function')),
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  server?.close();
  await integration?.stop();
  setQueueConfig(undefined);
  if (previousDir === undefined) delete process.env['PGLITE_DIR'];
  else process.env['PGLITE_DIR'] = previousDir;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run dev: the local runtime of npm start inside the dev server', () => {
  it('migrates and seeds the database, and serves embedded PGlite on a loopback port for the batch queue', async () => {
    const queue = getQueueConfig();
    expect(queue?.connectionString).toMatch(/^postgres(ql)?:\/\/[^@]*@?127\.0\.0\.1:\d+\//);
    const { rows } = await sql<{ n: string }>`select count(*) as n from apis`.execute(getDb());
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
  });

  it('runs the batch worker: the queue schema is installed by the worker it started', async () => {
    const { rows } = await sql<{
      installed: string | null;
    }>`select to_regclass(${`${getQueueConfig()!.schema}._private_jobs`}) as installed`.execute(getDb());
    expect(rows[0]!.installed).not.toBeNull();
  });

  it('answers function routes with the route parameters the dispatcher matched, and passes other paths on', async () => {
    const list = (await (await fetch(`${origin}/api/apis`)).json()) as { id: string }[];
    const first = list[0]!.id;
    const one = await fetch(`${origin}/api/apis/${encodeURIComponent(first)}`);
    expect(one.status).toBe(200);
    expect(((await one.json()) as { id: string }).id).toBe(first);
    const page = await fetch(`${origin}/docs`);
    expect(await page.text()).toBe('not a function');
  });
});
