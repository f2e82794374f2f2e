import { z } from 'zod';
import { countOf } from './plural';

// Lesson plans (spec 001 §2 'Lesson plans (lessonsplan)': a table of title, subject, grade, duration, created
// and status, and templates; issue 18 point 3: create, edit, duplicate, delete, templates of common German
// lesson structures, a plan linked to a course and a date, PDF export, a draft from the model or a template).
// Teachers only: a student gets 403, another teacher's plan or course 404.

/** spec 001 §2: the statuses completed / draft / in-progress / planned; the German labels are ours. */
export const lessonPlanStatuses = ['draft', 'planned', 'in-progress', 'completed'] as const;
export type LessonPlanStatus = (typeof lessonPlanStatuses)[number];
export const lessonPlanStatusLabels: Record<LessonPlanStatus, string> = {
  completed: 'Abgeschlossen',
  draft: 'Entwurf',
  'in-progress': 'In Bearbeitung',
  planned: 'Geplant',
};

/** Sozialformen offered in the editor (free text is allowed too: a school may name them differently). */
export const socialForms = [
  'Plenum',
  'Einzelarbeit',
  'Partnerarbeit',
  'Gruppenarbeit',
  'Lehrervortrag',
] as const;

/** The lengths a lesson usually has (Einzelstunde, Doppelstunde); any 5 to 600 minutes are allowed. */
export const commonLessonDurations = [45, 90] as const;

export const lessonPlanLimits = {
  titleMax: 200,
  subjectMax: 100,
  gradeLevelMax: 40,
  topicMax: 300,
  textMax: 4000,
  phaseNameMax: 120,
  methodMax: 60,
  materialsMax: 1000,
  phasesMin: 1,
  phasesMax: 20,
  durationMin: 5,
  durationMax: 600,
} as const;

