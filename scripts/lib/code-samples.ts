/**
 * Reads the code samples of the built site: every `<pre>` block's text, and the HTTP calls the
 * curl, JavaScript and Python samples make (method, URL, JSON body).
 */
import type { BuiltPage } from './built-site';

/** One code block of one page, as a visitor copies it. */
export interface CodeSample {
  page: string;
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the HTML entities Astro and shiki emit. */
export function decodeEntities(html: string): string {
  return html.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#')
      return String.fromCodePoint(
        name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10),
      );
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Every `<pre>` block of the pages, as text. */
export function codeSamplesOf(pages: readonly BuiltPage[]): CodeSample[] {
  return pages.flatMap((page) =>
    [...page.html.matchAll(/<pre\b[^>]*>([\s\S]*?)<\/pre>/gi)].map((m) => ({
      page: page.route,
      text: decodeEntities((m[1] ?? '').replace(/<[^>]+>/g, '')),
    })),
  );
}

/** An HTTP call a curl sample makes. */
export interface CurlCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Multipart form fields (`-F name=value`); a value starting with `@` names a file. */
  form?: Record<string, string>;
}

/** Splits a shell command line into words: single and double quotes, backslash-newline. */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i] as string;
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) throw new Error('unterminated single quote');
      word += command.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < command.length && command[j] !== '"'; j++) {
        if (command[j] === '\\' && j + 1 < command.length) j++;
        word += command[j];
      }
      if (j >= command.length) throw new Error('unterminated double quote');
      i = j;
      inWord = true;
    } else if (c === '\\' && i + 1 < command.length) {
      // Outside quotes a backslash escapes the next character; before a newline it joins lines.
      if (command[i + 1] !== '\n') {
        word += command[i + 1];
        inWord = true;
      }
      i++;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** The call of a curl command line (`curl [-X M] URL [-H h]... [-d body | -F field=value...]`). */
export function parseCurl(command: string): CurlCall {
  const words = shellWords(command.trim());
  if (words[0] !== 'curl') throw new Error(`not a curl command: ${command.slice(0, 40)}`);
  let method: string | undefined;
  let url: string | undefined;
  let body: string | undefined;
  let form: Record<string, string> | undefined;
  const headers: Record<string, string> = {};
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as string;
    if (w === '-X' || w === '--request') method = words[++i];
    else if (w === '-H' || w === '--header') {
      const h = words[++i] ?? '';
      const colon = h.indexOf(':');
      headers[h.slice(0, colon).trim()] = h.slice(colon + 1).trim();
    } else if (w === '-d' || w === '--data' || w === '--data-raw') body = words[++i];
    else if (w === '-F' || w === '--form') {
      const f = words[++i] ?? '';
      const eq = f.indexOf('=');
      (form ??= {})[f.slice(0, eq)] = f.slice(eq + 1);
    } else if (!w.startsWith('-')) url = w;
  }
  if (!url) throw new Error(`curl command without a URL: ${command.slice(0, 60)}`);
  return {
    method: method ?? (body === undefined && form === undefined ? 'GET' : 'POST'),
    url,
    headers,
    ...(body === undefined ? {} : { body }),
    ...(form === undefined ? {} : { form }),
  };
}

/** Every absolute http(s) URL with an `/api/` path that a sample mentions. */
export function apiUrlsIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[\w.:[\]-]+\/api\/[^\s'"`)]*/g)].map((m) => m[0]);
}
