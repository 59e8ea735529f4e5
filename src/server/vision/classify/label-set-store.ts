/**
 * Custom label sets of an account: stored examples are embeddings, never images. Every read and
 * delete is scoped to the owning user: another account's set id answers as if it did not exist.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db';
import { decodeEmbedding, encodeEmbedding } from './embedding';
import type { LabelledEmbedding } from './knn';
import type { LabelSet } from '../../../shared/schemas/classify';

const iso = (d: Date | string): string => new Date(d).toISOString();

/** Stores a set with its example embeddings; answers the set as listed. */
export async function createLabelSet(
  db: Kysely<Database>,
  userId: string,
  name: string,
  examples: readonly LabelledEmbedding[],
): Promise<LabelSet> {
  return db.transaction().execute(async (trx) => {
    const set = await trx
      .insertInto('label_sets')
      .values({ user_id: userId, name })
      .returning(['id', 'name', 'created_at'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('label_set_examples')
      .values(
        examples.map((e) => ({
          label_set_id: set.id,
          label: e.label,
          embedding: encodeEmbedding(e.embedding),
        })),
      )
      .execute();
    return {
      id: set.id,
      name: set.name,
      labels: countLabels(examples.map((e) => e.label)),
      created_at: iso(set.created_at),
    };
  });
}

function countLabels(labels: readonly string[]): LabelSet['labels'] {
  const counts = new Map<string, number>();
  for (const l of labels) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([label, examples]) => ({ label, examples }));
}

/** The account's sets, newest first. */
export async function listLabelSets(db: Kysely<Database>, userId: string): Promise<LabelSet[]> {
  const sets = await db
    .selectFrom('label_sets')
    .select(['id', 'name', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  if (sets.length === 0) return [];
  const counts = await db
    .selectFrom('label_set_examples')
    .select(['label_set_id', 'label', (eb) => eb.fn.countAll<string>().as('n')])
    .where(
      'label_set_id',
      'in',
      sets.map((s) => s.id),
    )
    .groupBy(['label_set_id', 'label'])
    .execute();
  return sets.map((s) => ({
    id: s.id,
    name: s.name,
    labels: counts
      .filter((c) => c.label_set_id === s.id)
      .map((c) => ({ label: c.label, examples: Number(c.n) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    created_at: iso(s.created_at),
  }));
}

/** A set's examples, or undefined when the account has no such set. */
export async function labelSetExamples(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<{ labels: string[]; examples: LabelledEmbedding[] } | undefined> {
  const set = await db
    .selectFrom('label_sets')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!set) return undefined;
  const rows = await db
    .selectFrom('label_set_examples')
    .select(['label', 'embedding'])
    .where('label_set_id', '=', id)
    .orderBy('id')
    .execute();
  const examples = rows.map((r) => ({ label: r.label, embedding: decodeEmbedding(r.embedding) }));
  return { labels: [...new Set(examples.map((e) => e.label))].sort(), examples };
}

/** Deletes a set of the account; false when it has no such set. */
export async function deleteLabelSet(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('label_sets')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
