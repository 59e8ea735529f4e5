/** The admin list's calls, kept in one place so the page components stay about UI. */
import { apiJson } from '../../lib/api-client';

/** A contact submission as the admin list reads it (spec 3). */
export interface ContactSubmission {
  id: string;
  name: string;
  email: string;
  message: string;
  pageName: string;
  createdAt: string;
}

export interface ContactsPage {
  items: ContactSubmission[];
  /** Total number of submissions on the server. */
  total: number;
  /** Opaque cursor for the next page; null on the last page. */
  nextCursor: string | null;
}

/** Rows per request: a screenful or two, small enough to stay fast with thousands stored. */
export const PAGE_SIZE = 25;

export function contactsUrl(cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return `/api/contacts?${params}`;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function toSubmission(row: unknown): ContactSubmission | null {
  if (!isRecord(row)) return null;
  const str = (k: string) => (typeof row[k] === 'string' ? (row[k] as string) : String(row[k] ?? ''));
  return { id: str('id'), name: str('name'), email: str('email'), message: str('message'), pageName: str('pageName'), createdAt: str('createdAt') };
}

/** Reads one page of GET /api/contacts. */
export function parseContactsPage(body: unknown): ContactsPage {
  const list = Array.isArray(body) ? body : isRecord(body) ? (body['items'] ?? body['contacts'] ?? body['data']) : [];
  const items = (Array.isArray(list) ? list : []).map(toSubmission).filter((c): c is ContactSubmission => c !== null);
  const meta = isRecord(body) ? body : {};
  const total = typeof meta['total'] === 'number' ? meta['total'] : items.length;
  const cursor = meta['next_cursor'] ?? meta['nextCursor'];
  return { items, total, nextCursor: typeof cursor === 'string' && cursor ? cursor : null };
}

export async function fetchContactsPage(cursor: string | null, signal?: AbortSignal): Promise<ContactsPage> {
  return parseContactsPage(await apiJson<unknown>('GET', contactsUrl(cursor), undefined, signal ? { signal } : {}));
}

export interface SessionState {
  authenticated: boolean;
  configured: boolean;
}

export async function fetchSession(): Promise<SessionState> {
  const body = await apiJson<Partial<SessionState>>('GET', '/api/auth/session');
  return { authenticated: body.authenticated === true, configured: body.configured !== false };
}

export async function login(username: string, password: string): Promise<void> {
  await apiJson('POST', '/api/auth/login', { username, password });
}

export async function logout(): Promise<void> {
  await apiJson('POST', '/api/auth/logout');
}

/** Local flag so a reload shows the list at once; the server's answers stay the authority. */
export const LOGGED_IN_FLAG = 'optiq-admin-logged-in';

export function readLoggedInFlag(): boolean {
  try {
    return localStorage.getItem(LOGGED_IN_FLAG) === '1';
  } catch {
    return false;
  }
}

export function writeLoggedInFlag(on: boolean): void {
  try {
    if (on) localStorage.setItem(LOGGED_IN_FLAG, '1');
    else localStorage.removeItem(LOGGED_IN_FLAG);
  } catch {
    // Storage can be disabled (private mode); the session cookie still works.
  }
}
