import { releases } from '../../db/schema';
import type { Database } from '../../platform/db';

export type ReleaseRow = typeof releases.$inferSelect;

export function createUpdatesRepository(db: Database) {
  return {
    async list(): Promise<ReleaseRow[]> {
      return db.select().from(releases);
    },

    /** undefined when this category already has this version (unique index) */
    async insert(values: typeof releases.$inferInsert): Promise<ReleaseRow | undefined> {
      const [row] = await db
        .insert(releases)
        .values(values)
        .onConflictDoNothing({ target: [releases.category, releases.version] })
        .returning();
      return row;
    },
  };
}

export type UpdatesRepository = ReturnType<typeof createUpdatesRepository>;
