import { z } from 'zod';
import { pupilCount, pupilNoun } from './plural';

// Schools, classes and their students (spec 001 §2 'My classes and courses', §3, §5, §8; issue 15).

export const classMessages = {
  // spec 001 §5 Create class, in the spec's order
  schoolRequired: 'Bitte wählen Sie eine Schule aus',
  requiredFields: 'Bitte alle Pflichtfelder ausfüllen',
  // spec 001 §5 Class details
  invalidClassData: 'Fehler: Ungültige Klassendaten',
  // spec 001 §8 Class actions
  removeStudentFailed: 'Fehler beim Entfernen des Schülers',
  addStudentFailed: 'Fehler beim Hinzufügen des Schülers',
  updateFailed: 'Fehler beim Aktualisieren der Klasse',
  updated: 'Klasse erfolgreich aktualisiert!',
  classNotFound: 'Fehler: Klasse nicht gefunden',
  // spec 001 §8 Name lookups
  unknownName: 'Unbekannt',
  noName: 'Kein Name',
  // ours
  title: 'Meine Klassen',
  subtitle: 'Ihre Schulen, Klassen, Schülerinnen und Schüler an einem Ort.',
  newClass: 'Neue Klasse',
  createClass: 'Klasse erstellen',
  created: 'Klasse erfolgreich erstellt!',
  createFailed: 'Fehler beim Erstellen der Klasse',
  newSchool: 'Neue Schule',
  schoolName: 'Name der Schule',
  addSchool: 'Schule hinzufügen',
  schoolCreated: 'Schule hinzugefügt.',
  schoolNameRequired: 'Bitte geben Sie den Namen der Schule ein.',
  school: 'Schule',
  noSchool: 'Noch keine Schule. Tragen Sie Ihre Schule im Profil ein oder fügen Sie eine hinzu.',
  name: 'Name der Klasse',
  gradeLevel: 'Klassenstufe',
  description: 'Beschreibung (optional)',
  descriptionShort: 'Beschreibung',
  roster: 'Schülerliste (optional)',
  rosterHint:
    'Ein Name pro Zeile, optional mit E-Mail: „Anna Schmidt, anna@example.de“ oder „Schmidt, Anna“. Spalten aus einer Tabelle (Nachname, Vorname, E-Mail) werden erkannt.',
  rosterPreview: (count: number) => `${pupilCount(count)} erkannt`,
  tabActive: 'Aktiv',
  tabArchived: 'Archiviert',
  search: 'Klassen durchsuchen',
  showAll: 'Alle anzeigen',
  showLess: 'Weniger anzeigen',
  loading: 'Klassen werden geladen …',
  loadFailed: 'Die Klassen konnten nicht geladen werden.',
  emptyActive: 'Noch keine Klassen. Legen Sie Ihre erste Klasse an.',
  emptyArchived: 'Keine archivierten Klassen.',
  noMatch: 'Keine Klasse passt zu Ihrer Suche.',
  students: pupilNoun.many,
  studentCount: pupilCount,
  noStudents: 'Noch keine Schülerinnen und Schüler in dieser Klasse.',
  addStudents: 'Schülerinnen und Schüler hinzufügen',
  addStudentsHint:
    'Ein Name pro Zeile, optional mit E-Mail, auch „Schmidt, Anna“ oder Spalten aus einer Tabelle. Wer schon in der Klasse ist, wird übersprungen.',
  studentsAdded: (count: number) =>
    count === 0
      ? 'Alle Schülerinnen und Schüler waren schon in der Klasse.'
      : `${pupilCount(count)} hinzugefügt.`,
  removeStudent: 'Entfernen',
  removeStudentTitle: (name: string) => `${name} aus der Klasse entfernen?`,
  removeStudentBody: 'Der Eintrag wird aus der Schülerliste dieser Klasse gelöscht.',
  // the class's teachers (ours)
  lastTeacher: 'Eine Klasse braucht mindestens eine Lehrkraft.',
  // adding pupils of the school's other classes (spec 001 §5)
  addFromSchool: 'Aus der Schule hinzufügen',
  searchSchoolPupils: 'Schülerinnen und Schüler der Schule suchen',
  schoolPupilsLoading: 'Schülerinnen und Schüler der Schule werden geladen …',
  addPupil: 'Hinzufügen',
  // a roster entry with an e-mail is invited from the list; one with an account says so (ours)
  invite: 'Einladen',
  inviteEntry: (name: string) => `${name} per E-Mail einladen`,
  accountLinked: 'Konto verbunden',
  noSchoolPupils: 'Keine weiteren Schülerinnen und Schüler der Schule.',
  teachers: 'Lehrkräfte',
  addTeacher: 'Lehrkraft hinzufügen',
  colleague: 'Kollegin oder Kollege',
  noColleagues: 'Alle Lehrkräfte der Schule unterrichten diese Klasse bereits.',
  removeTeacher: (name: string) => `${name} entfernen`,
  teacherAdded: 'Lehrkraft hinzugefügt.',
  teacherRemoved: 'Lehrkraft entfernt.',
  teacherChangeFailed: 'Die Lehrkräfte konnten nicht geändert werden.',
  teacherNotInSchool: 'Nur Lehrkräfte der Schule der Klasse können hinzugefügt werden.',
  studentRemoved: 'Aus der Klasse entfernt.',
  info: 'Informationen',
  courses: 'Kurse',
  edit: 'Klasse bearbeiten',
  save: 'Speichern',
  cancel: 'Abbrechen',
  close: 'Schließen',
  archive: 'Archivieren',
  unarchive: 'Wiederherstellen',
  archived: 'Klasse archiviert.',
  unarchived: 'Klasse wiederhergestellt.',
  createdAt: 'Erstellt am',
  details: 'Details',
  statClasses: 'Klassen',
  statStudents: pupilNoun.many,
  statCourses: 'Kurse',
  statAnalyses: 'Analysen diesen Monat',
  deleteClass: 'Klasse löschen',
  deleteClassTitle: (name: string) => `Klasse „${name}“ löschen?`,
  deleteClassRoster: (count: number) =>
    count === 1
      ? 'Der eine Eintrag der Schülerliste wird gelöscht.'
      : `Die ${count} Einträge der Schülerliste werden gelöscht.`,
  deleteClassCourses: (names: string[]) =>
    `Diese Kurse gehören nur zu dieser Klasse und werden mit ihren Aufgaben, Prüfungen und Materialien gelöscht: ${names.join(', ')}.`,
  deleteClassKeptCourses: (names: string[]) =>
    `Diese Kurse bleiben bestehen und verlieren nur diese Klasse mit ihren Schülerinnen und Schülern: ${names.join(', ')}.`,
  deleteClassAnalyses: 'Analysen, die mit diesen Kursen verknüpft sind, bleiben erhalten.',
  classDeleted: 'Klasse gelöscht.',
  deleteClassFailed: 'Fehler beim Löschen der Klasse',
} as const;

