import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LoginForm } from './LoginForm';

describe('LoginForm', () => {
  it('shows visitors a neutral "not available" when the server has no admin settings', () => {
    const html = renderToStaticMarkup(<LoginForm configured={false} onLoggedIn={() => {}} />);
    expect(html).toContain('This page is not available.');
    expect(html).not.toMatch(/ADMIN_|SESSION_SECRET|password|not configured|environment/i);
    expect(html).not.toContain('<form');
  });

  it('asks for username and password when it is configured', () => {
    const html = renderToStaticMarkup(<LoginForm configured onLoggedIn={() => {}} />);
    expect(html).toContain('<form');
    expect(html).toContain('Username');
    expect(html).toContain('Password');
    expect(html).not.toContain('not available');
  });
});
