/**
 * Content negotiation for the few URLs that both a browser and a program may ask for (an
 * unknown `/api/{id}`: the "API Not Found" page for one, the JSON error body for the other).
 */

/** The q-value an Accept header gives `type` when it names it exactly (undefined when it does not). */
function explicitQuality(accept: string, types: readonly string[]): number | undefined {
  let best: number | undefined;
  for (const range of accept.split(',')) {
    const [media = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    if (!types.includes(media)) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (Number.isFinite(q)) best = Math.max(best ?? 0, Math.min(1, Math.max(0, q)));
  }
  return best;
}

/**
 * Whether the client prefers an HTML page to JSON: it names `text/html` (or XHTML) with a
 * quality above zero and above any it gives `application/json` or `application/*`. Browsers
 * navigating send `text/html,...,*\/*;q=0.8`; curl and `fetch()` send `*\/*` or nothing, and a
 * client naming both equally gets JSON.
 */
export function prefersHtml(accept: string | null | undefined): boolean {
  if (!accept) return false;
  const html = explicitQuality(accept, ['text/html', 'application/xhtml+xml']) ?? 0;
  const json = explicitQuality(accept, ['application/json', 'application/*']) ?? 0;
  return html > 0 && html > json;
}
