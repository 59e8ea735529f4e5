/** The admin page's calls, through the contracts, kept in one place so the components stay about UI. */
import { request, type ApiResult } from '../../shared/api-client';
import {
  adminLoginOperation,
  adminLogoutOperation,
  adminSessionOperation,
} from '../../shared/contracts/admin-auth';
import type { AdminSession } from '../../shared/schemas/admin-session';
import { listContactsOperation } from '../../shared/contracts/contacts';
import type { ContactPage } from '../../shared/schemas/contact';

export type { ContactSubmission } from '../../shared/schemas/contact';

/** Rows per request: a screenful or two, small enough to stay fast with thousands stored. */
export const PAGE_SIZE = 25;

/** One page of GET /api/contacts (newest first); `cursor` is the previous page's `next_cursor`. */
export function fetchContactsPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ApiResult<ContactPage>> {
  return request(listContactsOperation, {
    query: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
    signal,
  });
}

export function fetchSession(): Promise<ApiResult<AdminSession>> {
  return request(adminSessionOperation);
}

export function login(username: string, password: string) {
  return request(adminLoginOperation, { body: { username, password } });
}

export function logout() {
  return request(adminLogoutOperation);
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
