/**
 * What `npm start` and `npm run dev` both start before answering requests: the database
 * (prepare-database.ts, embedded PGlite served on a loopback port so the batch queue has
 * connections of its own) and the background work (background.ts: the batch worker and the
 * retention timers).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../server/db';
import { startBackgroundWork, type BackgroundWork } from './background';
import { prepareDatabase, type PreparedDatabase } from './prepare-database';

export interface LocalRuntime {
  db: Kysely<Database>;
  database: PreparedDatabase;
  background: BackgroundWork;
  /** Stops the background work, then closes the database. */
  stop(): Promise<void>;
}

export async function startLocalRuntime({ log }: { log: (message: string) => void }): Promise<LocalRuntime> {
  const database = await prepareDatabase({ serveEmbedded: true, log });
  const background = await startBackgroundWork({ db: database.db, log });
  return {
    db: database.db,
    database,
    background,
    stop: async () => {
      await background.stop();
      await database.close();
    },
  };
}
