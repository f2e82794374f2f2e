import { eq } from 'drizzle-orm';
import { contactMessages } from '../../db/schema';
import type { Database } from '../../platform/db';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export function createContactRepository(db: Database) {
  return {
    async insert(values: typeof contactMessages.$inferInsert): Promise<ContactMessageRow> {
      const [row] = await db.insert(contactMessages).values(values).returning();
      return row!;
    },

    async setMailStatus(id: string, mailStatus: ContactMessageRow['mailStatus'], mailError: string | null) {
      await db.update(contactMessages).set({ mailStatus, mailError }).where(eq(contactMessages.id, id));
    },

    async findById(id: string): Promise<ContactMessageRow | undefined> {
      const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
      return row;
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
