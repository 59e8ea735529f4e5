import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { request } from '../../shared/api-client';
import { API_ID_LIST } from '../../shared/api-ids';
import { getAlertsOperation, saveAlertsOperation } from '../../shared/contracts/account';
import {
  alertSettingsRequestSchema,
  MAX_ALERT_RULES,
  type AlertSettings,
  type FiredAlert,
} from '../../shared/schemas/usage-alerts';
import { Button } from '../ui/Button';
import { fieldClass, Input } from '../ui/Input';
import { FieldError, Label } from '../ui/Label';
import { apiLabel, formatNumber, formatTime } from './format';
import { ErrorState, Loading } from './States';
import { useResource } from './use-resource';

interface Draft {
  uid: number;
  kind: 'quota_percent' | 'images';
  api_id: string;
  threshold: string;
}

let nextUid = 1;
const draftOf = (r: { kind: Draft['kind']; api_id: string | null; threshold: number }): Draft => ({
  uid: nextUid++,
  kind: r.kind,
  api_id: r.api_id ?? '',
  threshold: String(r.threshold),
});

/** "80 % of the Image object detection quota" / "1,000 images a month across your APIs". */
function describeRule(r: Pick<FiredAlert, 'kind' | 'api_id' | 'threshold'>): string {
  if (r.kind === 'quota_percent') return `${r.threshold} % of the ${apiLabel(r.api_id ?? '')} quota`;
  return `${formatNumber(r.threshold)} ${r.threshold === 1 ? 'image' : 'images'} a month ${r.api_id ? `on ${apiLabel(r.api_id)}` : 'across your APIs'}`;
}

/**
 * Usage alerts: thresholds on a month's usage (a share of a quota, or a number of images), the
 * webhook called when one is crossed, and the alerts that fired.
 */
export function AlertsPanel({ announce }: { announce: (message: string) => void }) {
  const id = useId();
  const [settings, reload] = useResource((signal) => request(getAlertsOperation, { signal }));
  return (
    <section className="card min-w-0" aria-labelledby={`${id}-title`} data-testid="alerts-panel">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-ink">
        Usage alerts
      </h2>
      <p className="mt-1 text-sm text-muted">
        Get told when a month&apos;s usage crosses a threshold: a share of a subscription&apos;s monthly
        quota, or a number of analysed images. Each alert fires once a month; it shows below and, with a
        webhook, is sent there.
      </p>
      <div className="mt-4">
        {settings.state === 'loading' ? (
          <Loading what="alerts" />
        ) : settings.state === 'error' ? (
          <ErrorState message={settings.error.message} onRetry={reload} />
        ) : (
          <AlertsForm settings={settings.data} announce={announce} onSaved={reload} />
        )}
      </div>
    </section>
  );
}

