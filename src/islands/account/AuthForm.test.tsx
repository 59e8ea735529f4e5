import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuthForm, errorsFromServer } from './AuthForm';

import type { ApiClientError } from '../../shared/api-client';

const err = (over: Partial<ApiClientError>): ApiClientError => ({
  status: 400,
  code: 'INVALID_REQUEST',
  message: 'Invalid',
  fields: {},
  retryAfter: undefined,
  details: null,
  aborted: false,
  ...over,
});

describe('errorsFromServer', () => {
  it('puts the server field messages under their fields', () => {
    expect(
      errorsFromServer(
        'signup',
        err({ fields: { email: ['Please enter a valid email address'], other: ['x'] } }),
      ),
    ).toEqual({
      fields: { email: ['Please enter a valid email address'] },
      alert: null,
    });
  });

  it('puts a taken email or username under that field', () => {
    expect(
      errorsFromServer(
        'signup',
        err({
          status: 409,
          code: 'CONFLICT',
          message: 'That email is already registered',
          fields: { email: ['That email is already registered'] },
        }),
      ).fields,
    ).toEqual({
      email: ['That email is already registered'],
    });
    expect(
      errorsFromServer(
        'signup',
        err({ status: 409, code: 'CONFLICT', message: 'An account with this email already exists' }),
      ).fields,
    ).toEqual({
      email: ['An account with this email already exists'],
    });
    expect(
      errorsFromServer('signup', err({ status: 409, code: 'CONFLICT', message: 'That username is taken' }))
        .fields,
    ).toEqual({ username: ['That username is taken'] });
  });

  it('says credentials are wrong on a refused log-in, and when to retry after too many', () => {
    expect(errorsFromServer('login', err({ status: 401, code: 'UNAUTHORIZED', message: 'x' }))).toEqual({
      fields: {},
      alert: 'Invalid username, email or password.',
    });
    expect(
      errorsFromServer('login', err({ status: 429, code: 'RATE_LIMITED', message: 'x', retryAfter: 42 }))
        .alert,
    ).toBe('Too many attempts. Please try again in 42 seconds.');
  });
});

describe('AuthForm', () => {
  it('renders the sign-up fields with their autocomplete hints and a link to sign in', () => {
    const html = renderToStaticMarkup(<AuthForm mode="signup" />);
    expect(html).toMatch(
      /name="username"[^>]*autoComplete="username"|autoComplete="username"[^>]*name="username"/i,
    );
    expect(html).toMatch(/type="email"/);
    expect(html).toMatch(/autoComplete="new-password"/i);
    expect(html).toContain('href="/login"');
    expect(html).toMatch(
      /<button[^>]*aria-controls="[^"]*-password"[^>]*>Show<span class="sr-only"> password<\/span><\/button>/,
    );
  });

  it('renders the log-in fields with current-password and a link to sign up', () => {
    const html = renderToStaticMarkup(<AuthForm mode="login" />);
    expect(html).toContain('Username or email');
    expect(html).toMatch(/autoComplete="current-password"/i);
    expect(html).toContain('href="/signup"');
    expect(html).not.toContain('name="email"');
  });
});
