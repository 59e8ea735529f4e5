/**
 * "Copy as curl" for a logged call: the URL, `Authorization: Bearer $OPTIQ_API_KEY` (the key
 * itself is never logged), the replayable headers and the body: JSON with `--data-raw`, a form's
 * text fields with `--form-string` and its files with `-F field=@filename`.
 */
import type { LoggedRequest } from '../../shared/schemas/request-log';

/** One shell word in single quotes. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The canonical spelling of a logged (lower-case) header name. */
const headerName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());

/** A file name safe to put after `@` (no path, no quotes or separators curl would read). */
const fileName = (name: string) => name.replace(/[^\w.-]+/g, '_') || 'upload.bin';

export function curlCommand(
  entry: Pick<LoggedRequest, 'method' | 'path' | 'request'>,
  origin: string,
): string {
  const parts = [
    `curl${entry.method === 'GET' ? '' : ` -X ${entry.method}`} ${shellQuote(origin + entry.path)}`,
    `-H "Authorization: Bearer $OPTIQ_API_KEY"`,
  ];
  for (const [name, value] of Object.entries(entry.request.headers))
    parts.push(`-H ${shellQuote(`${headerName(name)}: ${value}`)}`);
  const { kind, body, uploads } = entry.request;
  if (kind === 'json' && body !== null) {
    parts.push(`-H 'Content-Type: application/json'`, `--data-raw ${shellQuote(body)}`);
  } else if (kind === 'multipart') {
    let fields: Record<string, unknown> = {};
    try {
      fields = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    } catch {
      fields = {};
    }
    for (const [name, value] of Object.entries(fields))
      parts.push(`--form-string ${shellQuote(`${name}=${String(value)}`)}`);
    for (const u of uploads)
      parts.push(`-F ${shellQuote(`${u.field}=@${fileName(u.filename)}${u.type ? `;type=${u.type}` : ''}`)}`);
  } else if (kind === 'other') {
    for (const u of uploads)
      parts.push(
        `-H ${shellQuote(`Content-Type: ${u.type}`)}`,
        `--data-binary ${shellQuote(`@${fileName(u.filename)}`)}`,
      );
  }
  return parts.join(' \\\n  ');
}
