import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { useHydrated } from '../ui/use-hydrated';
import { notify } from '../demo/notify';
import { revealOnStackedLayout } from '../demo/reveal';
import { ImageSourcePicker, useImageSource } from '../demo/ImageSourcePicker';
import { useActiveTier } from './own-subscription';
import {
  initialValues,
  TEST_FAILED_MESSAGE,
  type TesterDefinition,
  type TesterField,
  type TesterOutcome,
  type TesterRow,
  type TesterView,
} from './tester-model';
import { testerFor } from './testers';

export interface LiveTesterProps {
  apiId: string;
  apiName: string;
}

const field =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/**
 * The API detail page's live tester: the demos' image picker (the site's samples, an image URL
 * or an upload) and the fields of the API's tester (testers.ts), then a real POST to that API's
 * own keyless endpoint, or, signed in with an active subscription and asked to, to its metered
 * endpoint on that subscription. An API without a tester renders nothing.
 */
export default function LiveTester({ apiId, apiName }: LiveTesterProps) {
  const tester = testerFor(apiId);
  // Asked only for an API that has a tester.
  const ownTier = useActiveTier(apiId, tester !== undefined);
  return tester ? <TesterForm tester={tester} apiName={apiName} ownTier={ownTier} /> : null;
}

function TesterForm({
  tester,
  apiName,
  ownTier,
}: {
  tester: TesterDefinition;
  apiName: string;
  ownTier: string | null;
}) {
  const id = useId();
  const [values, setValues] = useState(() => initialValues(tester));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<TesterOutcome>();
  // The server-rendered form has no action and no field names, and its button stays disabled
  // until React runs: a click before hydration must not reload the page and lose the input.
  const hydrated = useHydrated();
  const resultsRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const source = useImageSource(tester.samples);
  const image = { imageUrl: source.imageUrl, file: source.file };
  // Signed in with an active subscription: the visitor may run the test on it instead of the demo endpoint.
  const ownOffered = Boolean(ownTier && tester.ownPath);
  const [useOwn, setUseOwn] = useState(false);
  const onOwn = ownOffered && useOwn;

  async function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const inputError = tester.inputError(values, image);
    if (inputError) {
      notify({ title: 'Error', description: inputError, variant: 'destructive' });
      return;
    }
    setBusy(true);
    let answer: TesterOutcome;
    try {
      answer = await tester.run(values, image, onOwn);
    } catch {
      // An upload the browser could not read or shrink, or a network failure.
      answer = { ok: false, message: TEST_FAILED_MESSAGE };
    }
    setOutcome(answer);
    if (answer.ok) notify({ title: 'Success', description: 'API test completed successfully' });
    else notify({ title: 'Error', description: answer.message, variant: 'destructive' });
    setBusy(false);
    // After React has rendered the answer: focus moves to the results (read out by screen
    // readers), and phones, where they sit below the form, scroll to them.
    requestAnimationFrame(() => {
      headingRef.current?.focus({ preventScroll: true });
      revealOnStackedLayout(resultsRef.current);
    });
  }

  const control = (f: TesterField) => (
    <FieldControl
      key={f.name}
      field={f}
      id={`${id}-${f.name}`}
      value={values[f.name] ?? ''}
      onChange={(value) => setValues((v) => ({ ...v, [f.name]: value }))}
    />
  );
  const view = outcome?.view;
  return (
    <div className="grid gap-8 lg:grid-cols-2" data-api-id={tester.apiId}>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="space-y-5"
        aria-describedby={`${id}-help`}
        data-hydrated={hydrated || undefined}
      >
        <p id={`${id}-help`} className="text-sm text-slate-700">
          {tester.help(apiName)}
        </p>
        <ImageSourcePicker source={source} />
        <div className="grid gap-4 sm:grid-cols-2">
          {tester.settings.filter((f) => onOwn || !f.ownOnly).map(control)}
        </div>
        {ownOffered && (
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
              Run on my subscription ({ownTier}): the test counts toward my usage{tester.ownExtra}
            </label>
          </div>
        )}
        <button
          type="submit"
          className="btn-primary w-full sm:w-auto"
          disabled={busy || !hydrated}
          aria-busy={busy}
        >
          {busy ? 'Testing...' : 'Test API'}
        </button>
      </form>

      <section
        ref={resultsRef}
        aria-labelledby={`${id}-results`}
        aria-live="polite"
        aria-busy={busy}
        className="min-w-0 scroll-mt-4"
      >
        <h3
          id={`${id}-results`}
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-24 text-lg font-semibold text-ink"
          data-testid="tester-results-heading"
        >
          Results
        </h3>
        {!outcome && <p className="mt-3 text-sm text-slate-600">Results appear here after a test.</p>}
        {outcome && !outcome.ok && <p className="mt-3 text-sm text-red-700">Error: {outcome.message}</p>}
        {view && <ResultView view={view} />}
      </section>
    </div>
  );
}

