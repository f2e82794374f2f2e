import { z } from 'zod';
import { classMessages } from './classes';
import { countOf } from './plural';

// Courses and their schedules (spec 001 §2 'My classes and courses', §3 Course, Schedule entry, §5, §9; issue 15 §4).

export const courseMessages = {
  // spec 001 §5 Create course, in the spec's order
  classRequired: 'Bitte mindestens eine Klasse auswählen',
  // the same spec sentence as for classes, kept in one place
  requiredFields: classMessages.requiredFields,
  // spec 001 §5 Course edit
  schoolIdMissing: 'Fehler: Schul-ID fehlt. Bitte kontaktieren Sie den Administrator.',
  // spec 001 §2 Kursdetails read view
  noDescription: 'Keine Beschreibung',
  noSchedule: 'Kein Zeitplan verfügbar',
  noStudents: 'Keine Schüler eingeschrieben',
  noTeachers: 'Keine Lehrkräfte zugewiesen',
  // spec 001 §2 tabs and footer buttons
  tabDetails: 'Kursdetails',
  tabAssignments: 'Aufgaben',
  tabExams: 'Prüfungen',
  tabMaterials: 'Materialien',
  edit: 'Bearbeiten',
  cancel: 'Abbrechen',
  save: 'Speichern',
  close: 'Schließen',
  // spec 001 §8 Course modal
  loadFailed: 'Fehler beim Laden der Kursdetails. Bitte versuchen Sie es erneut.',
  // ours
  title: 'Kurse',
  newCourse: 'Neuer Kurs',
  createCourse: 'Kurs erstellen',
  created: 'Kurs erfolgreich erstellt!',
  createFailed: 'Fehler beim Erstellen des Kurses',
  updated: 'Kurs erfolgreich aktualisiert!',
  updateFailed: 'Fehler beim Aktualisieren des Kurses',
  sameSchool: 'Die Klassen eines Kurses müssen zur selben Schule gehören.',
  needsClass: 'Legen Sie zuerst eine Klasse an, dann können Sie einen Kurs erstellen.',
  classes: 'Klassen',
  name: 'Kursname',
  subject: 'Fach',
  description: 'Beschreibung',
  classroom: 'Raum',
  startDate: 'Beginn (optional)',
  endDate: 'Ende (optional)',
  courseEndBeforeStart: 'Das Ende darf nicht vor dem Beginn liegen.',
  startsOn: 'Beginnt am',
  schedule: 'Zeitplan',
  day: 'Tag',
  startTime: 'Beginn',
  endTime: 'Ende',
  addScheduleEntry: 'Termin hinzufügen',
  removeScheduleEntry: (index: number) => `Termin ${index} entfernen`,
  endBeforeStart: 'Das Ende muss nach dem Beginn liegen.',
  participants: 'Teilnehmende',
  teachers: 'Lehrkräfte',
  // ours (issue 35 §2): a course linked to an LMS course
  lms: 'Lernplattform',
  lmsTakeOver: 'Teilnehmende aus der Lernplattform übernehmen',
  lmsTakingOver: 'Teilnehmende werden übernommen …',
  lmsTakeOverFailed: 'Die Teilnehmenden konnten nicht aus der Lernplattform übernommen werden.',
  participantsFromClasses: 'Die Teilnehmenden sind Schülerinnen und Schüler der Klassen des Kurses.',
  addStudent: 'Schülerin oder Schüler hinzufügen',
  addTeacher: 'Lehrkraft hinzufügen',
  searchStudents: 'Schülerinnen und Schüler suchen',
  searchTeachers: 'Lehrkräfte suchen',
  classFilter: 'Klasse',
  allClasses: 'Alle Klassen',
  noneAvailable: 'Niemand mehr verfügbar.',
  removePerson: (name: string) => `${name} entfernen`,
  addPerson: (name: string) => `${name} hinzufügen`,
  tabActive: 'Aktiv',
  tabArchived: 'Archiviert',
  tabUpcoming: 'Bevorstehend',
  search: 'Kurse durchsuchen',
  loading: 'Kurse werden geladen …',
  listFailed: 'Die Kurse konnten nicht geladen werden.',
  emptyActive: 'Noch keine Kurse. Legen Sie Ihren ersten Kurs an.',
  emptyArchived: 'Keine archivierten Kurse.',
  emptyUpcoming: 'Keine bevorstehenden Kurse.',
  noMatch: 'Kein Kurs passt zu Ihrer Suche.',
  details: 'Details',
  archive: 'Archivieren',
  unarchive: 'Wiederherstellen',
  archived: 'Kurs archiviert.',
  unarchived: 'Kurs wiederhergestellt.',
  noCoursesForClass: 'Diese Klasse hat noch keine Kurse.',
  // ours: member changes (spec 001 §4) and deletion (issue 15 §8)
  teacherRequired: 'Ein Kurs braucht mindestens eine Lehrkraft.',
  cannotRemoveSelf: 'Sie können sich nicht selbst aus dem Kurs entfernen.',
  studentNotInClasses: 'Nur Schülerinnen und Schüler der Klassen dieses Kurses können teilnehmen.',
  teacherNotInSchool: 'Nur Lehrkräfte der Schule dieses Kurses können den Kurs unterrichten.',
  deleteCourse: 'Kurs löschen',
  deleteCourseTitle: (name: string) => `Kurs „${name}“ löschen?`,
  deleteCourseBody: (assignments: number, exams: number, materials: number) =>
    `Mit dem Kurs werden ${countOf(assignments, 'Aufgabe', 'Aufgaben')}, ${countOf(exams, 'Prüfung', 'Prüfungen')} und ${countOf(materials, 'Material', 'Materialien')} (mit ihren Dateien) gelöscht.`,
  deleteCourseAnalyses: (count: number) =>
    count === 0
      ? 'Mit dem Kurs sind keine Analysen verknüpft.'
      : count === 1
        ? 'Die verknüpfte Analyse bleibt erhalten, verliert aber den Bezug zum Kurs.'
        : `${count} verknüpfte Analysen bleiben erhalten, verlieren aber den Bezug zum Kurs.`,
  courseDeleted: 'Kurs gelöscht.',
  deleteCourseFailed: 'Fehler beim Löschen des Kurses',
} as const;

