import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { loginOperation, meOperation, signupOperation } from '../../shared/contracts/account';
import { loginRequestSchema, PASSWORD_MIN, signupRequestSchema } from '../../shared/schemas/account';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { FieldError, Label } from '../ui/Label';
import { authUrl, safeNext } from './next-path';
import { request, type ApiClientError } from '../../shared/api-client';
import { hasSignedInHint, SIGNED_IN_HINT_COOKIE } from '../../shared/signed-in-hint';

export type AuthMode = 'signup' | 'login';
type Field = 'username' | 'email' | 'password' | 'login';
type FieldErrors = Partial<Record<Field, string[]>>;

const FIELDS: Record<AuthMode, readonly Field[]> = {
  signup: ['username', 'email', 'password'],
  login: ['login', 'password'],
};

/** Field messages of a zod failure, keyed by the first path segment. */
function zodFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '') as Field;
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/**
 * The server's answer as the form shows it: field messages under their fields (a taken username
 * or email under that field), anything else in the alert above the button.
 */
export function errorsFromServer(
  mode: AuthMode,
  error: ApiClientError,
): { fields: FieldErrors; alert: string | null } {
  const fields: FieldErrors = {};
  for (const [key, messages] of Object.entries(error.fields)) {
    if ((FIELDS[mode] as readonly string[]).includes(key)) fields[key as Field] = messages;
  }
  if (Object.keys(fields).length > 0) return { fields, alert: null };
  if (mode === 'signup' && error.code === 'CONFLICT') {
    const field: Field = /e-?mail/i.test(error.message) ? 'email' : 'username';
    return { fields: { [field]: [error.message] }, alert: null };
  }
  if (mode === 'login' && error.status === 401)
    return { fields: {}, alert: 'Invalid username, email or password.' };
  if (error.code === 'RATE_LIMITED' && error.retryAfter) {
    return { fields: {}, alert: `Too many attempts. Please try again in ${error.retryAfter} seconds.` };
  }
  return { fields: {}, alert: error.message || 'Something went wrong. Please try again.' };
}

interface Props {
  mode: AuthMode;
}

