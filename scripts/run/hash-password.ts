/**
 * Prints an ADMIN_PASSWORD_HASH for a password read from stdin (piped) or typed at a prompt
 * that does not echo. The password never appears in argv, so it stays out of shell history
 * and the process list.
 *
 *   npm run admin:hash-password
 *   printf '%s' 'my password' | npm run --silent admin:hash-password
 */
import { stdin, stderr, stdout } from 'node:process';
import { hashPassword } from '../../src/server/auth/password';
import { passwordRefusal } from '../../src/server/auth/password-policy';
import { parseCli } from '../lib/cli';

parseCli(
  "Usage: npm run admin:hash-password   (or: printf '%s' 'my password' | npm run --silent admin:hash-password)",
  {},
);

/** Shortest password accepted: the admin list holds personal data. */
const MIN_LENGTH = 12;

async function readPiped(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.from(chunk as Uint8Array));
  // One trailing newline comes from `echo`; anything else is part of the password.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function prompt(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    stderr.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const done = (result: string | Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stderr.write('\n');
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (data: string) => {
      for (const ch of data) {
        if (ch === '\r' || ch === '\n') return done(value);
        if (ch === '\u0003') return done(new Error('Cancelled'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function main(): Promise<void> {
  let password: string;
  if (stdin.isTTY) {
    password = await prompt('Admin password: ');
    const again = await prompt('Repeat password: ');
    if (again !== password) throw new Error('The passwords do not match.');
  } else {
    password = await readPiped();
  }
  if (password.length < MIN_LENGTH) throw new Error(`Use at least ${MIN_LENGTH} characters.`);
  // The sign-up rule: nothing from the breached-password lists or an easy pattern.
  const weak = passwordRefusal(password, [process.env['ADMIN_USERNAME'] ?? 'admin']);
  if (weak) throw new Error(`${weak}.`);
  stdout.write(`${await hashPassword(password)}\n`);
  stderr.write("Set it as ADMIN_PASSWORD_HASH (in single quotes in a shell: the value contains '$').\n");
}

main().catch((error: unknown) => {
  stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
