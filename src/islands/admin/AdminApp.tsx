import { useCallback, useEffect, useState } from 'react';
import { errorInfo } from '../../lib/api-client';
import { ContactList } from './ContactList';
import { fetchSession, logout, readLoggedInFlag, writeLoggedInFlag } from './contacts-api';
import { LoginForm } from './LoginForm';

type View = 'checking' | 'login' | 'list';

/**
 * The /c admin page. A local flag lets a reload go straight to the list, but the server decides:
 * the session check and any 401 from the list send the page back to the login form.
 */
export default function AdminApp() {
  // Always 'checking' on the first render so the pre-rendered HTML and hydration agree.
  const [view, setView] = useState<View>('checking');
  const [configured, setConfigured] = useState(true);
  const [notice, setNotice] = useState<string | null>(null);

  const loggedOut = useCallback((message: string | null = null) => {
    writeLoggedInFlag(false);
    setNotice(message);
    setView('login');
  }, []);

  useEffect(() => {
    let live = true;
    if (readLoggedInFlag()) setView('list');
    fetchSession()
      .then((s) => {
        if (!live) return;
        setConfigured(s.configured);
        if (s.authenticated) {
          writeLoggedInFlag(true);
          setView('list');
        } else {
          loggedOut(readLoggedInFlag() ? 'Your session has ended. Please sign in again.' : null);
        }
      })
      .catch((error: unknown) => {
        if (live) loggedOut(`Could not check the session: ${errorInfo(error).message}`);
      });
    return () => {
      live = false;
    };
  }, [loggedOut]);

  const onLogout = async () => {
    try {
      await logout();
    } finally {
      loggedOut();
    }
  };

  if (view === 'checking') {
    return (
      <p role="status" className="text-center text-muted">
        Checking session...
      </p>
    );
  }
  if (view === 'login') {
    return (
      <div className="grid gap-4">
        {notice ? (
          <p role="status" className="mx-auto w-full max-w-sm rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-ink">
            {notice}
          </p>
        ) : null}
        <LoginForm
          configured={configured}
          onLoggedIn={() => {
            writeLoggedInFlag(true);
            setNotice(null);
            setView('list');
          }}
        />
      </div>
    );
  }
  return <ContactList onLogout={() => void onLogout()} onUnauthorized={() => loggedOut('Your session has ended. Please sign in again.')} />;
}
