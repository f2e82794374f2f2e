import { and, eq, like, lt } from 'drizzle-orm';
import { demoEmailDomain, type PlanId } from '@korrigo/domain';
import { user } from '../../db/schema';
import type { Database } from '../../platform/db';
import { createPlans } from '../plans/plans.service';

/** Demo accounts get addresses in this form, so they can be told apart from the seeded ones and removed. */
export const DEMO_EMAIL_PREFIX = 'demo-';
export const DEMO_EMAIL_DOMAIN = demoEmailDomain;

export function createDemoRepository(db: Database) {
  const plans = createPlans(db);
  return {
    async userIdByEmail(email: string): Promise<string | undefined> {
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
      return row?.id;
    },

    async markVerified(userId: string) {
      await db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
    },

    async setPlan(userId: string, plan: PlanId) {
      await plans.applyPlan(db, userId, plan);
    },

    /** Removes demo accounts created before `before` (profiles and sessions go with them by cascade). */
    async deleteDemoUsersCreatedBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(user)
        .where(and(like(user.email, `${DEMO_EMAIL_PREFIX}%${DEMO_EMAIL_DOMAIN}`), lt(user.createdAt, before)))
        .returning({ id: user.id });
      return rows.length;
    },
  };
}

export type DemoRepository = ReturnType<typeof createDemoRepository>;
