import crypto from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  accountConstants,
  planLimit,
  fieldsForAccountType,
  isPasswordValid,
  messages,
  profileUpdateSchema,
  type AccountType,
  type Profile,
  type ProfileUpdate,
} from '@korrigo/domain';
import { AppError, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import type { SignedIn } from '../../platform/session';
import type { SessionCache } from '../../platform/session-cache';
import type { Storage } from '../../platform/storage';
import { emailChangeConfirmationMail, emailChangeNoticeMail, passwordChangedMail } from './profile.mails';
import type { ProfileRepository, ProfileRow, UserRow } from './profile.repository';

type Clock = () => Date;

/** How long the confirmation link for a new e-mail address works. */
const EMAIL_CHANGE_VALID_HOURS = 24;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setMonth(next.getMonth() + months);
  return next;
}

function firstOfNextMonth(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth() + 1, 1);
}

type PlanContext = Awaited<ReturnType<ProfileRepository['findPlanContext']>>;

function toProfile(
  user: UserRow,
  profile: ProfileRow,
  pendingEmail: string | null,
  { subscription, team }: PlanContext,
): Profile {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    pendingEmail,
    displayName: user.name,
    createdAt: user.createdAt.toISOString(),
    photoURL: profile.photoKey ? `/api/profile/photo?v=${profile.photoVersion}` : null,
    accountType: profile.accountType,
    bundesland: profile.bundesland,
    school: profile.school,
    subjects: profile.subjects,
    classLevel: profile.classLevel,
    plan: profile.plan,
    credits: profile.credits,
    usedCredits: profile.usedCredits,
    remainingCredits: profile.credits === null ? null : Math.max(0, profile.credits - profile.usedCredits),
    nextReset: profile.nextReset.toISOString(),
    usage: {
      companionRequests: {
        used: profile.companionRequestsUsed,
        limit: planLimit(profile.plan, 'companionRequests', profile.accountType),
      },
      testGenerations: {
        used: profile.testGenerationsUsed,
        limit: planLimit(profile.plan, 'testGenerations', profile.accountType),
      },
    },
    subscription:
      subscription?.plan && subscription.interval && subscription.status
        ? {
            plan: subscription.plan,
            interval: subscription.interval,
            status: subscription.status,
            nextBillingDate:
              subscription.status === 'canceled'
                ? null
                : (subscription.currentPeriodEnd?.toISOString() ?? null),
            trialEnd: subscription.trialEnd?.toISOString() ?? null,
            cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          }
        : null,
    team,
  };
}