// ours, in Sie (teachers only)
export const lessonPlanMessages = {
  title: 'Unterrichtsplanung',
  intro:
    'Planen Sie Ihre Stunden: mit einer Vorlage beginnen, verfeinern, einem Kurs zuordnen und als PDF drucken.',
  teachersOnly: 'Die Unterrichtsplanung ist für Lehrkräfte.',
  notFound: 'Dieser Unterrichtsplan wurde nicht gefunden.',
  courseNotFound: 'Dieser Kurs wurde nicht gefunden.',
  titleRequired: 'Bitte geben Sie einen Titel ein.',
  titleTooLong: `Der Titel darf höchstens ${lessonPlanLimits.titleMax} Zeichen lang sein.`,
  tooLong: (max: number) => `Höchstens ${max} Zeichen.`,
  duration: `Die Dauer muss zwischen ${lessonPlanLimits.durationMin} und ${lessonPlanLimits.durationMax} Minuten liegen.`,
  phaseMinutes: `Die Minuten einer Phase müssen zwischen 0 und ${lessonPlanLimits.durationMax} liegen.`,
  phaseNameRequired: 'Bitte geben Sie der Phase einen Namen.',
  phasesMin: 'Ein Plan braucht mindestens eine Phase.',
  phasesMax: `Ein Plan hat höchstens ${lessonPlanLimits.phasesMax} Phasen.`,
  date: 'Bitte geben Sie ein gültiges Datum ein.',
  status: 'Bitte wählen Sie einen Status.',
  topicRequired: 'Bitte geben Sie ein Thema ein.',
  templateUnknown: 'Diese Vorlage gibt es nicht.',
  minutesTotal: (sum: number, duration: number) =>
    `Phasen: ${sum} von ${countOf(duration, 'Minute', 'Minuten')}`,
  minutesOver: (diff: number) =>
    `Die Phasen sind ${countOf(diff, 'Minute', 'Minuten')} länger als die Stunde.`,
  minutesUnder: (diff: number) => `Die Phasen lassen ${countOf(diff, 'Minute', 'Minuten')} der Stunde frei.`,
  // the list
  newPlan: 'Neuer Plan',
  loading: 'Unterrichtspläne werden geladen …',
  loadFailed: 'Die Unterrichtspläne konnten nicht geladen werden.',
  empty: 'Noch keine Unterrichtspläne. Starten Sie mit einer Vorlage.',
  noMatch: 'Kein Plan hat diesen Status.',
  filterStatus: 'Status',
  allStatuses: 'Alle',
  columnTitle: 'Titel',
  columnSubject: 'Fach',
  columnGrade: 'Klasse',
  columnDuration: 'Dauer',
  columnCreated: 'Erstellt',
  columnStatus: 'Status',
  columnActions: 'Aktionen',
  minutes: (n: number) => `${n} Min.`,
  edit: 'Bearbeiten',
  duplicate: 'Duplizieren',
  pdf: 'PDF',
  delete: 'Löschen',
  actionsFor: (title: string) => `Aktionen für „${title}“`,
  deleteTitle: (title: string) => `Plan „${title}“ löschen?`,
  deleteBody: 'Der Plan wird endgültig gelöscht.',
  deleted: 'Plan gelöscht.',
  deleteFailed: 'Der Plan konnte nicht gelöscht werden.',
  duplicated: 'Plan dupliziert.',
  duplicateFailed: 'Der Plan konnte nicht dupliziert werden.',
  copySuffix: ' (Kopie)',
  pdfFailed: 'Das PDF konnte nicht erstellt werden.',
  // templates
  templates: 'Vorlagen',
  templatesIntro: 'Bewährte Stundenverläufe; die Minuten passen sich der Dauer an.',
  useTemplate: 'Vorlage verwenden',
  useTemplateFor: (name: string) => `Vorlage „${name}“ verwenden`,
  templatesFailed: 'Die Vorlagen konnten nicht geladen werden.',
  draftTitle: (name: string) => `Neuer Plan mit „${name}“`,
  draftIntro: 'Geben Sie Thema, Klasse, Fach und Dauer an; daraus entsteht ein Entwurf, den Sie anpassen.',
  draftFromModel:
    'Der Entwurf wird vom eingestellten KI-Modell erstellt; ohne Antwort nimmt Korrigo die Vorlage.',
  draftFromTemplate: 'Der Entwurf entsteht aus der Vorlage.',
  draftCreate: 'Entwurf erstellen',
  draftCreating: 'Entwurf wird erstellt …',
  draftFailed: 'Der Entwurf konnte nicht erstellt werden.',
  draftSourceLlm: 'Dieser Entwurf stammt vom KI-Modell. Bitte prüfen Sie ihn.',
  draftSourceTemplate: 'Dieser Entwurf stammt aus der Vorlage.',
  // the editor
  editorNew: 'Neuer Unterrichtsplan',
  editorEdit: 'Unterrichtsplan bearbeiten',
  fieldTitle: 'Titel',
  fieldSubject: 'Fach',
  fieldGradeLevel: 'Klasse / Jahrgangsstufe',
  fieldDuration: 'Dauer (Minuten)',
  fieldDate: 'Datum (optional)',
  fieldCourse: 'Kurs (optional)',
  noCourse: 'Kein Kurs',
  fieldStatus: 'Status',
  fieldTopic: 'Thema',
  fieldGoals: 'Lernziele',
  fieldNotes: 'Notizen',
  phases: 'Phasen',
  phase: (n: number) => `Phase ${n}`,
  phaseName: 'Name der Phase',
  phaseMinutesLabel: 'Minuten',
  phaseContent: 'Inhalt (Lehrer-/Schüleraktivität)',
  phaseMethod: 'Sozialform',
  phaseMaterials: 'Material',
  addPhase: 'Phase hinzufügen',
  removePhase: (n: number) => `Phase ${n} entfernen`,
  moveUp: (n: number) => `Phase ${n} nach oben`,
  moveDown: (n: number) => `Phase ${n} nach unten`,
  save: 'Speichern',
  saving: 'Wird gespeichert …',
  cancel: 'Abbrechen',
  saved: 'Plan gespeichert.',
  saveFailed: 'Der Plan konnte nicht gespeichert werden.',
  unsavedTitle: 'Ungespeicherte Änderungen verwerfen?',
  unsavedBody: 'Ihre Änderungen an diesem Plan gehen verloren.',
  discard: 'Verwerfen',
  keepEditing: 'Weiter bearbeiten',
  back: 'Zurück zur Übersicht',
  // course details
  coursePlans: 'Unterrichtspläne',
  coursePlansEmpty: 'Diesem Kurs ist noch kein Unterrichtsplan zugeordnet.',
  coursePlansFailed: 'Die Unterrichtspläne konnten nicht geladen werden.',
  noDate: 'ohne Datum',
  open: 'Öffnen',
  openPlan: (title: string) => `Plan „${title}“ öffnen`,
} as const;

