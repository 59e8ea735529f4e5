/**
 * Reports of wrong authenticity results (POST /api/error): stored as sent, read by the admin on
 * /c beside the contact submissions. SQL only.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db';

export interface ErrorReportInput {
  userId: string | null;
  imageUrl: string;
  jobId: string | null;
  comment: string | null;
}

export async function insertErrorReport(
  db: Kysely<Database>,
  r: ErrorReportInput,
): Promise<{ id: string; createdAt: Date }> {
  const row = await db
    .insertInto('authenticity_error_reports')
    .values({ user_id: r.userId, image_url: r.imageUrl, job_id: r.jobId, comment: r.comment })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, createdAt: row.created_at };
}

export interface ErrorReportRow {
  id: string;
  imageUrl: string;
  jobId: string | null;
  comment: string | null;
  account: string | null;
  createdAt: string;
}

/** The newest reports first, with the reporting account's email when known. */
export async function listErrorReports(
  db: Kysely<Database>,
  limit = 50,
): Promise<{ items: ErrorReportRow[]; total: number }> {
  const rows = await db
    .selectFrom('authenticity_error_reports as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.image_url', 'r.job_id', 'r.comment', 'r.created_at', 'u.email'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  const count = await db
    .selectFrom('authenticity_error_reports')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    items: rows.map((r) => ({
      id: r.id,
      imageUrl: r.image_url,
      jobId: r.job_id,
      comment: r.comment,
      account: r.email ?? null,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: Number(count.n),
  };
}