/** Sign-up (username, email, password) and log-in (username or email, password). */
export function AuthForm({ mode }: Props) {
  const id = useId();
  const signup = mode === 'signup';
  const [values, setValues] = useState<Record<Field, string>>({
    username: '',
    email: '',
    password: '',
    login: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [next, setNext] = useState('/dashboard');
  const refs = {
    username: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    login: useRef<HTMLInputElement>(null),
  };
  const alertRef = useRef<HTMLParagraphElement>(null);

  // Signed-in visitors have nothing to do here: send them on. Asked only when the server's
  // signed-in hint is there (src/shared/signed-in-hint.ts); a stale hint is cleared.
  useEffect(() => {
    const target = safeNext(new URLSearchParams(window.location.search).get('next'));
    setNext(target);
    if (!hasSignedInHint(document.cookie)) return;
    const controller = new AbortController();
    request(meOperation, { signal: controller.signal })
      .then((me) => {
        if (me.ok) window.location.replace(target);
        else document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
      })
      .catch(() => {});
    return () => controller.abort();
  }, []);

  const focusFirstError = (errs: FieldErrors) => {
    const first = FIELDS[mode].find((f) => errs[f]?.length);
    if (first) refs[first].current?.focus();
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setAlert(null);
    const parsed = signup
      ? signupRequestSchema.safeParse({
          username: values.username,
          email: values.email,
          password: values.password,
        })
      : loginRequestSchema.safeParse({ login: values.login, password: values.password });
    if (!parsed.success) {
      const errs = zodFields(parsed.error.issues);
      setErrors(errs);
      focusFirstError(errs);
      return;
    }
    setErrors({});
    setPending(true);
    const result = signup
      ? await request(signupOperation, {
          body: { username: values.username, email: values.email, password: values.password },
        })
      : await request(loginOperation, { body: { login: values.login, password: values.password } });
    if (result.ok) {
      window.location.assign(next);
      return;
    }
    setPending(false);
    const shown = errorsFromServer(mode, result.error);
    setErrors(shown.fields);
    setAlert(shown.alert);
    if (shown.alert) {
      setValues((v) => ({ ...v, password: '' }));
      requestAnimationFrame(() =>
        mode === 'login' ? refs.password.current?.focus() : alertRef.current?.focus(),
      );
    } else {
      focusFirstError(shown.fields);
    }
  };

  const set = (field: Field) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const errorId = (field: Field) => `${id}-${field}-error`;
  const hintId = `${id}-password-hint`;
  const described = (field: Field, extra?: string) =>
    [errors[field]?.length ? errorId(field) : null, extra].filter(Boolean).join(' ') || undefined;
  const fieldProps = (field: Field) => ({
    ref: refs[field],
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    readOnly: pending,
    required: true,
    'aria-invalid': errors[field]?.length ? true : undefined,
    onChange: set(field),
  });
  const otherPage = signup ? 'login' : 'signup';
  const otherHref = next === '/dashboard' ? `/${otherPage}` : authUrl(otherPage, next);

  return (
    <div className="card mx-auto w-full max-w-md">
      <h1 className="text-2xl font-bold text-ink">{signup ? 'Create your account' : 'Sign in'}</h1>
      <p className="mt-1 text-sm text-muted">
        {signup
          ? 'Get API keys, subscribe to APIs and follow your usage.'
          : 'Welcome back. Sign in to your dashboard.'}
      </p>
      <form
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        className="mt-6 grid gap-4"
        aria-busy={pending}
        data-testid={`${mode}-form`}
      >
        {signup ? (
          <>
            <div>
              <Label htmlFor={`${id}-username`}>Username</Label>
              <Input
                {...fieldProps('username')}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={32}
                aria-describedby={described('username')}
              />
              <FieldError id={errorId('username')} messages={errors.username} />
            </div>
            <div>
              <Label htmlFor={`${id}-email`}>Email</Label>
              <Input
                {...fieldProps('email')}
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                aria-describedby={described('email')}
              />
              <FieldError id={errorId('email')} messages={errors.email} />
            </div>
          </>
        ) : (
          <div>
            <Label htmlFor={`${id}-login`}>Username or email</Label>
            <Input
              {...fieldProps('login')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              aria-describedby={described('login')}
            />
            <FieldError id={errorId('login')} messages={errors.login} />
          </div>
        )}
        <div>
          <Label htmlFor={`${id}-password`}>Password</Label>
          <div className="relative">
            <Input
              {...fieldProps('password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete={signup ? 'new-password' : 'current-password'}
              autoCapitalize="none"
              spellCheck={false}
              className="pr-20"
              aria-describedby={described('password', signup ? hintId : undefined)}
            />
            <button
              type="button"
              className="absolute inset-y-0 right-0 rounded-r-lg px-3 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              aria-controls={`${id}-password`}
              onClick={() => setShowPassword((s) => !s)}
            >
              {showPassword ? 'Hide' : 'Show'}
              <span className="sr-only"> password</span>
            </button>
          </div>
          {signup ? (
            <p id={hintId} className="mt-1.5 text-xs text-muted">
              At least {PASSWORD_MIN} characters, and not a common password.
            </p>
          ) : null}
          <FieldError id={errorId('password')} messages={errors.password} />
        </div>
        {alert ? (
          <p
            ref={alertRef}
            tabIndex={-1}
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
          >
            {alert}
          </p>
        ) : null}
        <Button type="submit" disabled={pending} className="w-full">
          {pending
            ? signup
              ? 'Creating account...'
              : 'Signing in...'
            : signup
              ? 'Create account'
              : 'Sign in'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        {signup ? 'Already have an account? ' : 'New to Optiq? '}
        <a href={otherHref} className="font-medium text-brand-700 underline underline-offset-2">
          {signup ? 'Sign in' : 'Create an account'}
        </a>
      </p>
    </div>
  );
}
