import { messages } from './messages';

/** spec 000 §3: account types, chosen at sign-up and changeable in the profile. */
export const accountTypes = ['student', 'teacher'] as const;
export type AccountType = (typeof accountTypes)[number];

export const accountTypeLabels: Record<AccountType, string> = {
  student: 'Schülerin, Schüler oder Studierende',
  teacher: 'Lehrkraft',
};

/** spec 000 §5: the 16 German states. */
export const bundeslaender = [
  'Baden-Württemberg',
  'Bayern',
  'Berlin',
  'Brandenburg',
  'Bremen',
  'Hamburg',
  'Hessen',
  'Mecklenburg-Vorpommern',
  'Niedersachsen',
  'Nordrhein-Westfalen',
  'Rheinland-Pfalz',
  'Saarland',
  'Sachsen',
  'Sachsen-Anhalt',
  'Schleswig-Holstein',
  'Thüringen',
] as const;

/** spec 000 §5: common subjects offered to teachers. */
export const commonSubjects = [
  'Mathematik',
  'Deutsch',
  'Englisch',
  'Biologie',
  'Physik',
  'Chemie',
  'Geschichte',
  'Erdkunde',
  'Informatik',
  'Kunst',
  'Musik',
  'Sport',
] as const;

/** spec 000 §5: 1st to 13th Klasse and 1st to 12th Semester. */
export const classLevelOptions: readonly string[] = [
  ...Array.from({ length: 13 }, (_, i) => `${i + 1}. Klasse`),
  ...Array.from({ length: 12 }, (_, i) => `${i + 1}. Semester`),
];

/** spec 000 §9 */
export const accountConstants = {
  startingCredits: 5,
  startingUsedCredits: 0,
  startingPlan: 'free' as const,
  passwordMinLength: 8,
  profileImageMaxBytes: 5 * 1024 * 1024,
  profileImageTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const,
  logoutRedirectMs: 1500,
  chunkLoadTimeoutMs: 120_000,
  initialsMaxLetters: 2,
} as const;

/**
 * Custom subject rule (spec 000 §5): trimmed, no duplicates (case-insensitive), blank ignored.
 * Returns the new list; the caller adds on Enter.
 */
export function addSubject(list: readonly string[], candidate: string): string[] {
  const subject = candidate.trim();
  if (!subject) return [...list];
  if (list.some((s) => s.toLocaleLowerCase('de-DE') === subject.toLocaleLowerCase('de-DE'))) return [...list];
  return [...list, subject];
}

/** spec 000 §5: at least 8 characters, 1 uppercase letter, 1 digit. */
export function passwordChecklist(password: string) {
  return {
    minLength: password.length >= accountConstants.passwordMinLength,
    uppercase: /\p{Lu}/u.test(password),
    digit: /\d/.test(password),
  };
}

export function isPasswordValid(password: string): boolean {
  const c = passwordChecklist(password);
  return c.minLength && c.uppercase && c.digit;
}

export type PasswordStrength = 'Kein Passwort' | 'Schwach' | 'Mittel' | 'Gut' | 'Stark';

/**
 * Strength score (spec 000 §5): +1 for >= 8 characters, +1 for >= 10, +1 uppercase, +1 digit, +1 special
 * character. 0–1 Schwach, 2 Mittel, 3 Gut, 4+ Stark; empty is "Kein Passwort".
 */
export function passwordStrength(password: string): { score: number; label: PasswordStrength } {
  if (password.length === 0) return { score: 0, label: 'Kein Passwort' };
  let score = 0;
  if (password.length >= 8) score++;
  if (password.length >= 10) score++;
  if (/\p{Lu}/u.test(password)) score++;
  if (/\d/.test(password)) score++;
  if (/[^\p{L}\d\s]/u.test(password)) score++;
  const label: PasswordStrength =
    score <= 1 ? 'Schwach' : score === 2 ? 'Mittel' : score === 3 ? 'Gut' : 'Stark';
  return { score, label };
}

export type SignupStep1 = {
  name: string;
  accountType: AccountType;
  bundesland: string;
  school: string;
  subjects: string[];
  classLevel: string;
  termsAccepted: boolean;
};

/**
 * Sign-up step 1 checks in the spec's order (spec 000 §5), also before Google sign-up.
 * Returns the first failing message, or null when step 1 may proceed.
 */
export function validateSignupStep1(data: SignupStep1): string | null {
  if (!data.name.trim()) return messages.signup.nameRequired;
  if (!data.termsAccepted) return messages.signup.termsRequired;
  if (data.accountType === 'teacher') {
    if (!data.bundesland.trim()) return messages.signup.bundeslandRequired;
    if (!data.school.trim()) return messages.signup.schoolRequired;
  } else if (!data.classLevel.trim()) {
    return messages.signup.classLevelRequired;
  }
  return null;
}

/** Step 2: both fields required, then the password rules. */
export function validateSignupStep2(data: { email: string; password: string }): string | null {
  if (!data.email.trim() || !data.password) return messages.signup.credentialsRequired;
  if (!isPasswordValid(data.password)) return messages.signup.passwordInvalid;
  return null;
}

/** Which fields belong to an account type: switching type clears the other type's fields (spec 000 §3). */
export function fieldsForAccountType<
  T extends { bundesland: string; school: string; subjects: string[]; classLevel: string },
>(accountType: AccountType, fields: T): Pick<T, 'bundesland' | 'school' | 'subjects' | 'classLevel'> {
  return accountType === 'teacher'
    ? { bundesland: fields.bundesland, school: fields.school, subjects: fields.subjects, classLevel: '' }
    : { bundesland: '', school: '', subjects: [], classLevel: fields.classLevel };
}

/** spec 000 §9: initials have at most 2 letters. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, accountConstants.initialsMaxLetters)
    .map((part) => part[0]!.toLocaleUpperCase('de-DE'))
    .join('');
}
