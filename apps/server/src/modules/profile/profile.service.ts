import { fileTypeFromBuffer } from 'file-type';
import {
  accountConstants,
  fieldsForAccountType,
  isPasswordValid,
  messages,
  profileUpdateSchema,
  type AccountType,
  type Profile,
  type ProfileUpdate,
} from '@korrigo/domain';
import { AppError, notFound } from '../../platform/errors';
import type { SignedIn } from '../../platform/session';
import type { SessionCache } from '../../platform/session-cache';
import type { Storage } from '../../platform/storage';
import type { ProfileRepository, ProfileRow, UserRow } from './profile.repository';

type Clock = () => Date;

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setMonth(next.getMonth() + months);
  return next;
}

function firstOfNextMonth(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth() + 1, 1);
}

function toProfile(user: UserRow, profile: ProfileRow): Profile {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
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
    remainingCredits: profile.credits - profile.usedCredits,
    nextReset: profile.nextReset.toISOString(),
  };
}

export function createProfileService(deps: {
  repository: ProfileRepository;
  storage: Storage;
  hashPassword(password: string): Promise<string>;
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

  return {
    /**
     * Every new account gets a profile with the sign-up values (spec 000 §3, §9): 5 credits, 0 used, plan
     * free, next reset one month after sign-up. Sign-up then fills in the account type's fields.
     */
    async createForNewUser(userId: string) {
      await repository.insertProfileIfMissing({
        userId,
        accountType: 'student',
        credits: accountConstants.startingCredits,
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
      return toProfile(row.user, row.profile!);
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
      extra: { termsAccepted?: boolean; name?: string } = {},
    ) {
      await this.get(userId);
      await repository.updateProfile(userId, {
        accountType: fields.accountType,
        ...fieldsForAccountType(fields.accountType, fields),
        ...(extra.termsAccepted ? { termsAcceptedAt: now() } : {}),
      });
      if (extra.name) {
        await repository.updateUser(userId, { name: extra.name });
        deps.sessions.forgetUser(userId);
      }
    },

    /**
     * Profile edit (spec 000 §5). A changed e-mail ends every session, so the user signs in again with it
     * (spec 000 §2); a new password ends the user's other sessions.
     */
    async update(
      userId: string,
      sessionId: string,
      input: ProfileUpdate,
    ): Promise<{ profile: Profile; reloginRequired: boolean }> {
      const data = profileUpdateSchema.parse(input);
      const current = await this.get(userId);
      if (data.newPassword && !isPasswordValid(data.newPassword)) {
        throw new AppError('validation', messages.signup.passwordInvalid, {
          fields: { newPassword: messages.signup.passwordInvalid },
        });
      }
      const email = data.email.toLowerCase();
      const emailChanged = email !== current.email.toLowerCase();
      if (emailChanged) {
        const owner = await repository.findUserByEmail(email);
        if (owner && owner.id !== userId) {
          throw new AppError('email-already-in-use', messages.providerErrors['email-already-in-use'], {
            status: 409,
          });
        }
      }
      if (data.newPassword) {
        const updated = await repository.updateCredentialPassword(
          userId,
          await deps.hashPassword(data.newPassword),
        );
        // An account that signed up with Google has no password; setting one is not this form's job.
        if (!updated) throw new AppError('validation', messages.profile.noPasswordAccount);
      }
      await repository.updateUser(userId, {
        name: data.displayName,
        ...(emailChanged ? { email, emailVerified: false } : {}),
      });
      await repository.updateProfile(userId, {
        accountType: data.accountType,
        ...fieldsForAccountType(data.accountType, data),
      });
      if (emailChanged) await repository.deleteSessions(userId);
      else if (data.newPassword) await repository.deleteSessions(userId, sessionId);
      // ended sessions end now, not when the cache runs out; a new name or address shows at once
      deps.sessions.forgetUser(userId);
      return { profile: await this.get(userId), reloginRequired: emailChanged };
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
