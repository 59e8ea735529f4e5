/**
 * Copy buttons for code blocks. One delegated listener serves every `[data-copy-code]` button
 * on the page, including ones added later by islands, so blocks need no per-instance script.
 *
 * What gets copied, in order:
 *   1. the button's `data-copy-text` attribute (for callers that hold the raw text themselves);
 *   2. otherwise the visible `<pre>` inside the closest `[data-code-root]` (the active tab of a
 *      CodeTabs, or the only block of a CodeBlock). Its text content is the raw code: the
 *      highlighter only wraps tokens in spans.
 */
import { toast } from './overlay';

/** How long the button shows 'Copied!' before it resets (spec: copy marker 2 s). */
export const COPY_RESET_MS = 2000;

const resetTimers = new WeakMap<HTMLElement, number>();

/**
 * Writes `text` to the clipboard. The async API exists on every secure origin (https and
 * localhost); elsewhere this throws and the visitor is told to copy by hand.
 */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('Clipboard API unavailable on this origin');
  await navigator.clipboard.writeText(text);
}

function isVisible(el: Element): boolean {
  return el.getClientRects().length > 0;
}

/** The text a copy button stands for, or undefined when it has no code to copy. */
export function codeFor(button: HTMLElement): string | undefined {
  const explicit = button.dataset['copyText'];
  if (explicit !== undefined) return explicit;
  const root = button.closest('[data-code-root]');
  if (!root) return undefined;
  const blocks = [...root.querySelectorAll('pre')];
  const pre = blocks.find(isVisible) ?? blocks[0];
  return pre?.textContent ?? undefined;
}

function setCopied(button: HTMLElement, copied: boolean): void {
  button.dataset['copied'] = String(copied);
  const label = button.querySelector<HTMLElement>('[data-copy-label]');
  if (label) label.textContent = copied ? 'Copied!' : 'Copy';
  const status = button.parentElement?.querySelector<HTMLElement>('[data-copy-status]');
  // Clearing first makes screen readers announce a repeated copy again.
  if (status) status.textContent = copied ? 'Code copied to clipboard' : '';
}

/** Copies a button's code and runs the feedback cycle: 'Copied!', toast, reset after 2 s. */
export async function copyFromButton(button: HTMLElement): Promise<boolean> {
  const text = codeFor(button);
  if (text === undefined) return false;
  try {
    await copyText(text);
  } catch {
    toast({
      title: 'Copy failed',
      description: 'Select the code and copy it manually.',
      variant: 'destructive',
    });
    return false;
  }
  window.clearTimeout(resetTimers.get(button));
  setCopied(button, true);
  toast({ title: 'Copied', description: 'Code copied to clipboard' });
  resetTimers.set(
    button,
    window.setTimeout(() => setCopied(button, false), COPY_RESET_MS),
  );
  return true;
}

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest<HTMLElement>('[data-copy-code]');
  if (button) void copyFromButton(button);
});
