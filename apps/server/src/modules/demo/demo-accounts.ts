import { eq } from 'drizzle-orm';
import type { AppContext } from '../app';
import { user } from './schema';

/** Demo accounts for a first look (printed at start-up); the passwords are public on purpose. */
export const demoAccounts = [
  {
    email: 'lehrkraft@demo.korrigo.de',
    password: 'Demo-Lehrer1',
    name: 'Frau Demo Lehrkraft',
    fields: {
      accountType: 'teacher' as const,
      bundesland: 'Thüringen',
      school: 'Demo-Gymnasium Jena',
      subjects: ['Deutsch', 'Mathematik'],
      classLevel: '',
    },
  },
  {
    email: 'schueler@demo.korrigo.de',
    password: 'Demo-Schueler1',
    name: 'Max Demo Schüler',
    fields: {
      accountType: 'student' as const,
      bundesland: '',
      school: '',
      subjects: [],
      classLevel: '9. Klasse',
    },
  },
];

/** Creates the demo accounts once; running it again changes nothing. */
export async function seedDemo(context: AppContext) {
  for (const demo of demoAccounts) {
    const [existing] = await context.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, demo.email));
    if (existing) continue;
    // better-auth's sign-up asks for the terms (platform/auth.ts); the demo accounts are ours
    const body = { name: demo.name, email: demo.email, password: demo.password, termsAccepted: true };
    const created = await context.auth.api.signUpEmail({ body });
    await context.services.profiles.setAccountFields(created.user.id, demo.fields);
    await context.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, created.user.id));
  }
}
