import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { createKeyOperation, listKeysOperation, revokeKeyOperation } from '../../shared/contracts/account';
import { createKeyRequestSchema, type ApiKeySummary } from '../../shared/schemas/account';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { FieldError, Label } from '../ui/Label';
import { ConfirmDialog } from './ConfirmDialog';
import { formatDate, maskedKey } from './format';
import { request } from '../../shared/api-client';
import { useResource } from './use-resource';
import { ErrorState, Loading, ScrollRegion, STACKED } from './States';
import { forgetCreatedKey, rememberCreatedKey } from '../../scripts/api-key-store';
import { browserStores } from '../try-it/try-it';

interface Props {
  /** Says a change out loud (the dashboard's live region). */
  announce: (message: string) => void;
  /** Keys changed: usage per key may change too. */
  onChanged: () => void;
}

interface NewKey {
  id: string;
  name: string;
  key: string;
}

/** API keys: create (shown once in full), list as prefix…last4, revoke. */
export function KeysPanel({ announce, onChanged }: Props) {
  const id = useId();
  const [keys, reload] = useResource((signal) => request(listKeysOperation, { signal }));
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string[] | undefined>();
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [created, setCreated] = useState<NewKey | null>(null);
  const [copied, setCopied] = useState(false);
  const [toRevoke, setToRevoke] = useState<{ key: ApiKeySummary; opener: HTMLElement } | null>(null);
  const [revoking, setRevoking] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const createdRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (created) createdRef.current?.focus();
  }, [created]);

  const create = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (creating) return;
    const parsed = createKeyRequestSchema.safeParse({ name });
    if (!parsed.success) {
      setNameError(parsed.error.issues.map((i) => i.message));
      nameRef.current?.focus();
      return;
    }
    setNameError(undefined);
    setCreateError(null);
    setCreating(true);
    const result = await request(createKeyOperation, { body: parsed.data });
    setCreating(false);
    if (!result.ok) {
      if (result.error.fields['name']) {
        setNameError(result.error.fields['name']);
        nameRef.current?.focus();
      } else setCreateError(result.error.message);
      return;
    }
    setName('');
    setCopied(false);
    setCreated({ id: result.data.id, name: result.data.name, key: result.data.key });
    // This tab's docs may put the new key in their samples (shown once: kept until the tab closes).
    rememberCreatedKey(browserStores().session, result.data.id, result.data.key);
    announce(`Key ${result.data.name} created. Copy it now: you will not see it again.`);
    reload();
    onChanged();
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
      announce('Key copied to the clipboard.');
    } catch {
      // Clipboard refused (permissions, insecure origin): select the text so Ctrl+C works.
      const field = document.getElementById(`${id}-new-key`);
      if (field instanceof HTMLInputElement) field.select();
      announce('Copying was refused by the browser; the key is selected, press Ctrl+C or Cmd+C.');
    }
  };

  const revoke = async () => {
    if (!toRevoke || revoking) return;
    setRevoking(true);
    setRevokeError(null);
    const result = await request(revokeKeyOperation, { params: { id: toRevoke.key.id } });
    setRevoking(false);
    if (!result.ok) {
      setRevokeError(result.error.message);
      return;
    }
    const revokedName = toRevoke.key.name;
    setToRevoke(null);
    if (created?.id === result.data.key.id) setCreated(null);
    forgetCreatedKey(browserStores().session, result.data.key.id);
    announce(`Key ${revokedName} revoked. Calls with it are refused from now on.`);
    reload();
    onChanged();
    // The row's Revoke button is gone; the section heading is the next sensible place.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  return (
    <section
      id="api-keys"
      className="card scroll-mt-24"
      aria-labelledby={`${id}-title`}
      data-testid="keys-panel"
    >
      <h2
        id={`${id}-title`}
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-ink focus:outline-none"
      >
        API keys
      </h2>
      <p className="mt-1 text-sm text-muted">
        Send a key as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code> with each API call.
      </p>

      <form
        noValidate
        onSubmit={(e) => void create(e)}
        className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end"
        aria-busy={creating}
      >
        <div className="flex-1">
          <Label htmlFor={`${id}-name`}>Key name</Label>
          <Input
            ref={nameRef}
            id={`${id}-name`}
            name="name"
            placeholder="e.g. production"
            autoComplete="off"
            maxLength={64}
            value={name}
            readOnly={creating}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={creating}>
          {creating ? 'Creating...' : 'Create key'}
        </Button>
      </form>
      <FieldError id={`${id}-name-error`} messages={nameError} />
      {createError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {createError}
        </p>
      ) : null}

      {created ? (
        <div
          ref={createdRef}
          tabIndex={-1}
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 focus:outline-2 focus:outline-brand-600"
          aria-labelledby={`${id}-new-title`}
          role="group"
          data-testid="new-key"
        >
          <h3 id={`${id}-new-title`} className="font-semibold text-ink">
            Your new key “{created.name}”
          </h3>
          <p className="mt-1 text-sm text-amber-950">
            Copy it now and keep it somewhere safe: you will not see it again.
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <label htmlFor={`${id}-new-key`} className="sr-only">
              New API key
            </label>
            <input
              id={`${id}-new-key`}
              readOnly
              value={created.key}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-ink"
              onFocus={(e) => e.currentTarget.select()}
              data-testid="new-key-value"
            />
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy key'}
            </Button>
          </div>
          <Button variant="ghost" size="sm" className="mt-2" onClick={() => setCreated(null)}>
            I have stored it, hide it
          </Button>
        </div>
      ) : null}

      <div className="mt-6">
        {keys.state === 'loading' ? (
          <Loading what="keys" />
        ) : keys.state === 'error' ? (
          <ErrorState message={keys.error.message} onRetry={reload} />
        ) : keys.data.keys.length === 0 ? (
          <p className="text-sm text-muted" data-testid="keys-empty">
            No keys yet. Create one above to call the APIs.
          </p>
        ) : (
          <ScrollRegion label="Your API keys">
            <table className="w-full text-left text-sm sm:min-w-[36rem]" data-testid="keys-table">
              <caption className="sr-only">Your API keys</caption>
              <thead className={STACKED.head}>
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Key
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Created
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Last used
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {keys.data.keys.map((key) => (
                  <tr key={key.id} data-key-id={key.id} className={STACKED.row}>
                    <th scope="row" data-label="Name" className={`${STACKED.cell} font-medium text-ink`}>
                      {key.name}
                    </th>
                    <td data-label="Key" className={`${STACKED.cell} break-all font-mono text-xs`}>
                      {maskedKey(key.prefix, key.last4)}
                    </td>
                    <td data-label="Created" className={STACKED.cell}>
                      {formatDate(key.created_at)}
                    </td>
                    <td data-label="Last used" className={STACKED.cell}>
                      {formatDate(key.last_used_at)}
                    </td>
                    <td data-label="Status" className={STACKED.cell}>
                      {key.revoked_at ? (
                        <span className="badge bg-slate-200 text-slate-800">
                          Revoked {formatDate(key.revoked_at)}
                        </span>
                      ) : (
                        <span className="badge bg-green-100 text-green-800">Active</span>
                      )}
                    </td>
                    <td className={STACKED.actions}>
                      {key.revoked_at ? null : (
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Revoke key ${key.name}`}
                          onClick={(e) => {
                            setRevokeError(null);
                            setToRevoke({ key, opener: e.currentTarget });
                          }}
                        >
                          Revoke
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </div>

      <ConfirmDialog
        open={toRevoke !== null}
        title={`Revoke key “${toRevoke?.key.name ?? ''}”?`}
        description={`Calls with ${toRevoke ? maskedKey(toRevoke.key.prefix, toRevoke.key.last4) : 'this key'} will be refused (401) at once. This cannot be undone.${revokeError ? ` ${revokeError}` : ''}`}
        confirmLabel="Revoke key"
        busy={revoking}
        opener={toRevoke?.opener ?? null}
        onConfirm={() => void revoke()}
        onCancel={() => setToRevoke(null)}
      />
    </section>
  );
}