export const classLimits = {
  nameMax: 120,
  gradeLevelMax: 40,
  descriptionMax: 2000,
  studentNameMax: 120,
  emailMax: 254,
  /** a pasted list: a large course of a school year, not a school's whole register */
  rosterMax: 200,
} as const;

const requiredText = (max: number) =>
  z.string().trim().min(1, classMessages.requiredFields).max(max, classMessages.requiredFields);

export const schoolSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** the school that came from the teacher's profile (issue 15 §1) */
  fromProfile: z.boolean(),
});
export type School = z.infer<typeof schoolSchema>;
export const schoolListSchema = z.array(schoolSchema);

export const createSchoolRequestSchema = z.object({
  name: z.string().trim().min(1, classMessages.schoolNameRequired).max(classLimits.nameMax),
});
export type CreateSchoolRequest = z.infer<typeof createSchoolRequestSchema>;

/**
 * One student of a class's roster (issue 15 §3) as a client sends her: a name, an optional e-mail and the line
 * of the pasted text she came from. The request schema only bounds the size; each entry is checked on its own
 * by `checkRosterEntries` (roster.ts), so that a too long name is a German message naming its line, not a
 * refusal of the whole list (issue 34 §3).
 */
export const rosterEntryInputSchema = z.object({
  name: z.string().max(10_000),
  email: z.string().max(10_000).nullish(),
  /** the line of the pasted text, for the messages; without it the entry's place in the list */
  line: z.number().int().positive().optional(),
});
export type RosterEntryInput = z.input<typeof rosterEntryInputSchema>;

