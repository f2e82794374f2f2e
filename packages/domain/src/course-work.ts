import { z } from 'zod';
import { countOf } from './plural';

// A course's assignments, exams and materials (spec 001 §2 course details modal, §3 Assignment, Exam, Material,
// §4, §5, §8, §9; issue 15 §5).

export const courseWorkMessages = {
  // spec 001 §8 Course modal (the spec names them for materials; its assignment and exam errors are unshown,
  // so the same sentences serve all three)
  saveFailed: 'Fehler beim Speichern. Bitte versuchen Sie es erneut.',
  deleteFailed: 'Fehler beim Löschen. Bitte versuchen Sie es erneut.',
  uploadFailed: 'Fehler beim Hochladen der Dateien. Bitte versuchen Sie es erneut.',
  // ours
  titleRequired: 'Bitte geben Sie einen Titel ein.',
  nameRequired: 'Bitte geben Sie einen Namen ein.',
  typeRequired: 'Bitte wählen Sie einen Typ.',
  statusInvalid: 'Bitte wählen Sie einen Status.',
  pointsInvalid: 'Die Punkte müssen eine Zahl ab 0 sein.',
  dueDateInvalid: 'Bitte geben Sie ein Fälligkeitsdatum mit Uhrzeit an.',
  dateInvalid: 'Bitte geben Sie ein Datum an.',
  linkInvalid: 'Bitte geben Sie Links mit http:// oder https:// an.',
  tooLong: 'Dieser Text ist zu lang.',
  newAssignment: 'Neue Aufgabe',
  newExam: 'Neue Prüfung',
  newMaterial: 'Neues Material',
  editAssignment: 'Aufgabe bearbeiten',
  editExam: 'Prüfung bearbeiten',
  editMaterial: 'Material bearbeiten',
  edit: 'Bearbeiten',
  delete: 'Löschen',
  cancel: 'Abbrechen',
  save: 'Speichern',
  create: 'Erstellen',
  emptyAssignments: 'Noch keine Aufgaben für diesen Kurs.',
  emptyExams: 'Noch keine Prüfungen für diesen Kurs.',
  emptyMaterials: 'Noch keine Materialien für diesen Kurs.',
  loading: 'Wird geladen …',
  loadFailed: 'Die Einträge konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  saved: 'Gespeichert.',
  deleted: 'Gelöscht.',
  deleteAssignmentTitle: (title: string) => `Aufgabe „${title}“ löschen?`,
  deleteExamTitle: (name: string) => `Prüfung „${name}“ löschen?`,
  deleteMaterialTitle: (title: string) => `Material „${title}“ löschen?`,
  deleteFileTitle: (name: string) => `Datei „${name}“ löschen?`,
  deleteBody: 'Das lässt sich nicht rückgängig machen.',
  deleteMaterialBody:
    'Das Material und seine Dateien werden gelöscht. Das lässt sich nicht rückgängig machen.',
  title: 'Titel',
  name: 'Name',
  description: 'Beschreibung',
  dueDate: 'Fällig am',
  points: 'Punkte',
  status: 'Status',
  text: 'Aufgabentext',
  links: 'Links (einer pro Zeile)',
  date: 'Datum',
  topics: 'Themen (eines pro Zeile)',
  learningObjectives: 'Lernziele (eines pro Zeile)',
  topicsShort: 'Themen',
  learningObjectivesShort: 'Lernziele',
  type: 'Typ',
  author: 'Autor/in',
  materialText: 'Text',
  files: 'Dateien',
  filesHint: 'PDF, DOC, DOCX, JPG, PNG, TXT oder ZIP, bis zu 10 Dateien mit je höchstens 10 MB.',
  uploadDate: 'Hochgeladen am',
  download: (name: string) => `${name} herunterladen`,
  deleteFile: (name: string) => `${name} löschen`,
  noFiles: 'Keine Dateien.',
  pointsShort: (points: number) => countOf(points.toLocaleString('de-DE'), 'Punkt', 'Punkte'),
  dueShort: (date: string) => `Fällig: ${date}`,
  // ours: uploads (a file's name is quoted as the uploader gave it)
  tooManyFiles: 'Bitte laden Sie höchstens 10 Dateien auf einmal hoch.',
  fileTooLarge: 'Eine Datei ist größer als 10 MB. Bitte wählen Sie eine kleinere Datei.',
  noFilesSent: 'Bitte wählen Sie mindestens eine Datei aus.',
  unsupportedFile: (name: string) =>
    `Die Datei „${name}“ hat kein erlaubtes Format. Erlaubt sind: PDF, DOC, DOCX, JPG, PNG, TXT, ZIP.`,
} as const;

