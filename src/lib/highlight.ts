import { createHighlighter, type Highlighter } from 'shiki';

/**
 * Build-time syntax highlighting. One highlighter per process: creating one loads grammars
 * and the regex engine (~100 ms), far too slow to repeat for every code block of every page.
 */

/** Languages code blocks may declare. `text` renders without highlighting. */
export const codeLangs = ['bash', 'javascript', 'typescript', 'python', 'json', 'http', 'html', 'text'] as const;
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
export async function highlight(code: string, lang: string, options: { label?: string } = {}): Promise<string> {
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
    ],
  });
}

/** Drops the leading and trailing blank lines that template literals leave behind, keeping indentation. */
export function normalizeCode(code: string): string {
  return code.replace(/^(?:[ \t]*\r?\n)+/, '').replace(/\s+$/, '');
}
