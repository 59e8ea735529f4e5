import { readAdminConfig } from './config';

/**
 * Help text for `npm start` when the admin page cannot be used yet; null when the admin
 * credentials are configured. The lead's start script prints it.
 */
export function adminSetupHint(env: Record<string, string | undefined> = process.env): string | null {
  const result = readAdminConfig(env);
  if (result.ok) return null;
  return [
    'Admin page /c is disabled: ' + result.problems.join('; ') + '.',
    'To enable it, set these environment variables (no default credentials exist):',
    '  ADMIN_USERNAME=<your admin user name>',
    "  ADMIN_PASSWORD_HASH='<output of npm run admin:hash-password>'   # single quotes: the hash contains $",
    '  SESSION_SECRET=$(openssl rand -base64 48)                      # 32+ random characters',
  ].join('\n');
}