/**
 * Assignment statuses. spec 001 §4: the form offers Bevorstehend, Aktiv, Vergangen; a new assignment starts as
 * Angekündigt, which is not among the options (the form shows it only while it is the current value).
 */
export const assignmentStatuses = ['announced', 'upcoming', 'active', 'past'] as const;
export type AssignmentStatus = (typeof assignmentStatuses)[number];
export const assignmentStatusOptions = ['upcoming', 'active', 'past'] as const;
export const assignmentStatusLabels: Record<AssignmentStatus, string> = {
  announced: 'Angekündigt',
  upcoming: 'Bevorstehend',
  active: 'Aktiv',
  past: 'Vergangen',
};

/**
 * Exam statuses. spec 001 §4 offers Geplant, Angekündigt, Abgeschlossen and starts a new exam as 'planned',
 * a value outside its option values that read as Geplant all the same. We store `planned` as the Geplant
 * option itself, so every stored value is one the form can show: planned = Geplant, announced = Angekündigt,
 * completed = Abgeschlossen; a new exam is `planned`.
 */
export const examStatuses = ['planned', 'announced', 'completed'] as const;
export type ExamStatus = (typeof examStatuses)[number];
export const examStatusOptions = examStatuses;
export const examStatusLabels: Record<ExamStatus, string> = {
  planned: 'Geplant',
  announced: 'Angekündigt',
  completed: 'Abgeschlossen',
};

/** spec 001 §3 Material.type, shown as Übung, Vorlesung, Ressource, Sonstiges. */
export const materialTypes = ['exercise', 'lecture', 'resource', 'other'] as const;
export type MaterialType = (typeof materialTypes)[number];
export const materialTypeLabels: Record<MaterialType, string> = {
  exercise: 'Übung',
  lecture: 'Vorlesung',
  resource: 'Ressource',
  other: 'Sonstiges',
};

export const courseWorkLimits = {
  titleMax: 200,
  textMax: 20_000,
  descriptionMax: 2000,
  listMax: 50,
  itemMax: 300,
  pointsMax: 100_000,
  linkMax: 2000,
  /** ours: one upload request carries at most this many files, each at most this large */
  maxFiles: 10,
  maxFileBytes: 10 * 1024 * 1024,
  /** ours: a material keeps at most this many files */
  maxFilesPerMaterial: 30,
} as const;

/** spec 001 §5: the upload accepts these endings (the server checks the content, not the ending). */
export const materialFileAccept = '.pdf,.doc,.docx,.jpg,.jpeg,.png,.txt,.zip';

