import { useCallback, useEffect, useState } from 'react';
import { ContactList } from './ContactList';
import { ErrorReportList } from './ErrorReportList';
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
  const [notice, setNotice] = useState<string | null>(null);

  const loggedOut = useCallback((message: string | null = null) => {
    writeLoggedInFlag(false);
    setNotice(message);
    setView('login');
  }, []);

  useEffect(() => {
    let live = true;
    if (readLoggedInFlag()) setView('list');
    void fetchSession().then((result) => {
      if (!live) return;
      if (!result.ok) loggedOut(`Could not check the session: ${result.error.message}`);
      else if (result.data.authenticated) {
        writeLoggedInFlag(true);
        setView('list');
      } else {
        loggedOut(readLoggedInFlag() ? 'Your session has ended. Please sign in again.' : null);
      }
    });
    return () => {
      live = false;
    };
  }, [loggedOut]);

  const onLogout = async () => {
    await logout();
    loggedOut();
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
          <p
            role="status"
            className="mx-auto w-full max-w-sm rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-ink"
          >
            {notice}
          </p>
        ) : null}
        <LoginForm
          configured
          onLoggedIn={() => {
            writeLoggedInFlag(true);
            setNotice(null);
            setView('list');
          }}
        />
      </div>
    );
  }
  const ended = () => loggedOut('Your session has ended. Please sign in again.');
  return (
    <>
      <ContactList onLogout={() => void onLogout()} onUnauthorized={ended} />
      <ErrorReportList onUnauthorized={ended} />
    </>
  );
}
