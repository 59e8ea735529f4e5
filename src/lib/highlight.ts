import { createHighlighter, type DecorationItem, type Highlighter, type ShikiTransformer } from 'shiki';
import { API_KEY_READS, API_KEY_VALUE_PLACEHOLDER } from './snippets';

/** Shiki's HAST node types, without a direct dependency on `hast`. */
type Element = Parameters<NonNullable<ShikiTransformer['code']>>[0];
type ElementContent = Element['children'][number];

/**
 * Build-time syntax highlighting. One highlighter per process: creating one loads grammars
 * and the regex engine (~100 ms), far too slow to repeat for every code block of every page.
 */

/** Languages code blocks may declare. `text` renders without highlighting. */
export const codeLangs = [
  'bash',
  'javascript',
  'typescript',
  'python',
  'json',
  'http',
  'html',
  'text',
] as const;
export type CodeLang = (typeof codeLangs)[number];

/**
 * github-dark-default: every token colour keeps at least 4.5:1 contrast on its #0d1117
 * background (its comment grey, the faintest, is about 6:1), so axe passes on code.
 */
export const CODE_THEME = 'github-dark-default';

/** Short labels shown in a code block's header when it has no title. */
export const codeLangLabels: Record<CodeLang, string> = {
  bash: 'Shell',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  python: 'Python',
  json: 'JSON',
  http: 'HTTP',
  html: 'HTML',
  text: 'Text',
};

let highlighter: Promise<Highlighter> | undefined;

function getHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({
    themes: [CODE_THEME],
    langs: codeLangs.filter((lang) => lang !== 'text'),
  });
  return highlighter;
}

/** True when `value` names a supported language (so unknown ones can fall back to text). */
export function isCodeLang(value: string): value is CodeLang {
  return (codeLangs as readonly string[]).includes(value);
}

/**
 * Highlights `code` into a `<pre class="shiki">` HTML string. The `<pre>` is focusable so
 * keyboard users can scroll long lines, and it is labelled by the caller-supplied text.
 */
export async function highlight(
  code: string,
  lang: string,
  options: { label?: string } = {},
): Promise<string> {
  const hl = await getHighlighter();
  const safeLang = isCodeLang(lang) ? lang : 'text';
  const text = normalizeCode(code);
  return hl.codeToHtml(text, {
    lang: safeLang,
    theme: CODE_THEME,
    decorations: apiKeySlots(text),
    transformers: [
      {
        pre(node) {
          // Shiki already sets tabindex="0"; a scrollable region also needs a name for screen readers.
          if (options.label) node.properties['aria-label'] = options.label;
          this.addClassToHast(node, 'code-block__pre');
        },
      },
      leanTokens(hl.getTheme(CODE_THEME).fg),
    ],
  });
}

/**
 * Fewer elements for the same colours: a token in the block's own text colour becomes plain
 * text (it inherits the colour from the `<pre>`), and the per-line `<span class="line">`
 * wrappers, which nothing styles, go. On the docs index this removes 950 of the code's 2,207
 * elements (punctuation and names are mostly in the default colour), and the browser parses
 * and lays out that much less before the first paint on a slow phone.
 */
export function leanTokens(foreground: string): ShikiTransformer {
  const plain = `color:${foreground}`.toLowerCase();
  const isPlain = (node: ElementContent): node is Element =>
    node.type === 'element' &&
    String(node.properties['style'] ?? '').toLowerCase() === plain &&
    Object.keys(node.properties).length === 1;
  const child = (node: { children: readonly unknown[] }, tag: string): Element | undefined =>
    node.children.find(
      (c): c is Element => (c as Element).type === 'element' && (c as Element).tagName === tag,
    );
  return {
    // In `root`, after every `code` hook: Shiki's own decorations (the API key slots) need the
    // line wrappers this removes.
    root(root) {
      const code = child(child(root, 'pre') ?? { children: [] }, 'code');
      if (!code) return;
      code.children = code.children.flatMap((line) =>
        line.type === 'element' && line.tagName === 'span' && line.properties['class'] === 'line'
          ? line.children.flatMap((token) => (isPlain(token) ? token.children : [token]))
          : [line],
      );
    },
  };
}

const KEY_SLOT_TEXTS = [...Object.values(API_KEY_READS), API_KEY_VALUE_PLACEHOLDER];

/**
 * Where a sample reads the API key (`$OPTIQ_API_KEY`, `${process.env.OPTIQ_API_KEY}`, ...) or
 * the quick start's export line holds its value: each wrapped in a `<span data-api-key>`, so the
 * docs' key picker (src/scripts/docs-key.ts) can write a signed-in reader's key in its place.
 */
export function apiKeySlots(code: string): DecorationItem[] {
  const slots: DecorationItem[] = [];
  for (const slot of KEY_SLOT_TEXTS) {
    for (let at = code.indexOf(slot); at !== -1; at = code.indexOf(slot, at + slot.length))
      slots.push({ start: at, end: at + slot.length, properties: { 'data-api-key': '' } });
  }
  // `$OPTIQ_API_KEY` never sits inside another slot's text, so slots never overlap.
  return slots.sort((a, b) => Number(a.start) - Number(b.start));
}

/** Drops the leading and trailing blank lines that template literals leave behind, keeping indentation. */
export function normalizeCode(code: string): string {
  return code.replace(/^(?:[ \t]*\r?\n)+/, '').replace(/\s+$/, '');
}