export const classStudentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  hasAccount: z.boolean(),
});
export type ClassStudent = z.infer<typeof classStudentSchema>;

/** spec 001 §3 Class, as the list shows it: the roster is counted here and read in the details. */
export const classSummarySchema = z.object({
  id: z.uuid(),
  schoolId: z.uuid(),
  schoolName: z.string(),
  name: z.string(),
  description: z.string(),
  gradeLevel: z.string(),
  studentCount: z.number().int(),
  createdAt: z.iso.datetime(),
  createdBy: z.string(),
  archived: z.boolean(),
});
export type ClassSummary = z.infer<typeof classSummarySchema>;

export const classDetailSchema = classSummarySchema.extend({ students: z.array(classStudentSchema) });
export type ClassDetail = z.infer<typeof classDetailSchema>;

/**
 * A class's teachers and the school's teachers who are not yet (spec 001 §6: colleagues share a class only
 * where they are its teachers).
 */
export const classTeachersSchema = z.object({
  teachers: z.array(z.object({ id: z.string(), name: z.string() })),
  available: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ClassTeachers = z.infer<typeof classTeachersSchema>;
export const addClassTeacherRequestSchema = z.object({ userId: z.string().min(1) });
export type AddClassTeacherRequest = z.input<typeof addClassTeacherRequestSchema>;

/** The stat cards of the classes screen (issue 15 §6): real counts, not the spec's samples. */
export const classStatsSchema = z.object({
  classes: z.number().int(),
  students: z.number().int(),
  courses: z.number().int(),
  analysesThisMonth: z.number().int(),
});
export type ClassStats = z.infer<typeof classStatsSchema>;

/**
 * What deleting a class takes with it (issue 15 §8): its roster, the courses of this class alone (they go);
 * courses of several classes only lose this class and its pupils.
 */
export const classDeletionImpactSchema = z.object({
  students: z.number().int(),
  deletedCourses: z.array(z.string()),
  keptCourses: z.array(z.string()),
});
export type ClassDeletionImpact = z.infer<typeof classDeletionImpactSchema>;

export const classListSchema = z.object({ classes: z.array(classSummarySchema), stats: classStatsSchema });
export type ClassList = z.infer<typeof classListSchema>;

/**
 * The new class form (spec 001 §3, §5): school first, then name and grade level, description optional; the
 * keys are in that order so the messages come in the spec's order. The roster is ours (issue 15 §3).
 */
export const createClassRequestSchema = z.object({
  schoolId: z.uuid(classMessages.schoolRequired),
  name: requiredText(classLimits.nameMax),
  gradeLevel: requiredText(classLimits.gradeLevelMax),
  description: z.string().trim().max(classLimits.descriptionMax).default(''),
  students: z.array(rosterEntryInputSchema).max(classLimits.rosterMax).default([]),
});
export type CreateClassRequest = z.input<typeof createClassRequestSchema>;

export const updateClassRequestSchema = z
  .object({
    name: requiredText(classLimits.nameMax),
    gradeLevel: requiredText(classLimits.gradeLevelMax),
    description: z.string().trim().max(classLimits.descriptionMax),
    archived: z.boolean(),
  })
  .partial();
export type UpdateClassRequest = z.input<typeof updateClassRequestSchema>;

export const addStudentsRequestSchema = z.object({
  students: z.array(rosterEntryInputSchema).min(1, classMessages.requiredFields).max(classLimits.rosterMax),
});
export type AddStudentsRequest = z.input<typeof addStudentsRequestSchema>;

/** A pupil of the school's other classes, offered to add to this class (spec 001 §5). */
export const schoolPupilSchema = classStudentSchema.extend({ className: z.string() });
export const schoolPupilListSchema = z.array(schoolPupilSchema);
export type SchoolPupil = z.infer<typeof schoolPupilSchema>;
/** Adds pupils of the school's other classes by their roster entry ids; one already present is skipped. */
export const addSchoolPupilsRequestSchema = z.object({
  entryIds: z.array(z.uuid()).min(1).max(classLimits.rosterMax),
});
export type AddSchoolPupilsRequest = z.input<typeof addSchoolPupilsRequestSchema>;
