/**
 * Code samples generated from one request description, so curl, JavaScript and Python always
 * send the same method, URL, headers and body (see snippets.test.ts, which runs all three).
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One documented call. */
export interface RequestSample {
  method: HttpMethod;
  /** Absolute URL, path parameters already filled with example values. */
  url: string;
  /** JSON body; omitted for calls without one (then no Content-Type is sent either). */
  body?: JsonValue;
}

/** Languages every sample is shown in, in tab order. */
export const sampleLangs = ['curl', 'javascript', 'python'] as const;
export type SampleLang = (typeof sampleLangs)[number];
export type CodeSamples = Record<SampleLang, string>;

/** Tab labels and the highlighter language of each sample language. */
export const sampleLangInfo: Record<
  SampleLang,
  { label: string; highlight: 'bash' | 'javascript' | 'python' }
> = {
  curl: { label: 'cURL', highlight: 'bash' },
  javascript: { label: 'JavaScript', highlight: 'javascript' },
  python: { label: 'Python', highlight: 'python' },
};

/** Environment variable the samples read the API key from, so keys never land in source files. */
export const API_KEY_ENV = 'OPTIQ_API_KEY';

/**
 * How each sample language reads the key, inside a string that takes the key's value in its
 * place: the shell's double-quoted header, a JavaScript template literal, a Python f-string. The
 * highlighter marks each (`data-api-key`) so the docs' key picker can write a reader's own key
 * there, and the quick start's export line marks `API_KEY_VALUE_PLACEHOLDER` the same way.
 */
export const API_KEY_READS = {
  curl: `$${API_KEY_ENV}`,
  javascript: `\${process.env.${API_KEY_ENV}}`,
  python: `{os.environ['${API_KEY_ENV}']}`,
} as const satisfies Record<SampleLang, string>;

/** The value the quick start's `export OPTIQ_API_KEY=...` line shows until a reader picks a key. */
export const API_KEY_VALUE_PLACEHOLDER = 'your-api-key';

const INDENT = '  ';

/** A curl command line; the body is single-quoted JSON so the shell passes it through untouched. */
export function curlSnippet({ method, url, body }: RequestSample): string {
  const lines = [
    method === 'GET' && body === undefined ? `curl ${shellWord(url)}` : `curl -X ${method} ${shellWord(url)}`,
  ];
  lines.push(`-H "Authorization: Bearer ${API_KEY_READS.curl}"`);
  if (body !== undefined) {
    lines.push(`-H "Content-Type: application/json"`);
    const json = JSON.stringify(body, null, 2).replaceAll('\n', `\n${INDENT}`);
    lines.push(`-d ${shellQuote(json)}`);
  }
  return lines.join(` \\\n${INDENT}`);
}

/** A fetch call for Node 18+ or the browser, failing loudly on a non-2xx answer. */
export function javascriptSnippet({ method, url, body }: RequestSample): string {
  const headers = [`${INDENT.repeat(2)}Authorization: \`Bearer ${API_KEY_READS.javascript}\`,`];
  if (body !== undefined) headers.push(`${INDENT.repeat(2)}'Content-Type': 'application/json',`);
  const options = [`${INDENT}method: '${method}',`, `${INDENT}headers: {`, ...headers, `${INDENT}},`];
  if (body !== undefined) options.push(`${INDENT}body: JSON.stringify(${jsLiteral(body, 1)}),`);
  return [
    `const response = await fetch(${jsString(url)}, {`,
    ...options,
    '});',
    'if (!response.ok) {',
    `${INDENT}throw new Error(\`\${response.status}: \${await response.text()}\`);`,
    '}',
    'const data = await response.json();',
    'console.log(data);',
  ].join('\n');
}

/** A requests call; `json=` serialises the body and sets the Content-Type header. */
export function pythonSnippet({ method, url, body }: RequestSample): string {
  const py = '    ';
  const args = [
    `${py}${JSON.stringify(url)},`,
    `${py}headers={"Authorization": f"Bearer ${API_KEY_READS.python}"},`,
  ];
  if (body !== undefined) args.push(`${py}json=${pythonLiteral(body, 1)},`);
  args.push(`${py}timeout=30,`);
  return [
    'import os',
    '',
    'import requests',
    '',
    `response = requests.${method.toLowerCase()}(`,
    ...args,
    ')',
    'response.raise_for_status()',
    'print(response.json())',
  ].join('\n');
}

/** The same call in every sample language. */
export function codeSamples(request: RequestSample): CodeSamples {
  return {
    curl: curlSnippet(request),
    javascript: javascriptSnippet(request),
    python: pythonSnippet(request),
  };
}

/** Leaves plain URLs bare (as docs usually show them) and single-quotes anything else. */
function shellWord(value: string): string {
  return /^[\w:/.@%+=,-]+$/.test(value) ? value : shellQuote(value);
}

function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

function jsString(value: string): string {
  // JSON escapes are valid JS escapes; only the quote style changes.
  return `'${JSON.stringify(value).slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'")}'`;
}

function isPrimitive(value: JsonValue): value is string | number | boolean | null {
  return value === null || typeof value !== 'object';
}

/** Arrays of a few short primitives read best on one line, like a person would write them. */
function fitsOnOneLine(items: string[]): boolean {
  return items.join(', ').length <= 60;
}

function jsLiteral(value: JsonValue, depth: number): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return jsString(value);
  if (typeof value !== 'object') return String(value);
  const pad = INDENT.repeat(depth + 1);
  const end = INDENT.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => jsLiteral(item, depth + 1));
    if (value.every(isPrimitive) && fitsOnOneLine(items)) return `[${items.join(', ')}]`;
    return `[\n${items.map((item) => `${pad}${item},`).join('\n')}\n${end}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([key, item]) => {
    const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : jsString(key);
    return `${pad}${name}: ${jsLiteral(item, depth + 1)},`;
  });
  return `{\n${lines.join('\n')}\n${end}}`;
}

function pythonLiteral(value: JsonValue, depth: number): string {
  const py = '    ';
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  // JSON string escapes (\", \\, \n, \uXXXX...) mean the same in Python string literals.
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value !== 'object') return String(value);
  const pad = py.repeat(depth + 1);
  const end = py.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => pythonLiteral(item, depth + 1));
    if (value.every(isPrimitive) && fitsOnOneLine(items)) return `[${items.join(', ')}]`;
    return `[\n${items.map((item) => `${pad}${item},`).join('\n')}\n${end}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const lines = entries.map(
    ([key, item]) => `${pad}${JSON.stringify(key)}: ${pythonLiteral(item, depth + 1)},`,
  );
  return `{\n${lines.join('\n')}\n${end}}`;
}