function FieldControl({
  field: f,
  id,
  value,
  onChange,
}: {
  field: TesterField;
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const className = f.mono ? `${field} font-mono` : field;
  const input =
    f.control === 'select' ? (
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={className}>
        {f.options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    ) : f.control === 'urls' ? (
      <textarea
        id={id}
        rows={5}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={f.placeholder}
        className={className}
        spellCheck={false}
      />
    ) : (
      <input
        id={id}
        type={f.control === 'url' ? 'url' : 'text'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={f.placeholder}
        className={className}
        spellCheck={false}
      />
    );
  return (
    <div className={f.wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {f.label}
      </label>
      {input}
    </div>
  );
}

function ResultView({ view }: { view: TesterView }) {
  const items = view.rows.map((row, i) => <ResultRow key={i} row={row} />);
  return (
    <>
      {view.summary && (
        <p className="mt-2 text-sm text-slate-700">
          {view.summary.term} <strong className="text-ink">{view.summary.value}</strong>
          {view.summary.rest}
        </p>
      )}
      {view.warning && <p className="mt-1 text-sm text-amber-800">{view.warning}</p>}
      {items.length > 0 &&
        (view.ordered ? (
          <ol className="mt-4 space-y-3" aria-label={view.listLabel}>
            {items}
          </ol>
        ) : (
          <ul className="mt-4 space-y-3" aria-label={view.listLabel}>
            {items}
          </ul>
        ))}
      {view.note && <p className="mt-3 text-xs text-muted">{view.note}</p>}
    </>
  );
}

function ResultRow({ row }: { row: TesterRow }) {
  if (row.kind === 'text') {
    return (
      <li className="rounded-lg bg-slate-50 p-3 text-sm" data-result-row>
        <span className="block text-xs font-medium text-muted">{row.name}</span>
        <span className="text-ink">{row.text}</span>
      </li>
    );
  }
  if (row.kind === 'score') {
    return (
      <li data-result-row>
        <div className="flex justify-between text-sm">
          <span className="font-medium text-ink">{row.name}</span>
          <span className="tabular-nums text-slate-700">{row.percent}%</span>
        </div>
        <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
          <div className="h-2 rounded-full bg-brand-600" style={{ width: `${row.percent}%` }} />
        </div>
      </li>
    );
  }
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-result-row>
      <p className="truncate font-mono text-xs text-slate-600" title={row.imageUrl}>
        {row.imageUrl === 'superset' ? 'All images combined (superset)' : row.imageUrl}
      </p>
      {row.kind === 'error' ? (
        <p className="mt-2 text-sm text-red-700">Error: {row.message}</p>
      ) : (
        <div className="mt-2 space-y-1 text-sm">
          {row.noneObserved && (
            <p className="font-medium text-slate-700">None of the category's objects observed</p>
          )}
          <p>
            <span className="font-medium text-green-800">Found:</span>{' '}
            {row.found.length > 0 ? row.found.join(', ') : 'none'}
          </p>
          <p>
            <span className="font-medium text-slate-700">Not found:</span>{' '}
            {row.missing.length > 0 ? row.missing.join(', ') : 'none'}
          </p>
        </div>
      )}
    </li>
  );
}