// the PDF's labels (ours)
export const lessonPlanPdfLabels = {
  subject: 'Fach',
  gradeLevel: 'Klasse',
  duration: 'Dauer',
  date: 'Datum',
  course: 'Kurs',
  status: 'Status',
  topic: 'Thema',
  goals: 'Lernziele',
  phases: 'Verlauf',
  phase: 'Phase',
  time: 'Zeit',
  content: 'Inhalt',
  method: 'Sozialform',
  materials: 'Material',
  notes: 'Notizen',
  total: 'Summe',
  none: '–',
  fileName: 'Unterrichtsplan',
} as const;

const m = lessonPlanMessages;
const L = lessonPlanLimits;
const text = (max: number) => z.string().trim().max(max, m.tooLong(max));
const minutes = z
  .number(m.phaseMinutes)
  .int(m.phaseMinutes)
  .min(0, m.phaseMinutes)
  .max(L.durationMax, m.phaseMinutes);
const duration = z
  .number(m.duration)
  .int(m.duration)
  .min(L.durationMin, m.duration)
  .max(L.durationMax, m.duration);

/** One phase of the lesson's course (Verlaufsplan): what happens, how long, in which Sozialform, with what. */
export const lessonPhaseSchema = z.object({
  name: z.string().trim().min(1, m.phaseNameRequired).max(L.phaseNameMax, m.tooLong(L.phaseNameMax)),
  minutes,
  /** Lehrer- und Schüleraktivität */
  content: text(L.textMax),
  /** Sozialform, e.g. Plenum or Partnerarbeit */
  method: text(L.methodMax),
  materials: text(L.materialsMax),
});
export type LessonPhase = z.infer<typeof lessonPhaseSchema>;

/**
 * What the editor saves (`POST` and `PUT /api/lesson-plans/:id`). The phases' minutes need not add up to the
 * duration: the editor warns, it does not block (issue 18 point 3).
 */
export const lessonPlanInputSchema = z.object({
  title: z.string().trim().min(1, m.titleRequired).max(L.titleMax, m.titleTooLong),
  subject: text(L.subjectMax),
  gradeLevel: text(L.gradeLevelMax),
  durationMinutes: duration,
  date: z.iso.date(m.date).nullable(),
  courseId: z.uuid(m.courseNotFound).nullable(),
  status: z.enum(lessonPlanStatuses, m.status),
  topic: text(L.topicMax),
  goals: text(L.textMax),
  phases: z.array(lessonPhaseSchema).min(L.phasesMin, m.phasesMin).max(L.phasesMax, m.phasesMax),
  notes: text(L.textMax),
  templateId: z.string().max(60).nullable(),
});
export type LessonPlanInput = z.infer<typeof lessonPlanInputSchema>;

export const lessonPlanSchema = lessonPlanInputSchema.extend({
  id: z.uuid(),
  /** the course's name when it was linked (kept when the course goes) */
  courseName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type LessonPlan = z.infer<typeof lessonPlanSchema>;
export const lessonPlanListSchema = z.array(lessonPlanSchema);

/** A lesson structure to start from; `minutes` are for a 45-minute lesson and scale (`scalePhaseMinutes`). */
export const lessonTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** a subject the structure is made for (Schreibkonferenz: Deutsch), else null */
  subject: z.string().nullable(),
  phases: z.array(lessonPhaseSchema),
});
export type LessonTemplate = z.infer<typeof lessonTemplateSchema>;
export const lessonTemplateListSchema = z.array(lessonTemplateSchema);