function AlertsForm({
  settings,
  announce,
  onSaved,
}: {
  settings: AlertSettings;
  announce: (message: string) => void;
  onSaved: () => void;
}) {
  const id = useId();
  const [webhook, setWebhook] = useState(settings.webhook_url ?? '');
  const [rules, setRules] = useState<Draft[]>(() => settings.rules.map(draftOf));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const webhookRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // A reload after saving brings the stored rules (with their ids) back.
  useEffect(() => {
    setRules(settings.rules.map(draftOf));
    setWebhook(settings.webhook_url ?? '');
  }, [settings]);

  const update = (uid: number, patch: Partial<Draft>) => {
    setSaved(false);
    setRules((rs) => rs.map((r) => (r.uid === uid ? { ...r, ...patch } : r)));
  };

  const focusFirstError = (fields: Record<string, string[]>) => {
    const first = Object.keys(fields)[0];
    if (!first) return;
    const el = formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`);
    (el ?? webhookRef.current)?.focus();
  };

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const body = {
      webhook_url: webhook.trim() === '' ? null : webhook.trim(),
      rules: rules.map((r) => ({
        kind: r.kind,
        api_id: r.api_id === '' ? null : r.api_id,
        threshold: r.threshold.trim() === '' ? Number.NaN : Number(r.threshold),
      })),
    };
    const parsed = alertSettingsRequestSchema.safeParse(body);
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (fields[issue.path.join('.')] ??= []).push(issue.message);
      setErrors(fields);
      focusFirstError(fields);
      return;
    }
    setErrors({});
    setSaveError(null);
    setSaving(true);
    const result = await request(saveAlertsOperation, { body: parsed.data });
    setSaving(false);
    if (!result.ok) {
      if (Object.keys(result.error.fields).length > 0) {
        setErrors(result.error.fields);
        focusFirstError(result.error.fields);
      } else setSaveError(result.error.message);
      return;
    }
    setSaved(true);
    announce('Usage alerts saved.');
    onSaved();
  };

  const add = () => {
    setSaved(false);
    setRules((rs) => [
      ...rs,
      draftOf({ kind: 'quota_percent', api_id: API_ID_LIST[0] ?? null, threshold: 80 }),
    ]);
  };

  return (
    <>
      <form ref={formRef} noValidate onSubmit={(e) => void save(e)} aria-busy={saving} className="grid gap-4">
        <fieldset className="min-w-0">
          <legend className="text-sm font-semibold text-ink">Thresholds</legend>
          {rules.length === 0 ? (
            <p className="mt-2 text-sm text-muted" data-testid="alerts-empty">
              No alerts yet. Add one, e.g. 80 % of a subscription&apos;s quota.
            </p>
          ) : (
            <ul className="mt-2 grid gap-3" data-testid="alert-rules">
              {rules.map((r, i) => (
                <li
                  key={r.uid}
                  className="grid min-w-0 grid-cols-1 gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_8rem_auto] sm:items-end"
                  data-testid="alert-rule"
                >
                  <div className="min-w-0">
                    <Label htmlFor={`${id}-${r.uid}-kind`}>Alert when</Label>
                    <select
                      id={`${id}-${r.uid}-kind`}
                      className={fieldClass}
                      value={r.kind}
                      onChange={(e) => {
                        const kind = e.target.value as Draft['kind'];
                        update(r.uid, {
                          kind,
                          ...(kind === 'quota_percent' &&
                            r.api_id === '' && { api_id: API_ID_LIST[0] ?? '' }),
                        });
                      }}
                    >
                      <option value="quota_percent">% of the monthly quota is used</option>
                      <option value="images">images analysed this month reach</option>
                    </select>
                  </div>
                  <div className="min-w-0">
                    <Label htmlFor={`${id}-${r.uid}-api`}>API</Label>
                    <select
                      id={`${id}-${r.uid}-api`}
                      className={fieldClass}
                      value={r.api_id}
                      data-field={`rules.${i}.api_id`}
                      aria-invalid={errors[`rules.${i}.api_id`] ? true : undefined}
                      aria-describedby={errors[`rules.${i}.api_id`] ? `${id}-${r.uid}-api-error` : undefined}
                      onChange={(e) => update(r.uid, { api_id: e.target.value })}
                    >
                      {r.kind === 'images' ? <option value="">All APIs</option> : null}
                      {API_ID_LIST.map((api) => (
                        <option key={api} value={api}>
                          {apiLabel(api)}
                        </option>
                      ))}
                    </select>
                    <FieldError id={`${id}-${r.uid}-api-error`} messages={errors[`rules.${i}.api_id`]} />
                  </div>
                  <div className="min-w-0">
                    <Label htmlFor={`${id}-${r.uid}-threshold`}>
                      {r.kind === 'quota_percent' ? 'Percent (1-100)' : 'Images'}
                    </Label>
                    <Input
                      id={`${id}-${r.uid}-threshold`}
                      inputMode="numeric"
                      value={r.threshold}
                      data-field={`rules.${i}.threshold`}
                      aria-invalid={errors[`rules.${i}.threshold`] ? true : undefined}
                      aria-describedby={
                        errors[`rules.${i}.threshold`] ? `${id}-${r.uid}-threshold-error` : undefined
                      }
                      onChange={(e) => update(r.uid, { threshold: e.target.value })}
                    />
                    <FieldError
                      id={`${id}-${r.uid}-threshold-error`}
                      messages={errors[`rules.${i}.threshold`]}
                    />
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove alert ${i + 1}`}
                    onClick={() => {
                      setSaved(false);
                      setRules((rs) => rs.filter((x) => x.uid !== r.uid));
                    }}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <FieldError id={`${id}-rules-error`} messages={errors['rules']} />
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={add}
            disabled={rules.length >= MAX_ALERT_RULES}
          >
            Add alert
          </Button>
        </fieldset>

        <div className="min-w-0">
          <Label htmlFor={`${id}-webhook`}>Webhook URL (optional)</Label>
          <Input
            ref={webhookRef}
            id={`${id}-webhook`}
            type="url"
            inputMode="url"
            placeholder="https://example.com/hooks/optiq"
            value={webhook}
            data-field="webhook_url"
            aria-invalid={errors['webhook_url'] ? true : undefined}
            aria-describedby={`${id}-webhook-help${errors['webhook_url'] ? ` ${id}-webhook-error` : ''}`}
            onChange={(e) => {
              setSaved(false);
              setWebhook(e.target.value);
            }}
          />
          <FieldError id={`${id}-webhook-error`} messages={errors['webhook_url']} />
          <p id={`${id}-webhook-help`} className="mt-1.5 text-xs text-muted">
            A public http(s) address. We POST each alert as JSON, signed in the{' '}
            <code className="font-mono">Optiq-Signature</code> header like batch callbacks, and retry when it
            fails.
          </p>
          {settings.webhook_secret ? (
            <p className="mt-1 break-all text-xs text-muted">
              Signing secret:{' '}
              <code className="font-mono text-ink" data-testid="webhook-secret">
                {settings.webhook_secret}
              </code>
            </p>
          ) : null}
        </div>

        {saveError ? (
          <p role="alert" className="text-sm text-red-700">
            {saveError}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save alerts'}
          </Button>
          {saved ? (
            <span className="text-sm text-green-800" data-testid="alerts-saved">
              Saved.
            </span>
          ) : null}
        </div>
      </form>

      <h3 className="mt-6 font-semibold text-ink">Alerts fired</h3>
      {settings.fired.length === 0 ? (
        <p className="mt-2 text-sm text-muted" data-testid="fired-empty">
          None yet.
        </p>
      ) : (
        <ul className="mt-2 grid gap-2 text-sm" data-testid="fired-alerts">
          {settings.fired.map((f) => (
            <li key={f.id} className="min-w-0 rounded-lg border border-slate-200 p-3">
              <span className="font-medium text-ink">{describeRule(f)}</span>
              <span className="block text-xs text-muted">
                {formatTime(f.fired_at)} · {formatNumber(f.used)} of {formatNumber(f.limit)}{' '}
                {f.kind === 'quota_percent' ? 'requests' : 'images'}
                {f.webhook_status ? ` · webhook ${f.webhook_status}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
