/**
 * Creating an account. Apart from users.ts because of the password rule's dictionaries (~2 MB,
 * password-policy.ts): only the sign-up function bundles them, not every account function.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { hashPassword } from '../auth/password';
import { passwordRefusal } from '../auth/password-policy';
import { HttpError } from '../http/errors';
import type { SignupRequest } from '../../shared/schemas/account';
import { isUniqueViolation, taken, takenFields, type UserRecord } from './users';

/** Creates an account; 409 CONFLICT when the username or the email is taken (any case). */
export async function signUp(db: Kysely<Database>, input: Required<SignupRequest>): Promise<UserRecord> {
  // Before the lookup: a refused password says nothing about which names are taken.
  const weak = passwordRefusal(input.password, [
    input.username,
    input.email,
    input.email.split('@')[0] ?? '',
  ]);
  if (weak)
    throw new HttpError(400, 'INVALID_REQUEST', `password: ${weak}`, {
      details: { fields: { password: [weak] } },
    });
  const pre = await takenFields(db, input.username, input.email);
  if (pre.length > 0) throw taken(pre);
  const password = await hashPassword(input.password);
  try {
    const row = await db
      .insertInto('users')
      .values({ username: input.username, email: input.email, password })
      .returning(['id', 'username', 'email', 'created_at'])
      .executeTakeFirstOrThrow();
    return { id: row.id, username: row.username, email: row.email, createdAt: row.created_at };
  } catch (error) {
    // Two sign-ups racing for one name: the unique index decides, the loser gets the same 409.
    if (!isUniqueViolation(error)) throw error;
    const raced = await takenFields(db, input.username, input.email);
    throw taken(raced.length > 0 ? raced : ['username']);
  }
}