/** `POST /api/lesson-plans/draft`: a draft (not saved) from a template, or from the model when one is set. */
export const lessonDraftRequestSchema = z.object({
  templateId: z.string().max(60),
  topic: z.string().trim().min(1, m.topicRequired).max(L.topicMax, m.tooLong(L.topicMax)),
  gradeLevel: text(L.gradeLevelMax),
  subject: text(L.subjectMax),
  durationMinutes: duration,
});
export type LessonDraftRequest = z.infer<typeof lessonDraftRequestSchema>;

export const lessonDraftSchema = z.object({
  draft: lessonPlanInputSchema,
  source: z.enum(['template', 'llm']),
});
export type LessonDraft = z.infer<typeof lessonDraftSchema>;

/** Where the topic goes in a template's texts. */
export const topicPlaceholder = '{Thema}';

const phase = (
  name: string,
  minutes: number,
  method: string,
  content: string,
  materials = '',
): LessonPhase => ({
  name,
  minutes,
  method,
  content,
  materials,
});

/**
 * Common German lesson structures (issue 18 point 3: 'at least 5 … e.g. Einstieg – Erarbeitung – Sicherung'),
 * each with minutes for a 45-minute lesson that add up to 45.
 */
export const lessonTemplates: LessonTemplate[] = [
  {
    id: 'einstieg-erarbeitung-sicherung',
    name: 'Einstieg – Erarbeitung – Sicherung',
    description: 'Der klassische Dreischritt: motivieren, selbst erarbeiten, Ergebnisse festhalten.',
    subject: null,
    phases: [
      phase(
        'Einstieg',
        5,
        'Plenum',
        'Stummer Impuls, Bild oder Frage zu „{Thema}“ weckt Interesse und knüpft an Vorwissen an; Lehrkraft nennt das Stundenziel.',
        'Bild oder Impuls, Tafel',
      ),
      phase(
        'Erarbeitung',
        25,
        'Einzelarbeit / Partnerarbeit',
        'Die Schülerinnen und Schüler bearbeiten Aufgaben zu „{Thema}“ selbstständig; die Lehrkraft berät und hilft gezielt.',
        'Arbeitsblatt, Lehrbuch',
      ),
      phase(
        'Sicherung',
        15,
        'Plenum',
        'Ergebnisse werden vorgestellt, verglichen und an der Tafel festgehalten; offene Fragen werden geklärt, Hausaufgabe zur Übung.',
        'Tafel, Heft',
      ),
    ],
  },
  {
    id: 'problemorientiert',
    name: 'Problemorientierter Unterricht',
    description:
      'Problemstellung – Hypothesen – Überprüfung – Ergebnissicherung: vom Problem zur geprüften Lösung.',
    subject: null,
    phases: [
      phase(
        'Problemstellung',
        7,
        'Plenum',
        'Ein Widerspruch, Fall oder Phänomen zu „{Thema}“ wird präsentiert; die Klasse formuliert die Leitfrage.',
        'Material zur Problemstellung',
      ),
      phase(
        'Hypothesenbildung',
        8,
        'Partnerarbeit',
        'Vermutungen und Lösungsideen werden gesammelt, begründet und an der Tafel notiert.',
        'Tafel oder Plakat',
      ),
      phase(
        'Überprüfung',
        20,
        'Gruppenarbeit',
        'Die Hypothesen werden mit Material, Experiment oder Recherche überprüft; die Gruppen halten Belege fest.',
        'Quellen, Versuchsmaterial',
      ),
      phase(
        'Ergebnissicherung',
        10,
        'Plenum',
        'Gruppen berichten; Hypothesen werden bestätigt oder verworfen, die Antwort auf die Leitfrage wird gesichert.',
        'Tafel, Heft',
      ),
    ],
  },
  {
    id: 'aviva',
    name: 'AVIVA',
    description: 'Ankommen – Vorwissen aktivieren – Informieren – Verarbeiten – Auswerten (nach Städeli).',
    subject: null,
    phases: [
      phase(
        'Ankommen',
        3,
        'Plenum',
        'Begrüßung, Ablauf und Ziel der Stunde zu „{Thema}“ werden transparent gemacht.',
        'Tafel mit Ablauf',
      ),
      phase(
        'Vorwissen aktivieren',
        7,
        'Partnerarbeit',
        'Die Schülerinnen und Schüler sammeln, was sie schon wissen (Brainstorming, Mindmap); Vorwissen wird sichtbar.',
        'Mindmap, Karten',
      ),
      phase(
        'Informieren',
        10,
        'Plenum',
        'Neue Inhalte zu „{Thema}“ werden eingeführt: Lehrervortrag, Text oder Erklärvideo.',
        'Text, Präsentation',
      ),
      phase(
        'Verarbeiten',
        17,
        'Einzelarbeit / Partnerarbeit',
        'Das Neue wird in Übungen angewendet und vertieft; differenzierte Aufgaben nach Niveau.',
        'Übungsaufgaben',
      ),
      phase(
        'Auswerten',
        8,
        'Plenum',
        'Ergebnisse und Lernweg werden reflektiert: Was habe ich gelernt, was ist noch unklar?',
        'Reflexionsbogen',
      ),
    ],
  },
  {
    id: 'gruppenpuzzle',
    name: 'Gruppenpuzzle',
    description:
      'Stammgruppe – Expertengruppe – Stammgruppe – Sicherung: jede und jeder wird zur Expertin oder zum Experten.',
    subject: null,
    phases: [
      phase(
        'Stammgruppe (Einführung)',
        5,
        'Gruppenarbeit',
        'Das Thema „{Thema}“ wird in Teilthemen geteilt; in jeder Stammgruppe übernimmt jedes Mitglied ein Teilthema.',
        'Aufgabenkarten',
      ),
      phase(
        'Expertengruppe',
        15,
        'Gruppenarbeit',
        'Alle mit demselben Teilthema erarbeiten es gemeinsam und bereiten vor, wie sie es erklären.',
        'Expertentexte',
      ),
      phase(
        'Stammgruppe (Vermittlung)',
        15,
        'Gruppenarbeit',
        'Die Expertinnen und Experten kehren zurück und erklären ihr Teilthema; die anderen notieren.',
        'Notizraster',
      ),
      phase(
        'Sicherung',
        10,
        'Plenum',
        'Die Teilthemen werden zusammengeführt, Verständnis geprüft (z. B. Quiz) und das Ergebnis gesichert.',
        'Tafel, Quiz',
      ),
    ],
  },
  {
    id: 'stationenlernen',
    name: 'Stationenlernen',
    description: 'Einführung – Arbeit an Stationen – Auswertung: selbstständig im eigenen Tempo lernen.',
    subject: null,
    phases: [
      phase(
        'Einführung',
        5,
        'Plenum',
        'Die Stationen zu „{Thema}“, der Laufzettel und die Regeln (Pflicht- und Wahlstationen) werden erklärt.',
        'Laufzettel',
      ),
      phase(
        'Stationsarbeit',
        30,
        'Einzelarbeit / Partnerarbeit',
        'Die Schülerinnen und Schüler arbeiten in eigenem Tempo an den Stationen und kontrollieren mit Lösungsblättern.',
        'Stationskarten, Lösungsblätter',
      ),
      phase(
        'Auswertung',
        10,
        'Plenum',
        'Ergebnisse und Schwierigkeiten werden besprochen; offene Stationen werden als Hausaufgabe oder nächste Stunde geplant.',
        'Laufzettel',
      ),
    ],
  },
  {
    id: 'think-pair-share',
    name: 'Think – Pair – Share',
    description:
      'Erst allein denken, dann zu zweit austauschen, dann im Plenum teilen (kooperatives Lernen).',
    subject: null,
    phases: [
      phase(
        'Einstieg',
        5,
        'Plenum',
        'Eine offene Leitfrage oder Aufgabe zu „{Thema}“ wird gestellt und geklärt.',
        'Leitfrage an der Tafel',
      ),
      phase(
        'Think',
        10,
        'Einzelarbeit',
        'Jede und jeder denkt allein über die Aufgabe nach und notiert eigene Gedanken.',
        'Arbeitsblatt',
      ),
      phase(
        'Pair',
        10,
        'Partnerarbeit',
        'Zu zweit werden die Ideen verglichen, ergänzt und zu einem gemeinsamen Ergebnis gebracht.',
        '',
      ),
      phase(
        'Share',
        15,
        'Plenum',
        'Paare stellen ihre Ergebnisse vor; die Klasse diskutiert und sichert die wichtigsten Punkte.',
        'Tafel',
      ),
      phase('Abschluss', 5, 'Plenum', 'Zusammenfassung und Ausblick auf die nächste Stunde.', ''),
    ],
  },
  {
    id: 'schreibkonferenz',
    name: 'Schreibkonferenz',
    description: 'Schreiben – in der Gruppe beraten – überarbeiten: Texte gemeinsam verbessern (Deutsch).',
    subject: 'Deutsch',
    phases: [
      phase(
        'Einführung',
        5,
        'Plenum',
        'Schreibanlass zu „{Thema}“ und Kriterien für einen gelungenen Text werden besprochen.',
        'Kriterienliste',
      ),
      phase(
        'Schreiben',
        15,
        'Einzelarbeit',
        'Jede und jeder schreibt einen ersten Entwurf.',
        'Schreibpapier, Heft',
      ),
      phase(
        'Schreibkonferenz',
        15,
        'Gruppenarbeit',
        'In Dreier- oder Vierergruppen werden die Texte vorgelesen; die anderen geben anhand der Kriterien Rückmeldung und notieren Vorschläge.',
        'Kriterienliste, Rückmeldebogen',
      ),
      phase(
        'Überarbeiten',
        10,
        'Einzelarbeit',
        'Die Texte werden mit den Rückmeldungen überarbeitet; was geändert wurde, wird markiert.',
        'Entwurf, Rückmeldebogen',
      ),
    ],
  },
];

