import type { Auth } from '../../platform/auth';
import type { ProfileService } from '../profile/profile.service';
import type { DemoContent } from './demo-content';
import type { DemoRepository } from './demo.repository';

/** Demo accounts for a first look (printed at start-up); the passwords are public on purpose. */
export const demoAccounts = [
  {
    email: 'lehrkraft@demo.korrigo.de',
    password: 'Demo-Lehrer1',
    name: 'Frau Demo Lehrkraft',
    // the demo shows the whole product: class sets and text recognition are Premium Lehrer's (ADR 0018)
    plan: 'premium_teacher' as const,
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
    plan: 'premium_student' as const,
    fields: {
      accountType: 'student' as const,
      bundesland: '',
      school: '',
      subjects: [],
      classLevel: '9. Klasse',
    },
  },
];

/**
 * Creates the demo accounts once (SEED_DEMO, at start-up) and the demo teacher's content (demo-content.ts),
 * the demo student in her class; running it again changes nothing. It takes the services it needs rather than
 * the app, so that nothing below app.ts depends on it.
 */
export async function seedDemoAccounts(deps: {
  auth: Auth;
  profiles: ProfileService;
  repository: DemoRepository;
  content: DemoContent;
}) {
  for (const demo of demoAccounts) {
    if (await deps.repository.userIdByEmail(demo.email)) continue;
    // better-auth's sign-up asks for the terms (platform/auth.ts); the demo accounts are ours
    const body = { name: demo.name, email: demo.email, password: demo.password, termsAccepted: true };
    const created = await deps.auth.api.signUpEmail({ body });
    await deps.profiles.setAccountFields(created.user.id, demo.fields);
    await deps.repository.markVerified(created.user.id);
  }
  // every start, so demo accounts seeded before plans existed get theirs too
  for (const demo of demoAccounts) {
    const userId = await deps.repository.userIdByEmail(demo.email);
    if (userId) await deps.repository.setPlan(userId, demo.plan);
  }
  const [teacher, student] = await Promise.all(
    demoAccounts.map((demo) => deps.repository.userIdByEmail(demo.email)),
  );
  if (teacher) await deps.content.seed(teacher, student ? { studentUserId: student } : {});
  return { teacherId: teacher };
}
