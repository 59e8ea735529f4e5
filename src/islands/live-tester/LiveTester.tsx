import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { request } from '../../shared/api-client';
import { useHydrated } from '../ui/use-hydrated';
import type { DetectMode, DetectResponse } from '../../shared/schemas/detect';
import { notify } from '../demo/notify';
import { revealOnStackedLayout } from '../demo/reveal';
import {
  buildDetectRequest,
  parseImageUrls,
  TESTER_CATEGORIES,
  TESTER_MODES,
  testerOperation,
  testOutcome,
  toRows,
  urlCountError,
  type TesterCategory,
  type TesterRow,
} from './live-tester';
import { useOwnSubscription } from './own-subscription';

export interface LiveTesterProps {
  apiId: string;
  apiName: string;
}

const field = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/**
 * The API detail page's live tester: image URLs one per line, mode and category, then a real
 * POST to the API's own endpoint whose answer is listed per image.
 */
export default function LiveTester({ apiId, apiName }: LiveTesterProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [mode, setMode] = useState<DetectMode>('per_item');
  const [category, setCategory] = useState<TesterCategory>('auto');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<DetectResponse>();
  const [errorRows, setErrorRows] = useState<TesterRow[]>([]);
  // The server-rendered form has no action and no field names, and its button stays disabled
  // until React runs: a click before hydration must not reload the page and lose the input.
  const hydrated = useHydrated();
  const resultsRef = useRef<HTMLElement>(null);
  // Signed in with an active subscription: the visitor may run the test on it instead of the demo endpoint.
  const own = useOwnSubscription(apiId);
  const [useOwn, setUseOwn] = useState(false);

  async function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const urls = parseImageUrls(text);
    const countError = urlCountError(urls);
    if (countError) {
      notify({ title: 'Error', description: countError, variant: 'destructive' });
      return;
    }
    const operation = own && useOwn ? own.operation : testerOperation(apiId);
    if (!operation) return;
    setBusy(true);
    const outcome = testOutcome(await request(operation, { body: buildDetectRequest(urls, mode, category) }));
    setResult(outcome.response);
    setErrorRows(outcome.ok ? [] : outcome.rows);
    if (outcome.ok) notify({ title: 'Success', description: 'API test completed successfully' });
    else notify({ title: 'Error', description: outcome.message, variant: 'destructive' });
    setBusy(false);
    // After React has rendered the answer.
    requestAnimationFrame(() => revealOnStackedLayout(resultsRef.current));
  }

  const rows = result ? toRows(result) : errorRows;
  return (
    <div className="grid gap-8 lg:grid-cols-2" data-api-id={apiId}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5" aria-describedby={`${id}-help`} data-hydrated={hydrated || undefined}>
        <p id={`${id}-help`} className="text-sm text-slate-700">
          Send real images to {apiName}. Paste up to 20 public image URLs (JPEG, PNG or WebP), one per line.
        </p>
        <div>
          <label htmlFor={`${id}-urls`} className="text-sm font-medium text-ink">
            Image URLs
          </label>
          <textarea
            id={`${id}-urls`}
            rows={5}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={'https://example.com/kitchen.jpg\nhttps://example.com/bathroom.jpg'}
            className={`${field} font-mono`}
            spellCheck={false}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-mode`} className="text-sm font-medium text-ink">
              Mode
            </label>
            <select id={`${id}-mode`} value={mode} onChange={(e) => setMode(e.target.value as DetectMode)} className={field}>
              {TESTER_MODES.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-category`} className="text-sm font-medium text-ink">
              Category
            </label>
            <select id={`${id}-category`} value={category} onChange={(e) => setCategory(e.target.value as TesterCategory)} className={field}>
              {TESTER_CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        {own && (
          <div className="flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
            <input
              id={`${id}-own`}
              type="checkbox"
              checked={useOwn}
              onChange={(e) => setUseOwn(e.target.checked)}
              className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600"
              data-testid="tester-own-subscription"
            />
            <label htmlFor={`${id}-own`} className="text-sm text-slate-700">
              Run on my subscription ({own.tierName}): the test counts toward my usage
            </label>
          </div>
        )}
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy || !hydrated} aria-busy={busy}>
          {busy ? 'Testing...' : 'Test API'}
        </button>
      </form>

      <section ref={resultsRef} aria-labelledby={`${id}-results`} aria-live="polite" aria-busy={busy} className="min-w-0 scroll-mt-4">
        <h3 id={`${id}-results`} className="text-lg font-semibold text-ink">
          Results
        </h3>
        {!result && rows.length === 0 && <p className="mt-3 text-sm text-slate-600">Results appear here after a test.</p>}
        {result && (
          <p className="mt-2 text-sm text-slate-700">
            Category <strong className="text-ink">{result.category}</strong>
            {result.category_inferred ? ' (inferred from the images)' : ''} · mode {result.mode} · {result.error_checks} error checks
          </p>
        )}
        {result && result.undetectable_objects.length > 0 && (
          <p className="mt-1 text-sm text-amber-800">Not detectable by this model: {result.undetectable_objects.join(', ')}</p>
        )}
        {rows.length > 0 && (
          <ul className="mt-4 space-y-3">
            {rows.map((row, i) => (
              <li key={`${row.imageUrl}-${i}`} className="rounded-lg border border-slate-200 p-4" data-result-row>
                <p className="truncate font-mono text-xs text-slate-600" title={row.imageUrl}>
                  {row.imageUrl === 'superset' ? 'All images combined (superset)' : row.imageUrl}
                </p>
                {row.kind === 'error' ? (
                  <p className="mt-2 text-sm text-red-700">Error: {row.message}</p>
                ) : (
                  <div className="mt-2 space-y-1 text-sm">
                    {row.noneObserved && <p className="font-medium text-slate-700">None of the category's objects observed</p>}
                    <p>
                      <span className="font-medium text-green-800">Found:</span> {row.found.length > 0 ? row.found.join(', ') : 'none'}
                    </p>
                    <p>
                      <span className="font-medium text-slate-700">Not found:</span> {row.missing.length > 0 ? row.missing.join(', ') : 'none'}
                    </p>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
