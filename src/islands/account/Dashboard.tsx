import { useEffect, useState } from 'react';
import { logoutOperation, meOperation, usageOperation } from '../../shared/contracts/account';
import { Button } from '../ui/Button';
import { KeysPanel } from './KeysPanel';
import { request } from '../../shared/api-client';
import { SubscriptionsPanel } from './SubscriptionsPanel';
import { UsagePanel } from './UsagePanel';
import { markSigningOut, useResource } from './use-resource';
import { useAnnouncer } from '../ui/use-announcer';
import { useHydrated } from '../ui/use-hydrated';

/**
 * The signed-in account's dashboard: keys, subscriptions, usage, sign out (the request log and
 * alerts below are `AccountActivity`, hydrated when visible). Signed-out visitors
 * are sent to /login and back here (by the page before it paints, or by the first 401).
 */
export function Dashboard() {
  const [me] = useResource((signal) => request(meOperation, { signal }));
  const [usage, reloadUsage] = useResource((signal) => request(usageOperation, { signal }));
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const hydrated = useHydrated();

  const { announce, region } = useAnnouncer('dashboard-announcer');

  useEffect(() => {
    if (me.state === 'ready') document.body.dataset['signedIn'] = '1';
  }, [me.state]);

  const signOut = async () => {
    setSigningOut(true);
    setSignOutError(null);
    markSigningOut();
    const result = await request(logoutOperation);
    if (result.ok) {
      window.location.assign('/');
      return;
    }
    markSigningOut(false);
    setSigningOut(false);
    setSignOutError(result.error.message);
  };

  // The account could not be read (a 401 has already sent the visitor to sign in).
  if (me.state === 'error') {
    return (
      <div className="card mx-auto max-w-md text-center">
        <p role="alert" className="text-sm text-red-800">
          {me.error.message}{' '}
          <button type="button" className="font-medium underline" onClick={() => window.location.reload()}>
            Reload
          </button>
        </p>
      </div>
    );
  }

  // The frame and every panel render at once (on the server too, in their loading states), and
  // the panels load side by side with the account: the page paints its final layout at once
  // instead of a loading card that the whole dashboard then replaces. Its controls stay disabled
  // until React has hydrated them: a key name typed into the server-rendered field would be
  // wiped by hydration, and a click would do nothing.
  return (
    <fieldset
      disabled={!hydrated}
      className="m-0 grid min-w-0 grid-cols-1 gap-6 border-0 p-0"
      data-testid="dashboard"
      aria-busy={me.state === 'loading'}
    >
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-bold tracking-tight text-ink">Dashboard</h1>
          {/* One line, loading or loaded, so the panels below never move when the account arrives. */}
          <p
            className="mt-1 h-5 truncate text-sm text-muted"
            title={me.state === 'ready' ? `${me.data.user.username} (${me.data.user.email})` : undefined}
          >
            {me.state === 'ready' ? (
              <>
                Signed in as{' '}
                <strong className="text-ink" data-testid="signed-in-as">
                  {me.data.user.username}
                </strong>{' '}
                ({me.data.user.email})
              </>
            ) : (
              <span role="status">Loading your account...</span>
            )}
          </p>
        </div>
        <Button variant="secondary" className="shrink-0" onClick={() => void signOut()} disabled={signingOut}>
          {signingOut ? 'Signing out...' : 'Sign out'}
        </Button>
      </div>
      {signOutError ? (
        <p role="alert" className="text-sm text-red-700">
          {signOutError}
        </p>
      ) : null}
      {region}
      <KeysPanel announce={announce} onChanged={reloadUsage} />
      <SubscriptionsPanel announce={announce} onChanged={reloadUsage} />
      <UsagePanel usage={usage} onRetry={reloadUsage} />
    </fieldset>
  );
}
