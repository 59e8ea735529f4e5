/**
 * Code samples of one reference operation in curl, JavaScript (fetch) and Python (requests),
 * generated from its method, path and example request. JSON bodies are sent as JSON,
 * multipart operations as form fields; keyed operations read the key from the `OPTIQ_API_KEY`
 * environment variable, as the overview's samples do (the code-sample check sets a test key and
 * sends every curl sample of the built site; the docs' key picker writes a signed-in reader's key
 * in their place).
 */
import { API_KEY_READS, type CodeSamples } from '../snippets';
import type { OperationDoc } from './reference';

const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
const shellWord = (value: string) => (/^[\w:/.@%+=,-]+$/.test(value) ? value : shellQuote(value));

function pythonLiteral(value: unknown, depth: number): string {
  const pad = '    '.repeat(depth + 1);
  const end = '    '.repeat(depth);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string' || typeof value === 'number') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((v) => pythonLiteral(v, depth + 1));
    if (value.every((v) => typeof v !== 'object' || v === null) && items.join(', ').length <= 60)
      return `[${items.join(', ')}]`;
    return `[\n${items.map((i) => `${pad}${i},`).join('\n')}\n${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${pythonLiteral(v, depth + 1)},`).join('\n')}\n${end}}`;
}

const indentJson = (value: unknown, by: string) => JSON.stringify(value, null, 2).replaceAll('\n', `\n${by}`);

/** Form fields of a multipart example: strings as they are, anything else as JSON. */
function formFields(example: Record<string, unknown> | undefined): [string, string][] {
  return Object.entries(example ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]);
}

/** The URL of an operation on `origin`, path parameters filled from `pathValues`. */
export function operationUrl(
  op: Pick<OperationDoc, 'path'>,
  origin: string,
  pathValues: Record<string, string> = {},
): string {
  return (
    origin +
    op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
      encodeURIComponent(pathValues[name] ?? `YOUR_${name.toUpperCase()}`),
    )
  );
}

/** The same call in every sample language. */
export function operationSamples(op: OperationDoc, origin: string): CodeSamples {
  const url = operationUrl(op, origin);
  const keyed = op.auth === 'apiKey';
  const multipart = op.bodyType === 'multipart/form-data';
  const body = op.requestExample;
  const hasBody = body !== undefined && op.bodyType !== undefined;

  // curl
  const curl = [`curl -X ${op.method} ${shellWord(url)}`];
  if (keyed) curl.push(`-H "Authorization: Bearer ${API_KEY_READS.curl}"`);
  if (hasBody && multipart) for (const [k, v] of formFields(body)) curl.push(`-F ${shellQuote(`${k}=${v}`)}`);
  else if (hasBody) {
    curl.push('-H "Content-Type: application/json"');
    curl.push(`-d ${shellQuote(indentJson(body, '  '))}`);
  }

  // JavaScript
  const js: string[] = [];
  const headers: string[] = [];
  if (keyed) headers.push(`    Authorization: \`Bearer ${API_KEY_READS.javascript}\`,`);
  if (hasBody && multipart) {
    js.push('const form = new FormData();');
    for (const [k, v] of formFields(body))
      js.push(`form.append(${JSON.stringify(k)}, ${JSON.stringify(v)});`);
    js.push("// To upload a file instead of a URL: form.append('file', fileInput.files[0]);", '');
  } else if (hasBody) headers.push(`    'Content-Type': 'application/json',`);
  js.push(`const response = await fetch(${JSON.stringify(url)}, {`, `  method: '${op.method}',`);
  if (headers.length > 0) js.push('  headers: {', ...headers, '  },');
  if (hasBody) js.push(multipart ? '  body: form,' : `  body: JSON.stringify(${indentJson(body, '  ')}),`);
  js.push(
    '});',
    'const data = await response.json();',
    'if (!response.ok) throw new Error(`${response.status} ${data.error?.code}: ${data.error?.message}`);',
    'console.log(data);',
  );

  // Python
  const py = [
    ...(keyed ? ['import os', ''] : []),
    'import requests',
    '',
    `response = requests.${op.method.toLowerCase()}(`,
    `    ${JSON.stringify(url)},`,
  ];
  if (keyed) py.push(`    headers={"Authorization": f"Bearer ${API_KEY_READS.python}"},`);
  if (hasBody && multipart) {
    py.push(`    data=${pythonLiteral(Object.fromEntries(formFields(body)), 1)},`);
    py.push('    # To upload a file instead of a URL: files={"file": open("photo.jpg", "rb")},');
  } else if (hasBody) py.push(`    json=${pythonLiteral(body, 1)},`);
  py.push('    timeout=60,', ')', 'response.raise_for_status()', 'print(response.json())');

  return { curl: curl.join(' \\\n  '), javascript: js.join('\n'), python: py.join('\n') };
}
