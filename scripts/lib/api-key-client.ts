/**
 * An API key for scripts that call a running server: signs up a throwaway account through the
 * account endpoints, subscribes it to `apiId` at `tier` and creates a key: the same steps a
 * visitor takes in the dashboard.
 */
import { randomBytes } from 'node:crypto';

export async function signUpForKey(
  origin: string,
  { apiId = 'image-object-detection', tier = 'premium' }: { apiId?: string; tier?: string } = {},
): Promise<string> {
  const name = `bench-${randomBytes(5).toString('hex')}`;
  const post = async (path: string, body: unknown, cookie?: string) => {
    const res = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(cookie && { Cookie: cookie }) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const signup = await post('/api/account/signup', {
    username: name,
    email: `${name}@example.test`,
    password: randomBytes(18).toString('base64url'),
  });
  const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  await post('/api/subscriptions', { api_id: apiId, tier }, cookie);
  const created = (await (await post('/api/account/keys', { name: 'bench' }, cookie)).json()) as {
    key: string;
  };
  return created.key;
}
