import crypto from 'node:crypto';
import { demoLimits, type DemoSessionResponse } from '@korrigo/domain';
import type { Auth } from '../../platform/auth';
import type { SignedIn } from '../../platform/session';
import type { SessionCache } from '../../platform/session-cache';
import type { ProfileService } from '../profile/profile.service';
import type { DemoContent } from './demo-content';
import { DEMO_EMAIL_DOMAIN, DEMO_EMAIL_PREFIX, type DemoRepository } from './demo.repository';

/** What a demo teacher looks like: a complete profile, so every screen has something to show. */
const demoTeacher = {
  name: 'Demo Lehrkraft',
  fields: {
    accountType: 'teacher' as const,
    bundesland: 'Thüringen',
    school: 'Demo-Gymnasium Jena',
    subjects: ['Deutsch', 'Mathematik', 'Englisch'],
    classLevel: '',
  },
};

export function createDemoService(deps: {
  auth: Auth;
  profiles: ProfileService;
  repository: DemoRepository;
  /** the remembered session checks (platform/session-cache.ts): removed accounts must not stay signed in */
  sessions: Pick<SessionCache<SignedIn>, 'clear'>;
  /** the class, course, test, class set and analyses every demo teacher finds (issue 16 §8) */
  content: DemoContent;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    /**
     * spec 000 §2 (/demo): a fresh demo teacher with a random password nobody knows, signed in at once.
     * Each visitor gets their own account, so nobody sees another visitor's work; old demo accounts are
     * removed on the way.
     */
    async start(requestHeaders: Headers): Promise<{ headers: Headers; body: DemoSessionResponse }> {
      const lifetimeMs = demoLimits.lifetimeHours * 60 * 60 * 1000;
      const removed = await deps.repository.deleteDemoUsersCreatedBefore(
        new Date(now().getTime() - lifetimeMs),
      );
      if (removed > 0) deps.sessions.clear();

      const email = `${DEMO_EMAIL_PREFIX}${crypto.randomBytes(8).toString('hex')}${DEMO_EMAIL_DOMAIN}`;
      const password = `Aa1-${crypto.randomBytes(24).toString('base64url')}`;
      // better-auth's sign-up asks for the terms (platform/auth.ts) and records them; a demo account is ours
      const body = { name: demoTeacher.name, email, password, rememberMe: false, termsAccepted: true };
      const created = await deps.auth.api.signUpEmail({
        body,
        headers: requestHeaders,
        returnHeaders: true,
      });
      const userId = created.response.user.id;
      await deps.profiles.setAccountFields(userId, demoTeacher.fields);
      await deps.repository.markVerified(userId);
      // a visitor tries the whole product, class sets included (ADR 0018)
      await deps.repository.setPlan(userId, 'premium_teacher');
      // only queued here: the papers are graded by the job queue while the visitor looks around
      await deps.content.seed(userId);
      return {
        headers: created.headers,
        body: { email, expiresAt: new Date(now().getTime() + lifetimeMs).toISOString() },
      };
    },
  };
}

export type DemoService = ReturnType<typeof createDemoService>;