/** spec 001 §9: a new assignment has 10 points and is due tomorrow; a new exam is in 7 days. */
export const courseWorkDefaults = { assignmentPoints: 10, assignmentDueInDays: 1, examInDays: 7 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (value: number) => String(value).padStart(2, '0');

/** The date of `date` as YYYY-MM-DD in local time (what a date input shows). */
export function localDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The new-assignment form's values at `now` (spec 001 §4, §9). */
export function newAssignmentDefaults(now: Date) {
  return {
    title: '',
    description: '',
    dueDate: new Date(now.getTime() + courseWorkDefaults.assignmentDueInDays * DAY_MS).toISOString(),
    points: courseWorkDefaults.assignmentPoints,
    status: 'announced' as AssignmentStatus,
    text: '',
    links: [] as string[],
  };
}

/** The new-exam form's values at `now` (spec 001 §4, §9): planned, in 7 days. */
export function newExamDefaults(now: Date) {
  return {
    name: '',
    date: localDate(new Date(now.getTime() + courseWorkDefaults.examInDays * DAY_MS)),
    status: 'planned' as ExamStatus,
    topics: [] as string[],
    learningObjectives: [] as string[],
  };
}

const optionalText = (max: number) => z.string().trim().max(max, courseWorkMessages.tooLong);
const requiredText = (message: string) =>
  z.string(message).trim().min(1, message).max(courseWorkLimits.titleMax, courseWorkMessages.tooLong);
const textList = z
  .array(z.string().trim().min(1).max(courseWorkLimits.itemMax, courseWorkMessages.tooLong))
  .max(courseWorkLimits.listMax, courseWorkMessages.tooLong);

/** issue 15 §5: an assignment's links (the spec's fileUrl) are http or https addresses, nothing else. */
export const courseLinkSchema = z
  .string()
  .trim()
  .max(courseWorkLimits.linkMax, courseWorkMessages.linkInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, courseWorkMessages.linkInvalid);

/** spec 001 §5: title required; points a number, minimum 0; due date a date and time. No id: the server makes it. */
export const assignmentFieldsSchema = z.strictObject({
  title: requiredText(courseWorkMessages.titleRequired),
  description: optionalText(courseWorkLimits.descriptionMax),
  dueDate: z.iso.datetime({ offset: true, error: courseWorkMessages.dueDateInvalid }),
  points: z
    .number(courseWorkMessages.pointsInvalid)
    .min(0, courseWorkMessages.pointsInvalid)
    .max(courseWorkLimits.pointsMax, courseWorkMessages.pointsInvalid),
  status: z.enum(assignmentStatuses, courseWorkMessages.statusInvalid),
  text: optionalText(courseWorkLimits.textMax),
  links: z.array(courseLinkSchema).max(courseWorkLimits.listMax, courseWorkMessages.tooLong),
});
export const createAssignmentRequestSchema = assignmentFieldsSchema.extend({
  description: assignmentFieldsSchema.shape.description.default(''),
  status: assignmentFieldsSchema.shape.status.default('announced'),
  text: assignmentFieldsSchema.shape.text.default(''),
  links: assignmentFieldsSchema.shape.links.default([]),
});
export type CreateAssignmentRequest = z.input<typeof createAssignmentRequestSchema>;
export const updateAssignmentRequestSchema = assignmentFieldsSchema.partial();
export type UpdateAssignmentRequest = z.input<typeof updateAssignmentRequestSchema>;

/** spec 001 §5: an exam's name is required. */
export const examFieldsSchema = z.strictObject({
  name: requiredText(courseWorkMessages.nameRequired),
  date: z.iso.date(courseWorkMessages.dateInvalid),
  status: z.enum(examStatuses, courseWorkMessages.statusInvalid),
  topics: textList,
  learningObjectives: textList,
});
export const createExamRequestSchema = examFieldsSchema.extend({
  status: examFieldsSchema.shape.status.default('planned'),
  topics: textList.default([]),
  learningObjectives: textList.default([]),
});
export type CreateExamRequest = z.input<typeof createExamRequestSchema>;
export const updateExamRequestSchema = examFieldsSchema.partial();
export type UpdateExamRequest = z.input<typeof updateExamRequestSchema>;

/** spec 001 §5: a material's title and type are required; its files come by their own upload. */
export const materialFieldsSchema = z.strictObject({
  title: requiredText(courseWorkMessages.titleRequired),
  type: z.enum(materialTypes, courseWorkMessages.typeRequired),
  description: optionalText(courseWorkLimits.descriptionMax),
  author: optionalText(courseWorkLimits.titleMax),
  text: optionalText(courseWorkLimits.textMax),
});
export const createMaterialRequestSchema = materialFieldsSchema.extend({
  description: materialFieldsSchema.shape.description.default(''),
  author: materialFieldsSchema.shape.author.default(''),
  text: materialFieldsSchema.shape.text.default(''),
});
export type CreateMaterialRequest = z.input<typeof createMaterialRequestSchema>;
export const updateMaterialRequestSchema = materialFieldsSchema.partial();
export type UpdateMaterialRequest = z.input<typeof updateMaterialRequestSchema>;

export const assignmentSchema = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  title: z.string(),
  description: z.string(),
  dueDate: z.string(),
  points: z.number(),
  status: z.enum(assignmentStatuses),
  text: z.string(),
  links: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;
export const assignmentListSchema = z.array(assignmentSchema);

export const examSchema = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  name: z.string(),
  date: z.string(),
  status: z.enum(examStatuses),
  topics: z.array(z.string()),
  learningObjectives: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Exam = z.infer<typeof examSchema>;
export const examListSchema = z.array(examSchema);

export const materialFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
});
export type MaterialFile = z.infer<typeof materialFileSchema>;

/** spec 001 §3 Material; `uploadDate` is when it was created, `files` replace the spec's fileUrl list. */
export const materialSchema = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  title: z.string(),
  description: z.string(),
  type: z.enum(materialTypes),
  author: z.string(),
  text: z.string(),
  files: z.array(materialFileSchema),
  uploadDate: z.string(),
  updatedAt: z.string(),
});
export type Material = z.infer<typeof materialSchema>;
export const materialListSchema = z.array(materialSchema);
