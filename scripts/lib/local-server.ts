import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running `npm start` runtime for scripts that measure the site. */
export interface LocalServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the local runtime (built site + functions, fresh embedded database) on `port`
 * without rebuilding, and resolves once it answers.
 */
export async function startLocalServer(port: number, env: Record<string, string> = {}): Promise<LocalServer> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn('npx', ['tsx', 'scripts/run/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      SKIP_BUILD: '1',
      PGLITE_DIR: mkdtempSync(join(tmpdir(), 'optiq-measure-')),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`local server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('local server did not start within 120 s');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { url, process: child, stop };
}