export function createProfileService(deps: {
  repository: ProfileRepository;
  storage: Storage;
  hashPassword(password: string): Promise<string>;
  /** better-auth's own check (platform/auth.ts), so the current password is checked as at sign-in */
  verifyPassword(hash: string, password: string): Promise<boolean>;
  mailer: Mailer;
  /** the remembered session checks (platform/session-cache.ts): they must not outlive a change made here */
  sessions: Pick<SessionCache<SignedIn>, 'forgetUser'>;
  now?: Clock;
}) {
  const { repository, storage } = deps;
  const now = deps.now ?? (() => new Date());

  async function load(userId: string) {
    const row = await repository.findUserWithProfile(userId);
    if (!row) throw notFound();
    return row;
  }

  /** Missing: 400; wrong: 403; both as a field error on `currentPassword`. */
  async function checkCurrentPassword(userId: string, accountType: AccountType, password: string) {
    if (!password) {
      const message = messages.profile.currentPasswordRequired[accountType];
      throw new AppError('validation', message, { fields: { currentPassword: message } });
    }
    const hash = await repository.findCredentialPasswordHash(userId);
    // An account that signed up with Google has no password to check; it sets one by a reset first.
    if (!hash) {
      throw new AppError('validation', messages.profile.noPasswordAccount, {
        fields: { currentPassword: messages.profile.noPasswordAccount },
      });
    }
    if (!(await deps.verifyPassword(hash, password))) {
      const message = messages.profile.currentPasswordWrong;
      throw new AppError('wrong-password', message, { status: 403, fields: { currentPassword: message } });
    }
  }

  /**
   * Roles follow their source (issue 31): the account type changes only while nothing depends on the one it
   * has, so that a pupil on a roster does not make herself a teacher, nor a teacher of a class a pupil (409).
   */
  async function checkAccountTypeChange(userId: string, from: AccountType, to: AccountType) {
    if (from === to) return;
    // the school said who she is; she does not choose it (issue 35 §1)
    if (await repository.schoolRole(userId)) {
      const message = messages.profile.accountTypeFromSchool[from];
      throw new AppError('conflict', message, { fields: { accountType: message } });
    }
    const ties = await repository.accountTypeTies(userId);
    if (!ties[from]) return;
    const message = messages.profile.accountTypeLocked[from];
    throw new AppError('conflict', message, { fields: { accountType: message } });
  }

  /** Stores the new address with a fresh link's hash, mails the link to it and tells the old address. */
  async function requestEmailChange(
    userId: string,
    to: { name: string; accountType: AccountType; email: string; newEmail: string },
    linkBase: string,
  ) {
    const secret = crypto.randomBytes(32).toString('base64url');
    await repository.saveEmailChange(userId, {
      email: to.newEmail,
      tokenHash: sha256(secret),
      expiresAt: new Date(now().getTime() + EMAIL_CHANGE_VALID_HOURS * 60 * 60 * 1000),
    });
    const url = `${linkBase}/api/profile/email-change?token=${encodeURIComponent(`${userId}.${secret}`)}`;
    await deps.mailer.send(emailChangeConfirmationMail(to, url, EMAIL_CHANGE_VALID_HOURS));
    await deps.mailer.send(emailChangeNoticeMail(to, linkBase));
  }

  return {
    /**
     * Every new account gets a profile with the sign-up values (spec 000 §3, §9): 5 credits, 0 used, plan
     * free, next reset one month after sign-up. Sign-up then fills in the account type's fields. A school's
     * sign-in (issue 35 §1) has said already: the account type its role claim gives and the school it names.
     */
    async createForNewUser(
      userId: string,
      school: { role: 'student' | 'teacher'; name: string } | null = null,
    ) {
      await repository.insertProfileIfMissing({
        userId,
        accountType: school?.role ?? 'student',
        ...(school?.name ? { school: school.name } : {}),
        credits: planLimit(accountConstants.startingPlan, 'analyses', school?.role ?? 'student'),
        usedCredits: accountConstants.startingUsedCredits,
        plan: accountConstants.startingPlan,
        nextReset: addMonths(now(), 1),
      });
    },

    /**
     * Reads the profile; a missing one is created on first load with the spec's other defaults (spec 000 §4:
     * credits 0, plan free, account type student, next reset on the first of next month).
     */
    async get(userId: string): Promise<Profile> {
      let row = await load(userId);
      if (!row.profile) {
        await repository.insertProfileIfMissing({
          userId,
          accountType: 'student',
          credits: 0,
          usedCredits: 0,
          plan: 'free',
          nextReset: firstOfNextMonth(now()),
        });
        row = await load(userId);
      }
      const change = await repository.findEmailChange(userId);
      const pending = change && !change.confirmed && change.expiresAt > now();
      return toProfile(
        row.user,
        row.profile!,
        pending ? change.email : null,
        await repository.findPlanContext(userId),
      );
    },

    /** Sets the account type's fields; switching type clears the other type's fields (spec 000 §3). */
    async setAccountFields(
      userId: string,
      fields: {
        accountType: AccountType;
        bundesland: string;
        school: string;
        subjects: string[];
        classLevel: string;
      },
      extra: { name?: string } = {},
    ) {
      const current = await this.get(userId);
      await checkAccountTypeChange(userId, current.accountType, fields.accountType);
      await repository.updateProfile(userId, {
        accountType: fields.accountType,
        // the free plan's allowance depends on the account type (ADR 0018)
        credits: planLimit(current.plan, 'analyses', fields.accountType),
        ...fieldsForAccountType(fields.accountType, fields),
      });
      if (extra.name) {
        await repository.updateUser(userId, { name: extra.name });
        deps.sessions.forgetUser(userId);
      }
    },

    /**
     * Profile edit (spec 000 §5). A session alone changes name and school fields; a new e-mail or a new
     * password also needs the current password, so that a borrowed or stolen session cannot take the account
     * over. A new password ends the user's other sessions and is mailed to the account's address. A new
     * e-mail only gets a confirmation link (see confirmEmailChange) and the old address is told. The links in
     * these mails start with `linkBase` (platform/origins.ts: linkBaseUrl).
     */
    async update(
      userId: string,
      sessionId: string,
      input: ProfileUpdate,
      linkBase: string,
    ): Promise<{ profile: Profile; emailConfirmationSent: boolean }> {
      const data = profileUpdateSchema.parse(input);
      const current = await this.get(userId);
      const email = data.email.toLowerCase();
      const emailChanged = email !== current.email.toLowerCase();
      const passwordChanged = data.newPassword !== '';
      if (passwordChanged && !isPasswordValid(data.newPassword)) {
        throw new AppError('validation', messages.signup.passwordInvalid, {
          fields: { newPassword: messages.signup.passwordInvalid },
        });
      }
      if (emailChanged || passwordChanged) {
        await checkCurrentPassword(userId, current.accountType, data.currentPassword);
      }
      await checkAccountTypeChange(userId, current.accountType, data.accountType);
      if (emailChanged) {
        const owner = await repository.findUserByEmail(email);
        if (owner && owner.id !== userId) {
          throw new AppError('email-already-in-use', messages.providerErrors['email-already-in-use'], {
            status: 409,
            fields: { email: messages.providerErrors['email-already-in-use'] },
          });
        }
      }

      if (passwordChanged) {
        await repository.updateCredentialPassword(userId, await deps.hashPassword(data.newPassword));
        await repository.deleteSessions(userId, sessionId);
      }
      await repository.updateUser(userId, { name: data.displayName });
      await repository.updateProfile(userId, {
        accountType: data.accountType,
        credits: planLimit(current.plan, 'analyses', data.accountType),
        ...fieldsForAccountType(data.accountType, data),
      });
      // ended sessions end now, not when the cache runs out; a new name shows at once
      deps.sessions.forgetUser(userId);

      // Addressed as the saved account type says (the form may just have switched it).
      const recipient = { name: data.displayName, accountType: data.accountType, email: current.email };
      if (passwordChanged) await deps.mailer.send(passwordChangedMail(recipient, linkBase));
      if (emailChanged) await requestEmailChange(userId, { ...recipient, newEmail: email }, linkBase);
      return { profile: await this.get(userId), emailConfirmationSent: emailChanged };
    },

    /**
     * Follows the link from the confirmation mail: the new address becomes the sign-in address (verified, as
     * the mail reached it) and every session ends, so the user signs in again with it (spec 000 §2).
     * The token is `<user id>.<secret>`; only the secret's hash is stored. A followed link is kept, marked,
     * until it runs out: opened again (a second click, a mail preview) it says the address is confirmed.
     */
    async confirmEmailChange(token: string): Promise<'changed' | 'confirmed' | 'invalid' | 'taken'> {
      const [userId = '', secret = ''] = token.split('.', 2);
      const change = userId && secret ? await repository.findEmailChange(userId) : undefined;
      if (
        !change ||
        change.expiresAt <= now() ||
        !crypto.timingSafeEqual(Buffer.from(sha256(secret)), Buffer.from(change.tokenHash))
      ) {
        return 'invalid';
      }
      if (change.confirmed) {
        const row = await repository.findUserWithProfile(userId);
        return row?.user.email === change.email ? 'confirmed' : 'invalid';
      }
      // The address was free when the change was asked for; someone may have signed up with it since, or
      // does so right now (changeEmail's unique index then answers).
      const outcome = (await repository.findUserByEmail(change.email))
        ? 'taken'
        : await repository.changeEmail(userId, change.email);
      if (outcome === 'taken') {
        await repository.deleteEmailChange(userId);
        return 'taken';
      }
      await repository.markEmailChangeConfirmed(userId, change);
      await repository.deleteSessions(userId);
      deps.sessions.forgetUser(userId);
      return 'changed';
    },

    /** When the user accepted the terms (spec 000 §5 step 1): at an e-mail sign-up, or after a Google one. */
    async recordTermsAccepted(userId: string) {
      await repository.updateProfile(userId, { termsAcceptedAt: now() });
    },

    /** A password reset drops a pending e-mail change: the old address's owner is back in control. */
    async cancelEmailChange(userId: string) {
      await repository.deleteEmailChange(userId);
    },

    /** Photo: jpeg, png, gif or webp by content, at most 5 MB (spec 000 §5); the old photo is deleted. */
    async setPhoto(userId: string, data: Buffer): Promise<Profile> {
      if (data.byteLength > accountConstants.profileImageMaxBytes) {
        throw new AppError('image-too-large', messages.profile.imageTooLarge, { status: 413 });
      }
      const type = await fileTypeFromBuffer(data);
      if (!type || !(accountConstants.profileImageTypes as readonly string[]).includes(type.mime)) {
        throw new AppError('invalid-image-type', messages.profile.invalidImageType, { status: 415 });
      }
      const row = await load(userId);
      await this.get(userId);
      const key = await storage.put(`profile-images/${userId}`, data);
      await repository.updateProfile(userId, {
        photoKey: key,
        photoVersion: (row.profile?.photoVersion ?? 0) + 1,
      });
      if (row.profile?.photoKey) await storage.delete(row.profile.photoKey);
      return this.get(userId);
    },

    async getPhoto(userId: string): Promise<{ data: Buffer; mime: string }> {
      const row = await load(userId);
      const data = row.profile?.photoKey ? await storage.get(row.profile.photoKey) : null;
      if (!data) throw notFound();
      const type = await fileTypeFromBuffer(data);
      return { data, mime: type?.mime ?? 'application/octet-stream' };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
