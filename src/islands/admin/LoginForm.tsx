import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { FieldError, Label } from '../ui/Label';
import { login } from './contacts-api';

interface Props {
  /** False when the server has no admin credentials configured: a neutral "not available" then. */
  configured: boolean;
  onLoggedIn: () => void;
}

type Field = 'username' | 'password';

/** Admin login: both fields required; a mismatch shows 'Invalid credentials'. */
export function LoginForm({ configured, onLoggedIn }: Props) {
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const userRef = useRef<HTMLInputElement>(null);
  const passRef = useRef<HTMLInputElement>(null);
  // The fields are disabled while pending; focus the password again once they are enabled.
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || pending) return;
    passRef.current?.focus();
    setRefocus(false);
  }, [refocus, pending]);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const errs: Partial<Record<Field, string>> = {};
    if (!username.trim()) errs.username = 'Required';
    if (!password) errs.password = 'Required';
    setFieldErrors(errs);
    if (errs.username || errs.password) {
      (errs.username ? userRef : passRef).current?.focus();
      return;
    }
    setError(null);
    setPending(true);
    const result = await login(username.trim(), password);
    setPending(false);
    setPassword('');
    if (result.ok) {
      onLoggedIn();
      return;
    }
    setError(
      result.error.status === 401
        ? 'Invalid credentials'
        : result.error.message || 'Login failed. Please try again.',
    );
    setRefocus(true);
  };

  const describedBy = (field: Field) => (fieldErrors[field] ? `${id}-${field}-error` : undefined);

  // Visitors of a server without admin settings learn nothing about its set-up: the steps are
  // in the server log (`npm start` prints them) and the README.
  if (!configured) {
    return (
      <div className="card mx-auto w-full max-w-sm" data-testid="admin-unavailable">
        <h1 className="text-2xl font-bold">Admin</h1>
        <p className="mt-3 text-sm text-muted" role="status">
          This page is not available.
        </p>
        <a href="/" className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">
          Return Home
        </a>
      </div>
    );
  }

  return (
    <div className="card mx-auto w-full max-w-sm">
      <h1 className="text-2xl font-bold">Admin login</h1>
      <p className="mt-1 text-sm text-muted">Sign in to read contact submissions.</p>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-6 grid gap-4" aria-busy={pending}>
        <div>
          <Label htmlFor={`${id}-username`}>Username</Label>
          <Input
            ref={userRef}
            id={`${id}-username`}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            disabled={pending}
            aria-invalid={fieldErrors.username ? true : undefined}
            aria-describedby={describedBy('username')}
            onChange={(e) => setUsername(e.target.value)}
          />
          <FieldError
            id={`${id}-username-error`}
            messages={fieldErrors.username ? [fieldErrors.username] : undefined}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-password`}>Password</Label>
          <Input
            ref={passRef}
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            disabled={pending}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={describedBy('password')}
            onChange={(e) => setPassword(e.target.value)}
          />
          <FieldError
            id={`${id}-password-error`}
            messages={fieldErrors.password ? [fieldErrors.password] : undefined}
          />
        </div>
        {error ? (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
          >
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </div>
  );
}