export const findLessonTemplate = (id: string) => lessonTemplates.find((t) => t.id === id);

/** The phases' minutes added up (what the editor compares with the duration). */
export function phaseMinutesTotal(phases: readonly Pick<LessonPhase, 'minutes'>[]): number {
  return phases.reduce((sum, p) => sum + (Number.isFinite(p.minutes) ? p.minutes : 0), 0);
}

/**
 * A template's minutes (made for 45) scaled to the lesson's duration: proportional, rounded so that they add
 * up to exactly the duration (largest remainder), and no phase below one minute while there are minutes
 * enough for each.
 */
export function scalePhaseMinutes(base: readonly number[], duration: number): number[] {
  const total = base.reduce((a, b) => a + b, 0);
  if (base.length === 0 || total <= 0) return base.map(() => 0);
  const exact = base.map((b) => (b * duration) / total);
  const result = exact.map(Math.floor);
  let left = duration - result.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e - Math.floor(e) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    result[i]! += 1;
    left -= 1;
  }
  if (duration >= base.length) {
    // a phase rounded to 0 takes a minute from the longest one
    for (let i = 0; i < result.length; i += 1) {
      if (result[i] === 0) {
        const longest = result.indexOf(Math.max(...result));
        result[longest]! -= 1;
        result[i] = 1;
      }
    }
  }
  return result;
}

