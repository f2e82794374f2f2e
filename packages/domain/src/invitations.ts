import { z } from 'zod';
import { classLimits } from './classes';
import { scheduleEntrySchema } from './courses';

// Invitations into schools and classes, and a student's own classes and courses (issue 15 §1, §3).

export const invitationMessages = {
  // ours. Errors both teachers and students may read address nobody (like messages.http); the rest says
  // Sie to teachers and du to students.
  notFound: 'Diese Einladung gibt es nicht oder sie gilt nicht mehr.',
  invalidCode: 'Bitte einen gültigen Code eingeben (8 Zeichen, z. B. ABCD-EFGH).',
  studentCannotJoinSchool:
    'Diese Einladung ist für Lehrkräfte. Mit deinem Schülerkonto kannst du ihr nicht folgen.',
  teacherCannotJoinClass:
    'Diese Einladung ist für Schülerinnen und Schüler. Mit einem Lehrkraftkonto können Sie ihr nicht folgen.',
  wrongEmail:
    'Diese Einladung gilt für eine andere E-Mail-Adresse. Bitte mit dem eingeladenen Konto anmelden.',
  emailRequired: 'Bitte eine E-Mail-Adresse angeben.',
  // ours (issue 31): an unconfirmed address takes over no roster entry; the pupil confirms it first
  confirmEmailToJoin:
    'Bitte bestätige zuerst deine E-Mail-Adresse (im Profil). Danach kannst du der Klasse beitreten und deinen Eintrag in der Schülerliste übernehmen.',
  // ours (issue 31): invitations to an address are listed only once it is confirmed; the mailed link works before
  confirmEmailToSeeInvitations: {
    teacher:
      'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse (im Profil): Erst dann erscheinen hier Einladungen an diese Adresse. Den Link aus einer Einladungs-E-Mail können Sie schon jetzt öffnen.',
    student:
      'Bitte bestätige zuerst deine E-Mail-Adresse (im Profil): Erst dann erscheinen hier Einladungen an diese Adresse. Den Link aus einer Einladungs-E-Mail kannst du schon jetzt öffnen.',
  },
  // the teacher's screens
  tabPending: 'Einladungen',
  received: 'Erhaltene Einladungen',
  sent: 'Gesendete Einladungen',
  noReceived: 'Keine offenen Einladungen an Sie.',
  noSent: 'Sie haben keine offenen Einladungen verschickt.',
  accept: 'Annehmen',
  decline: 'Ablehnen',
  revoke: 'Zurückziehen',
  revoked: 'Einladung zurückgezogen.',
  declined: 'Einladung abgelehnt.',
  copyLink: 'Link kopieren',
  copyCode: 'Code kopieren',
  joinCode: 'Beitrittscode',
  joinLink: 'Beitrittslink',
  inviteStudents: 'Schülerinnen und Schüler einladen',
  inviteStudentsHint:
    'Mit dem Code oder dem Link treten Schülerinnen und Schüler mit eigenem Konto der Klasse bei. Ein Eintrag der Schülerliste mit derselben E-Mail wird dabei übernommen, sobald die Adresse bestätigt ist.',
  inviteColleagues: 'Kollegium einladen',
  inviteColleaguesHint:
    'Mit dem Code oder dem Link treten Kolleginnen und Kollegen der Schule bei. Klassen sehen sie erst, wenn sie dort Lehrkraft sind.',
  showJoinCode: 'Beitrittscode anzeigen',
  email: 'E-Mail-Adresse',
  sendInvitation: 'Einladung senden',
  invitationSent: (email: string) => `Einladung an ${email} gesendet.`,
  createFailed: 'Die Einladung konnte nicht erstellt werden.',
  loadFailed: 'Die Einladungen konnten nicht geladen werden.',
  kindSchool: 'Kollegium',
  kindClass: 'Klasse',
  to: 'An',
  joinCodeFor: 'Beitrittscode',
  from: (name: string) => `von ${name}`,
  // the invitation page (teachers and students open it; the page speaks to whoever opens it)
  pageTitle: 'Einladung',
  previewSchoolTeacher: (inviter: string, school: string) =>
    `${inviter} lädt Sie ins Kollegium der Schule „${school}“ ein.`,
  previewClassStudent: (inviter: string, className: string, school: string) =>
    `${inviter} lädt dich in die Klasse ${className} (${school}) ein.`,
  // ours (issue 34 §5): the page before signing in or up, for the link's visitor without a session
  visitorClassStudent:
    'Registriere dich kostenlos als Schülerin oder Schüler oder melde dich an. Danach kommst du hierher zurück und kannst die Einladung annehmen.',
  visitorSchoolTeacher:
    'Registrieren Sie sich kostenlos als Lehrkraft oder melden Sie sich an. Danach kommen Sie hierher zurück und können die Einladung annehmen.',
  visitorPersonalStudent: 'Nimm dafür die E-Mail-Adresse, an die die Einladung ging.',
  visitorPersonalTeacher: 'Nehmen Sie dafür die E-Mail-Adresse, an die die Einladung ging.',
  signUp: 'Registrieren',
  signIn: 'Anmelden',
  acceptedSchool: 'Sie gehören jetzt zum Kollegium dieser Schule.',
  acceptedClass: 'Du bist jetzt in der Klasse.',
  // the student's classes in her learning profile (du)
  myTitle: 'Meine Klassen',
  mySubtitle: 'Die Klassen, zu denen du gehörst. Ihre Kurse stehen unter „Meine Kurse“.',
  myInvitations: 'Deine Einladungen',
  myEmpty:
    'Du bist noch in keiner Klasse. Frag deine Lehrkraft nach dem Beitrittscode oder dem Einladungslink.',
  myLoadFailed: 'Deine Klassen konnten nicht geladen werden.',
  enterCode: 'Code eingeben',
  enterCodeHint: 'Den Beitrittscode bekommst du von deiner Lehrkraft.',
  join: 'Beitreten',
  teachers: 'Lehrkräfte',
} as const;