/** spec 001 §9: the subjects of the create form. */
export const courseSubjects = [
  'Mathematik',
  'Deutsch',
  'Englisch',
  'Biologie',
  'Chemie',
  'Physik',
  'Geschichte',
  'Politik',
  'Kunst',
  'Musik',
  'Sport',
] as const;

/** spec 001 §3: a schedule day is an English weekday, Monday to Sunday. */
export const weekdays = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type Weekday = (typeof weekdays)[number];
/** spec 001 §9: the create form offers Monday to Friday, the edit form Monday to Sunday. */
export const createFormDays = weekdays.slice(0, 5);
export const editFormDays = weekdays;
export const weekdayLabels: Record<Weekday, string> = {
  Monday: 'Montag',
  Tuesday: 'Dienstag',
  Wednesday: 'Mittwoch',
  Thursday: 'Donnerstag',
  Friday: 'Freitag',
  Saturday: 'Samstag',
  Sunday: 'Sonntag',
};
/** spec 001 §2: Mo, Di, Mi, Do, Fr; Sa and So are ours for the edit form's weekend days. */
export const weekdayAbbreviations: Record<Weekday, string> = {
  Monday: 'Mo',
  Tuesday: 'Di',
  Wednesday: 'Mi',
  Thursday: 'Do',
  Friday: 'Fr',
  Saturday: 'Sa',
  Sunday: 'So',
};

/** spec 001 §9: a new schedule entry runs 08:00 to 09:30. */
export const newScheduleEntry = { day: 'Monday', startTime: '08:00', endTime: '09:30' } as const;

export const courseLimits = {
  nameMax: 120,
  textMax: 2000,
  classroomMax: 60,
  scheduleMax: 14,
  classesMax: 20,
} as const;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, courseMessages.requiredFields);

export const scheduleEntrySchema = z
  .object({
    day: z.enum(weekdays, courseMessages.requiredFields),
    startTime: time,
    endTime: time,
  })
  .refine((entry) => entry.endTime > entry.startTime, {
    message: courseMessages.endBeforeStart,
    path: ['endTime'],
  });
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>;

const requiredText = (max: number) =>
  z.string().trim().min(1, courseMessages.requiredFields).max(max, courseMessages.requiredFields);
const date = z.iso.date().nullable();

/**
 * The new course form (spec 001 §3, §5): at least one class first, then name, subject and every schedule
 * entry's day and times (one row at least: the last one cannot be removed). `startDate` is ours: a course that
 * has not begun is on the 'upcoming' tab.
 */
