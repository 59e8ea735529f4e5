/**
 * npm scripts run in lanes side by side: the checks of one lane one after another, the lanes at
 * once. For CI's two cores, where a single-threaded step leaves the other core idle. Each check
 * runs to its end (one failure does not hide another); a check's output is held until it
 * finishes and printed as one block with its exit status and time, so the lanes' logs do not
 * interleave, except for a `live` check, whose output streams as it comes (a long browser suite
 * a person watches locally).
 */
import { spawn } from 'node:child_process';

/** An npm script of package.json, with extra arguments for it. */
export interface Check {
  script: string;
  args?: string[];
  env?: Record<string, string>;
  /** Streams its output instead of holding it (one live check per run, or they interleave). */
  live?: boolean;
}

/** Runs one check to its end in `cwd`; true when it passed. */
function run(check: Check, cwd: string): Promise<boolean> {
  const started = performance.now();
  return new Promise((done) => {
    const args = ['run', '--silent', check.script, ...(check.args ? ['--', ...check.args] : [])];
    const child = spawn('npm', args, {
      cwd,
      env: { ...process.env, ...(check.live ? {} : { FORCE_COLOR: '0' }), ...check.env },
      stdio: ['ignore', check.live ? 'inherit' : 'pipe', check.live ? 'inherit' : 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => output.push(b));
    child.stderr?.on('data', (b: Buffer) => output.push(b));
    const finish = (code: number | null, problem?: string) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString('utf8').trimEnd();
      const ok = code === 0 && !problem;
      console.log(
        `\n── ${check.script}: ${ok ? 'passed' : `FAILED (${problem ?? `exit ${code}`})`} in ${seconds} s ──${text ? `\n${text}` : ''}`,
      );
      done(ok);
    };
    child.on('error', (error) => finish(null, error.message));
    child.on('close', (code) => finish(code));
  });
}

/** Runs the lanes side by side; the number of checks that failed. */
export async function runLanes(lanes: readonly (readonly Check[])[], cwd: string): Promise<number> {
  const results = await Promise.all(
    lanes.map(async (lane) => {
      const passed: boolean[] = [];
      for (const check of lane) passed.push(await run(check, cwd));
      return passed;
    }),
  );
  return results.flat().filter((ok) => !ok).length;
}