/** The code alphabet: no 0/O and 1/I, which read alike when a code is copied from the board. */
export const invitationCodeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const invitationCodeLength = 8;

/**
 * A typed code as stored: upper case, without the dash, spaces or other separators people type
 * ('abcd efgh', 'ABCD-EFGH'). Answers undefined when what is left cannot be a code.
 */
export function normalizeInvitationCode(input: string): string | undefined {
  const code = input.toUpperCase().replace(/[\s\-_.]/g, '');
  if (code.length !== invitationCodeLength) return undefined;
  for (const char of code) if (!invitationCodeAlphabet.includes(char)) return undefined;
  return code;
}

/** A stored code as shown: two groups of four, 'ABCD-EFGH'. */
export const formatInvitationCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

export const invitationKinds = ['school_teacher', 'class_student'] as const;
export type InvitationKind = (typeof invitationKinds)[number];

const optionalEmail = z
  .email()
  .trim()
  .max(classLimits.emailMax)
  .optional()
  .or(z.literal('').transform(() => undefined));

/**
 * POST /api/invitations. With an e-mail the invitation is personal and mailed; without, it is the school's or
 * class's join code (one per school or class: asking again answers the same one).
 */
export const createInvitationRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('school_teacher'), schoolId: z.uuid(), email: optionalEmail }),
  z.object({
    kind: z.literal('class_student'),
    classId: z.uuid(),
    email: optionalEmail,
    /** the roster entry the student's account takes over */
    classStudentId: z.uuid().optional(),
  }),
]);
export type CreateInvitationRequest = z.input<typeof createInvitationRequestSchema>;

export const invitationCodeParamsSchema = z.object({ code: z.string().max(40) });

/** An invitation as the teacher who sent it sees it. `code` is formatted (ABCD-EFGH). */
export const sentInvitationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(invitationKinds),
  code: z.string(),
  schoolId: z.uuid(),
  schoolName: z.string(),
  classId: z.uuid().nullable(),
  className: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type SentInvitation = z.infer<typeof sentInvitationSchema>;

/** An invitation addressed to the signed-in account's e-mail, not yet accepted. */
export const receivedInvitationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(invitationKinds),
  code: z.string(),
  schoolName: z.string(),
  className: z.string().nullable(),
  invitedByName: z.string(),
  createdAt: z.iso.datetime(),
});
export type ReceivedInvitation = z.infer<typeof receivedInvitationSchema>;

export const invitationListSchema = z.object({
  /** empty until the account's address is confirmed (issue 31): the codes in it are the mailed links */
  received: z.array(receivedInvitationSchema),
  sent: z.array(sentInvitationSchema),
  /** whether the account's e-mail address is confirmed; else the screens say to confirm it first */
  emailVerified: z.boolean(),
});
export type InvitationList = z.infer<typeof invitationListSchema>;

/** GET /api/invitations/:code: what the invitation page shows before it is accepted. */
export const invitationPreviewSchema = z.object({
  kind: z.enum(invitationKinds),
  code: z.string(),
  schoolName: z.string(),
  className: z.string().nullable(),
  invitedByName: z.string(),
  /** personal (sent to an e-mail) rather than a join code */
  personal: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptInvitationResponseSchema = z.object({
  kind: z.enum(invitationKinds),
  schoolId: z.uuid(),
  classId: z.uuid().nullable(),
});
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;

/**
 * A student's own class (issue 15 §3: she sees the classes she belongs to and nothing of other students'
 * data): no roster, no e-mails, only the teachers' names.
 */
export const studentClassSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  gradeLevel: z.string(),
  schoolName: z.string(),
  teachers: z.array(z.string()),
});
export type StudentClass = z.infer<typeof studentClassSchema>;

export const studentCourseSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subject: z.string(),
  description: z.string(),
  classroom: z.string(),
  schedule: z.array(scheduleEntrySchema),
  classNames: z.array(z.string()),
  teachers: z.array(z.string()),
});
export type StudentCourse = z.infer<typeof studentCourseSchema>;

export const myClassesSchema = z.object({
  classes: z.array(studentClassSchema),
  courses: z.array(studentCourseSchema),
});
export type MyClasses = z.infer<typeof myClassesSchema>;