export const createCourseRequestSchema = z
  .object({
    classIds: z.array(z.uuid()).min(1, courseMessages.classRequired).max(courseLimits.classesMax),
    name: requiredText(courseLimits.nameMax),
    subject: requiredText(courseLimits.nameMax),
    description: z.string().trim().max(courseLimits.textMax).default(''),
    classroom: z.string().trim().max(courseLimits.classroomMax).default(''),
    schedule: z
      .array(scheduleEntrySchema)
      .min(1, courseMessages.requiredFields)
      .max(courseLimits.scheduleMax),
    startDate: date.default(null),
    /** ours: the last day of the course; after it the course counts as completed in the learning profile */
    endDate: date.default(null),
  })
  .refine((course) => !course.startDate || !course.endDate || course.endDate >= course.startDate, {
    path: ['endDate'],
    message: courseMessages.courseEndBeforeStart,
  });
export type CreateCourseRequest = z.input<typeof createCourseRequestSchema>;

/** Course edit (spec 001 §5): name and subject required; the schedule may be empty there. */
export const updateCourseRequestSchema = z
  .object({
    name: requiredText(courseLimits.nameMax),
    subject: requiredText(courseLimits.nameMax),
    description: z.string().trim().max(courseLimits.textMax),
    classroom: z.string().trim().max(courseLimits.classroomMax),
    schedule: z.array(scheduleEntrySchema).max(courseLimits.scheduleMax),
    startDate: date,
    endDate: date,
    archived: z.boolean(),
    /** the full participant list (roster entry ids); applied on Speichern (spec 001 §4) */
    studentIds: z.array(z.uuid()).max(1000),
    /** the full teacher list (user ids); a course keeps at least one teacher */
    teacherIds: z.array(z.string().min(1)).min(1, courseMessages.teacherRequired).max(100),
  })
  .partial();
export type UpdateCourseRequest = z.input<typeof updateCourseRequestSchema>;

export const coursePersonSchema = z.object({ id: z.string(), name: z.string() });
export type CoursePerson = z.infer<typeof coursePersonSchema>;

/** spec 001 §3 Course: participants are the roster entries of its classes (issue 15 §3). */
export const courseSchema = z.object({
  id: z.uuid(),
  schoolId: z.uuid(),
  schoolName: z.string(),
  classIds: z.array(z.uuid()),
  classNames: z.array(z.string()),
  name: z.string(),
  subject: z.string(),
  description: z.string(),
  classroom: z.string(),
  schedule: z.array(scheduleEntrySchema),
  startDate: z.iso.date().nullable(),
  endDate: z.iso.date().nullable(),
  archived: z.boolean(),
  students: z.array(coursePersonSchema),
  teachers: z.array(coursePersonSchema),
  createdAt: z.iso.datetime(),
  createdBy: z.string(),
  /** ours (issue 35 §2): the LMS course it is linked to, whose participants its owner can take over */
  lms: z.object({ title: z.string() }).nullable(),
});
export type Course = z.infer<typeof courseSchema>;
export const courseListSchema = z.array(courseSchema);

/** The pick-list sources of the course edit view (spec 001 §2): who may be added. */
export const courseMemberOptionsSchema = z.object({
  students: z.array(z.object({ id: z.uuid(), name: z.string(), classId: z.uuid(), className: z.string() })),
  teachers: z.array(coursePersonSchema),
});
export type CourseMemberOptions = z.infer<typeof courseMemberOptionsSchema>;

/** What deleting a course takes with it (issue 15 §8); linked analyses stay and lose the link. */
export const courseDeletionImpactSchema = z.object({
  assignments: z.number().int(),
  exams: z.number().int(),
  materials: z.number().int(),
  analyses: z.number().int(),
});
export type CourseDeletionImpact = z.infer<typeof courseDeletionImpactSchema>;

export type CourseTab = 'active' | 'archived' | 'upcoming';

/**
 * The tab a course is on: archived first, then 'upcoming' while its start date lies after today (ours: the
 * spec names the tab but not the rule), else active. `today` is the viewer's date as YYYY-MM-DD.
 */
export function courseTabOf(course: Pick<Course, 'archived' | 'startDate'>, today: string): CourseTab {
  if (course.archived) return 'archived';
  if (course.startDate && course.startDate > today) return 'upcoming';
  return 'active';
}
