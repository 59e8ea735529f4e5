import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { request } from '../../shared/api-client';
import { classifyOperation, demoClassifyOperation } from '../../shared/contracts/classify';
import type { ClassifyResponse } from '../../shared/schemas/classify';
import { notify } from '../demo/notify';
import { revealOnStackedLayout } from '../demo/reveal';
import { useHydrated } from '../ui/use-hydrated';
import { buildClassifyRequest, CLASSIFY_TESTER_API, classifyFailure, classifyInputError, labelRow, TOP_K_CHOICES } from './classify-tester';
import { useActiveTier } from './own-subscription';

export interface ClassifyTesterProps {
  apiName: string;
}

const field = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/**
 * The Image Classification page's live tester: one image URL and top_k, sent for real to the
 * keyless POST /api/demo/image-classification (room types), or, signed in with a subscription, to
 * POST /api/v1/classify on that subscription, where a label set id may be given too.
 */
export default function ClassifyTester({ apiName }: ClassifyTesterProps) {
  const id = useId();
  const [imageUrl, setImageUrl] = useState('');
  const [topK, setTopK] = useState(3);
  const [taxonomy, setTaxonomy] = useState('room_type');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ClassifyResponse>();
  const [errorText, setErrorText] = useState<string>();
  const hydrated = useHydrated();
  const resultsRef = useRef<HTMLElement>(null);
  const ownTier = useActiveTier(CLASSIFY_TESTER_API);
  const [useOwn, setUseOwn] = useState(false);
  const onOwn = Boolean(ownTier && useOwn);

  async function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const inputError = classifyInputError(imageUrl);
    if (inputError) {
      notify({ title: 'Error', description: inputError, variant: 'destructive' });
      return;
    }
    setBusy(true);
    const body = buildClassifyRequest(imageUrl, topK, onOwn ? taxonomy : 'room_type');
    const answer = onOwn ? await request(classifyOperation, { body }) : await request(demoClassifyOperation, { body });
    const failure = classifyFailure(answer);
    if (answer.ok) {
      setResult(answer.data);
      setErrorText(undefined);
      notify({ title: 'Success', description: 'API test completed successfully' });
    } else {
      setResult(undefined);
      setErrorText(failure ?? undefined);
      notify({ title: 'Error', description: failure ?? '', variant: 'destructive' });
    }
    setBusy(false);
    requestAnimationFrame(() => revealOnStackedLayout(resultsRef.current));
  }

  return (
    <div className="grid gap-8 lg:grid-cols-2" data-api-id={CLASSIFY_TESTER_API}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5" aria-describedby={`${id}-help`} data-hydrated={hydrated || undefined}>
        <p id={`${id}-help`} className="text-sm text-slate-700">
          Send a real image to {apiName}: paste one public image URL (JPEG, PNG or WebP) and get its most likely room types.
        </p>
        <div>
          <label htmlFor={`${id}-url`} className="text-sm font-medium text-ink">
            Image URL
          </label>
          <input
            id={`${id}-url`}
            type="url"
            value={imageUrl}
            onChange={(e) => setImageUrl(e.target.value)}
            placeholder="https://example.com/kitchen.jpg"
            className={`${field} font-mono`}
            spellCheck={false}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-topk`} className="text-sm font-medium text-ink">
              Labels to return (top_k)
            </label>
            <select id={`${id}-topk`} value={topK} onChange={(e) => setTopK(Number(e.target.value))} className={field}>
              {TOP_K_CHOICES.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </div>
          {onOwn && (
            <div>
              <label htmlFor={`${id}-taxonomy`} className="text-sm font-medium text-ink">
                Taxonomy (room_type or your label set id)
              </label>
              <input id={`${id}-taxonomy`} value={taxonomy} onChange={(e) => setTaxonomy(e.target.value)} className={`${field} font-mono`} spellCheck={false} />
            </div>
          )}
        </div>
        {ownTier && (
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
              Run on my subscription ({ownTier}): the test counts toward my usage and may use my label sets
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
        {!result && !errorText && <p className="mt-3 text-sm text-slate-600">Results appear here after a test.</p>}
        {errorText && <p className="mt-3 text-sm text-red-700">Error: {errorText}</p>}
        {result && (
          <>
            <p className="mt-2 text-sm text-slate-700">
              Taxonomy <strong className="text-ink">{result.taxonomy}</strong> · {result.processing_time.toFixed(2)} s
            </p>
            <ol className="mt-4 space-y-3" aria-label="Labels, best first">
              {result.labels.map((l) => {
                const row = labelRow(l);
                return (
                  <li key={l.label} data-result-row>
                    <div className="flex justify-between text-sm">
                      <span className="font-medium text-ink">{row.name}</span>
                      <span className="tabular-nums text-slate-700">{row.percent}%</span>
                    </div>
                    <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
                      <div className="h-2 rounded-full bg-brand-600" style={{ width: `${row.percent}%` }} />
                    </div>
                  </li>
                );
              })}
            </ol>
            <p className="mt-3 text-xs text-muted">{result.analysis_method}. Scores are shares of the evidence, not certainties.</p>
          </>
        )}
      </section>
    </div>
  );
}
