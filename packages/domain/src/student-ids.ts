import { z } from 'zod';

// The student ID for Premium Student (spec 000 §6: "requires a valid student ID"; issue 20 point 4, ADR 0020):
// a student uploads a photo or PDF, a teacher of her classes or courses (issue 31) or the operator confirms it
// until the end of the school year. The file is deleted once decided; the decision stays.

/** JPEG, PNG or PDF, recognised by content, not by name. */
export const studentIdFileTypes = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const studentIdMaxBytes = 5 * 1024 * 1024;

export const studentIdStatuses = ['pending', 'approved', 'rejected'] as const;
export type StudentIdStatus = (typeof studentIdStatuses)[number];

export const studentIdCheckSchema = z.object({
  id: z.string(),
  status: z.enum(studentIdStatuses),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  validUntil: z.string().nullable(),
  reviewNote: z.string().nullable(),
});
export type StudentIdCheck = z.infer<typeof studentIdCheckSchema>;

/** GET /api/student-id: the latest upload and whether an ID is confirmed now. */
export const myStudentIdSchema = z.object({
  latest: studentIdCheckSchema.nullable(),
  confirmedUntil: z.string().nullable(),
});
export type MyStudentId = z.infer<typeof myStudentIdSchema>;

/** A pending upload as a reviewer sees it. */
export const studentIdReviewItemSchema = z.object({
  id: z.string(),
  studentName: z.string(),
  studentEmail: z.string(),
  /** the schools the reviewer shares with the student (empty for the operator's view of others) */
  schoolNames: z.array(z.string()),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
});
export type StudentIdReviewItem = z.infer<typeof studentIdReviewItemSchema>;

export const studentIdReviewListSchema = z.object({
  /** the signed-in user reviews as the operator (OPERATOR_EMAILS) and sees every pending upload */
  operator: z.boolean(),
  items: z.array(studentIdReviewItemSchema),
});
export type StudentIdReviewList = z.infer<typeof studentIdReviewListSchema>;

export const studentIdDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }).strict(),
  z
    .object({
      decision: z.literal('reject'),
      note: z
        .string()
        .trim()
        .min(1, 'Bitte geben Sie einen Grund an, damit die Schülerin oder der Schüler ihn versteht.')
        .max(500, 'Der Grund darf höchstens 500 Zeichen lang sein.'),
    })
    .strict(),
]);
export type StudentIdDecision = z.infer<typeof studentIdDecisionSchema>;

/** German messages (ours): du to the student, Sie to reviewers. */
export const studentIdMessages = {
  onlyStudents: 'Den Schülerausweis laden nur Schülerinnen und Schüler hoch.',
  invalidType: 'Bitte lade ein Foto (JPEG oder PNG) oder eine PDF-Datei deines Ausweises hoch.',
  tooLarge: 'Die Datei ist zu groß. Erlaubt sind höchstens 5 MB.',
  missingFile: 'Bitte wähle eine Datei aus.',
  alreadyPending:
    'Dein Ausweis wird gerade geprüft. Du kannst erst nach der Entscheidung einen neuen hochladen.',
  alreadyDecided: 'Über diesen Ausweis wurde bereits entschieden.',
  notificationApprovedTitle: 'Schülerausweis bestätigt',
  notificationApproved: (until: string) =>
    `Dein Schülerausweis ist bestätigt – gültig bis ${until}. Du kannst jetzt Premium Student buchen.`,
  notificationRejectedTitle: 'Schülerausweis abgelehnt',
  notificationRejected: (note: string) =>
    `Dein Schülerausweis wurde nicht bestätigt. Grund: ${note} Du kannst einen neuen hochladen.`,
} as const;

export const studentIdStatusLabels: Record<StudentIdStatus, string> = {
  pending: 'ausstehend',
  approved: 'bestätigt',
  rejected: 'abgelehnt',
};