const withTopic = (text: string, topic: string) => text.replaceAll(topicPlaceholder, topic);

/**
 * A draft from a template (issue 18 point 3: 'without [an LLM], from the template'): the template's phases with
 * the topic put in and the minutes scaled to the duration; the goals are left for the teacher to write.
 */
export function draftFromTemplate(template: LessonTemplate, request: LessonDraftRequest): LessonPlanInput {
  const minutes = scalePhaseMinutes(
    template.phases.map((p) => p.minutes),
    request.durationMinutes,
  );
  return {
    title: request.topic,
    subject: request.subject || template.subject || '',
    gradeLevel: request.gradeLevel,
    durationMinutes: request.durationMinutes,
    date: null,
    courseId: null,
    status: 'draft',
    topic: request.topic,
    goals: '',
    phases: template.phases.map((p, i) => ({
      ...p,
      minutes: minutes[i]!,
      content: withTopic(p.content, request.topic),
      materials: withTopic(p.materials, request.topic),
    })),
    notes: '',
    templateId: template.id,
  };
}

/** A German date (TT.MM.JJJJ) from an ISO date or date-time, in Europe/Berlin for a date-time. */
export function germanDateOf(iso: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) {
    const [y, mo, d] = iso.split('-');
    return `${d}.${mo}.${y}`;
  }
  return new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));
}
