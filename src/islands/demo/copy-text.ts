/**
 * Copies text to the clipboard. The async Clipboard API needs a secure context and focus, so
 * a hidden textarea + execCommand covers plain-http previews and older browsers.
 * Resolves true when the text was copied.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission denied or not focused: fall through to the legacy path.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    // Deprecated but still the only synchronous fallback outside secure contexts.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** How long the copy button shows its check mark. */
export const COPIED_RESET_MS = 2000;

/** Pretty JSON for the request/response panels; strings pass through unchanged. */
export function formatJson(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}
