/**
 * A throwaway PostgreSQL server on loopback, for tests and benchmarks that must stop, restart
 * or freeze the database (which the shared test server of `scripts/ci/pg-test-cluster.sh` cannot
 * allow). Uses Debian's `postgresql` binaries; initdb refuses root, so as root the server runs
 * as the `postgres` system user. Trust auth: it listens on 127.0.0.1 only and lives briefly.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PgClusterOptions {
  /** Port to listen on; a free one when omitted. */
  port?: number | undefined;
  /**
   * `true`: fsync, synchronous_commit and full_page_writes on, as in production, so a commit
   * survives a restart. `false` (default): all off, for speed.
   */
  durable?: boolean | undefined;
}

export interface PgCluster {
  url: string;
  port: number;
  dataDir: string;
  /** Stops the server (`fast`: disconnects clients, like a restart's first half). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** `pg_ctl restart -m fast`. */
  restart(): Promise<void>;
  /** Process id of the postmaster (to freeze it with SIGSTOP). */
  postmasterPid(): number;
  /** Stops the server and deletes its files. */
  destroy(): Promise<void>;
}

/** The newest `/usr/lib/postgresql/<version>/bin`, or null when PostgreSQL is not installed. */
export function findPgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? join(root, newest, 'bin') : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts a fresh server in a new temporary folder. */
export async function startPgCluster(opts: PgClusterOptions = {}): Promise<PgCluster> {
  const bin = findPgBin();
  if (!bin)
    throw new Error(
      'PostgreSQL binaries not found under /usr/lib/postgresql/*/bin (apt-get install -y postgresql)',
    );
  const asRoot = process.getuid?.() === 0;
  const exec = (cmd: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]) : run(join(bin, cmd), args);

  const port = opts.port ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'optiq-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dataDir, Number(stdout.trim()), Number(gid.trim()));
  }
  await exec('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale']);

  const durability = opts.durable ? 'on' : 'off';
  const serverOptions = [
    '-c listen_addresses=127.0.0.1',
    `-p ${port}`,
    `-c unix_socket_directories=${dataDir}`,
    `-c fsync=${durability}`,
    `-c synchronous_commit=${durability}`,
    `-c full_page_writes=${durability}`,
    '-c max_connections=100',
  ].join(' ');
  const ctl = (...args: string[]) => exec('pg_ctl', ['-D', dataDir, '-w', '-t', '60', ...args]);

  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    stop: async (mode = 'fast') => {
      await ctl('-m', mode, 'stop');
    },
    start: async () => {
      await ctl('-l', join(dataDir, 'server.log'), '-o', serverOptions, 'start');
    },
    restart: async () => {
      await ctl('-m', 'fast', '-l', join(dataDir, 'server.log'), '-o', serverOptions, 'restart');
    },
    postmasterPid: () => Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]),
    destroy: async () => {
      await ctl('-m', 'immediate', 'stop').catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
