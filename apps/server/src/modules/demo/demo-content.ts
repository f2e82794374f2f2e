import { randomUUID } from 'node:crypto';
import {
  createAnalysisFieldsSchema,
  createClassEvaluationFieldsSchema,
  draftFromTemplate,
  findLessonTemplate,
  type SaveTestRequest,
} from '@korrigo/domain';
import type { AnalysisService } from '../analysis/analysis.service';
import type { ClassEvaluationsService } from '../class-evaluations/class-evaluations.service';
import type { ClassesService } from '../classes/classes.service';
import type { CourseWorkService } from '../course-work/course-work.service';
import type { CoursesService } from '../courses/courses.service';
import type { InvitationsService } from '../invitations/invitations.service';
import type { LessonPlansService } from '../lesson-plans/lesson-plans.service';
import type { TestCreatorService } from '../test-creator/test-creator.service';
import type { DemoRepository } from './demo.repository';

/**
 * What a demo teacher finds on her first look (issue 16 §8): her school, a class 7b with eight pupils, a course
 * with its timetable, a saved test, one class set graded against that test and a few single analyses. All of
 * it goes through the services the API uses: the papers and analyses are queued like a teacher's and graded by
 * the job queue with the real engine, seconds after the account exists; nothing here writes a result.
 */

/** The demo student's own try (a self-check in her learning profile), as she would type it. */
const selfCheck = {
  title: 'Übung: das oder dass',
  options: { subject: 'Deutsch' as const, gradeLevel: 'Mittelstufe' as const },
  answerKeyText: '',
  text: 'Ich glaube das wir morgen einen Test schreiben. Das Buch, dass auf dem Tisch liegt, gehört meiner Schwester. Ich hoffe, dass ich gut vorbereitet bin, weil ich gestern viel geübt habe.',
};

/** YYYY-MM-DD, `days` after `from` */
function dayAfter(from: Date, days: number) {
  return new Date(from.getTime() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const roster = [
  'Lena Hoffmann',
  'Jonas Becker',
  'Mia Schulz',
  'Leon Wagner',
  'Emma Krüger',
  'Paul Schröder',
  'Hannah Neumann',
] as const;

/** The demo student's roster entry; with `studentUserId` her account takes it over. */
const demoStudent = { name: 'Max Demo Schüler', email: 'schueler@demo.korrigo.de' };

const question = (
  orderIndex: number,
  text: string,
  points: number,
  correctionTemplate: string,
): SaveTestRequest['questions'][number] => ({
  id: randomUUID(),
  type: 'open',
  text,
  options: [],
  correctAnswer: '',
  points,
  orderIndex,
  correctionTemplate,
  resources: [],
  matchingPairs: [],
});

function demoTest(userId: string): SaveTestRequest {
  return {
    id: randomUUID(),
    title: 'Wortarten und Satzglieder',
    subject: 'Deutsch',
    grade: '7. Klasse',
    testType: 'Klassenarbeit',
    duration: 45,
    topic: 'Wortarten, Satzglieder, das/dass',
    learningObjectives: 'Wortarten bestimmen, Satzglieder erfragen, das und dass unterscheiden',
    userId,
    resources: [],
    questions: [
      question(
        0,
        'Bestimme die Wortarten im Satz „Der kleine Hund bellt laut.“',
        4,
        'Der: Artikel (1 P), kleine: Adjektiv (1 P), Hund: Nomen (1 P), bellt: Verb (1 P)',
      ),
      question(
        1,
        'Nenne Subjekt und Prädikat im Satz „Am Morgen liest Lea die Zeitung.“ und erkläre, wie man das Subjekt erfragt.',
        4,
        'Subjekt: Lea (1 P), Prädikat: liest (1 P); das Subjekt erfragt man mit „Wer oder was?“ (2 P)',
      ),
      question(
        2,
        'Erkläre, wann man „dass“ und wann man „das“ schreibt.',
        4,
        '„dass“ ist eine Konjunktion und leitet einen Nebensatz ein (2 P); „das“ ist Artikel oder Pronomen und lässt sich durch „dieses“ oder „welches“ ersetzen (2 P)',
      ),
    ],
  };
}

/** Eight papers of a 7th class, one per pupil in the roster's order: right, half right, wrong, with slips. */
const papers = [
  'Aufgabe 1\nDer: Artikel, kleine: Adjektiv, Hund: Nomen, bellt: Verb\n\nAufgabe 2\nSubjekt ist Lea, Prädikat ist liest. Das Subjekt erfragt man mit „Wer oder was?“.\n\nAufgabe 3\n„dass“ ist eine Konjunktion und leitet einen Nebensatz ein. „das“ ist ein Artikel oder Pronomen, man kann es durch „welches“ ersetzen.',
  'Aufgabe 1\nDer: Artikel, kleine: Adverb, Hund: Nomen, bellt: Verb\n\nAufgabe 2\nSubjekt: Lea, Prädikat: liest. Man fragt mit „Wen oder was?“.\n\nAufgabe 3\n„dass“ leitet einen Nebensatz ein. „das“ kann man durch „dieses“ ersetzen.',
  'Aufgabe 1\nDer ist ein Artikel, Hund ist ein Nomen, bellt ist ein Verb.\n\nAufgabe 2\nSubjekt: die Zeitung, Prädikat: liest.\n\nAufgabe 3\nMan schreibt dass mit zwei s wenn es wichtig ist.',
  'Aufgabe 1\nDer: Artikel, kleine: Adjektiv, Hund: Nomen, bellt: Verb\n\nAufgabe 2\nSubjekt ist Lea und das Prädikat ist liest. Das Subjekt erfragt man mit Wer oder was.\n\nAufgabe 3\nDas dass ist eine Konjunktion. Das das ist ein Artikel.',
  'Aufgabe 1\nArtikel, Adjektiv, Nomen, Verb\n\nAufgabe 2\nLea ist das Subjekt. Prädikat: Am Morgen.\n\nAufgabe 3\n„das“ kann man durch „welches“ ersetzen, sonst schreibt man „dass“.',
  'Aufgabe 1\nDer: Nomen, kleine: Adjektiv, Hund: Nomen, bellt: Adjektiv\n\nAufgabe 2\nSubjekt: Lea\n\nAufgabe 3\nIch weiß nicht genau, ich glaube das man dass nach einem Komma schreibt.',
  'Aufgabe 1\nDer: Artikel, kleine: Adjecktiv, Hund: Nomen, bellt: Verb\n\nAufgabe 2\nSubjekt: Lea, Prädikat: liest. Frage: Wer oder was liest?\n\nAufgabe 3\n„dass“ ist eine Konjunktion, die einen Nebensatz einleitet. „das“ ist ein Artikel oder ein Relativpronomen.',
  'Aufgabe 1\nDer: Artikel, kleine: Adjektiv, Hund: Nomen, bellt: Verb\n\nAufgabe 2\nSubjekt: Lea, Prädikat: liest. Das Subjekt erfragt man mit „Wer oder was?“.\n\nAufgabe 3\n„dass“ ist eine Konjunktion. „das“ ist ein Artikel oder Pronomen und lässt sich durch „dieses“ ersetzen.',
];

/** Single analyses with a typed Erwartungshorizont, as the analyse screen makes them. */
const singleAnalyses = [
  {
    title: 'Bruchrechnung',
    studentName: 'Lena Hoffmann',
    options: { subject: 'Mathematik' as const, gradeLevel: 'Mittelstufe' as const },
    answerKeyText:
      'Aufgabe 1 (2 P)\n1/2 + 1/4 = 3/4 (2 P)\n\nAufgabe 2 (2 P)\nKürzen: Zähler und Nenner durch dieselbe Zahl teilen (1 P), der Wert bleibt gleich (1 P)',
    text: 'Aufgabe 1\n1/2 + 1/4 = 3/4\n\nAufgabe 2\nMan teilt Zähler und Nenner durch die selbe Zahl.',
  },
  {
    title: 'Fotosynthese',
    studentName: 'Jonas Becker',
    options: { subject: 'Biologie' as const, gradeLevel: 'Mittelstufe' as const },
    answerKeyText:
      'Aufgabe 1 (3 P)\nKohlenstoffdioxid + Wasser → Traubenzucker + Sauerstoff (2 P), mit Lichtenergie (1 P)\n\nAufgabe 2 (1 P)\nin den Chloroplasten (1 P)',
    text: 'Aufgabe 1\nKohlenstoffdioxid und Wasser werden mit Licht zu Traubenzucker und Sauerstoff.\n\nAufgabe 2\nIn den Chloroplasten.',
  },
  {
    title: 'Erörterung: Handys in der Schule',
    studentName: 'Mia Schulz',
    options: { subject: 'Deutsch' as const, gradeLevel: 'Mittelstufe' as const },
    answerKeyText: '',
    text: 'Ich finde, dass Handys in der Pause erlaubt sein sollten. Man kann damit Freunden schreiben und sich entspannen. Allerdings lenken sie im Unterricht ab, deshalb sollten sie dort aus sein. Zum Beispiel hat unsere Klasse eine Handy-Garage, das funktioniert gut.',
  },
];

export function createDemoContent(deps: {
  classes: ClassesService;
  courses: CoursesService;
  courseWork: Pick<CourseWorkService, 'createExam'>;
  testCreator: TestCreatorService;
  invitations: InvitationsService;
  analysis: Pick<AnalysisService, 'create'>;
  classEvaluations: Pick<ClassEvaluationsService, 'create' | 'list' | 'get' | 'confirm' | 'release'>;
  lessonPlans: Pick<LessonPlansService, 'create'>;
  repository: DemoRepository;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    /**
     * Creates the content for a demo teacher once: a teacher with a class already has hers (a second start
     * changes nothing). `studentUserId` links the demo student's account to her roster entry by the class's
     * join code, as a pupil joins.
     */
    async seed(teacherId: string, options: { studentUserId?: string } = {}) {
      if ((await deps.classes.listClasses(teacherId)).classes.length > 0) return;
      const [school] = await deps.classes.listSchools(teacherId);
      const schoolId = school
        ? school.id
        : (await deps.classes.createSchool(teacherId, { name: 'Demo-Gymnasium Jena' })).id;
      const schoolClass = await deps.classes.createClass(teacherId, {
        schoolId,
        name: '7b',
        gradeLevel: '7',
        description: 'Klassenleitung Frau Demo Lehrkraft',
        students: [
          ...roster.map((name) => ({ name })),
          options.studentUserId ? demoStudent : { name: demoStudent.name },
        ],
      });
      if (options.studentUserId) {
        const invitation = await deps.invitations.create(
          teacherId,
          { kind: 'class_student', classId: schoolClass.id },
          '',
        );
        await deps.invitations.accept(options.studentUserId, invitation.code);
      }
      const course = await deps.courses.create(teacherId, {
        classIds: [schoolClass.id],
        name: 'Deutsch 7b',
        subject: 'Deutsch',
        classroom: 'Raum 204',
        description: 'Grammatik und Rechtschreibung im ersten Halbjahr',
        schedule: [
          { day: 'Monday', startTime: '08:00', endTime: '09:30' },
          { day: 'Thursday', startTime: '10:00', endTime: '10:45' },
        ],
      });
      // one exam written, one ahead: the pupil's course card shows progress and her next test
      await deps.courseWork.createExam(teacherId, course.id, {
        name: 'Diktat',
        date: dayAfter(now(), -21),
        status: 'completed',
        topics: ['Groß- und Kleinschreibung'],
      });
      await deps.courseWork.createExam(teacherId, course.id, {
        name: 'Klassenarbeit: Satzglieder und Kommasetzung',
        date: dayAfter(now(), 12),
        status: 'announced',
        topics: ['Satzglieder', 'Kommasetzung', 'das/dass'],
      });
      const test = demoTest(teacherId);
      await deps.testCreator.save(teacherId, test);
      // the lesson before the announced Klassenarbeit, planned from the classic template
      await deps.lessonPlans.create(teacherId, {
        ...draftFromTemplate(findLessonTemplate('einstieg-erarbeitung-sicherung')!, {
          templateId: 'einstieg-erarbeitung-sicherung',
          topic: 'Satzglieder bestimmen',
          gradeLevel: '7',
          subject: 'Deutsch',
          durationMinutes: 45,
        }),
        courseId: course.id,
        date: dayAfter(now(), 7),
        status: 'planned',
        goals: 'Die Schülerinnen und Schüler bestimmen Subjekt, Prädikat und Objekte mit der Frageprobe.',
      });

      await deps.classEvaluations.create(
        teacherId,
        createClassEvaluationFieldsSchema.parse({
          courseId: course.id,
          testName: test.title,
          selectedTestId: test.id,
          options: { subject: 'Deutsch', gradeLevel: 'Mittelstufe' },
          // paper i is the i-th pupil's (the roster's order, the demo student last)
          studentData: course.students.map((student) => ({
            studentId: student.id,
            text: papers[Math.max(0, [...roster, demoStudent.name].indexOf(student.name))]!,
          })),
        }),
        [],
      );
      for (const analysis of singleAnalyses) {
        await deps.analysis.create(teacherId, createAnalysisFieldsSchema.parse(analysis), []);
      }
      if (options.studentUserId) {
        await deps.analysis.create(options.studentUserId, createAnalysisFieldsSchema.parse(selfCheck), []);
      }
    },

    /**
     * The demo teacher's first class set, confirmed and returned once its papers are graded, as she would do
     * it, so that the demo student finds a grade in her learning profile. Waits for the queue (the papers are
     * graded by the worker), at most `timeoutMs`; a set already returned or not settled in time is left as it
     * is. Only `npm start`'s demo accounts use it; a `/demo` visitor returns her set herself.
     */
    async releaseWhenGraded(
      teacherId: string,
      {
        signal,
        timeoutMs = 10 * 60_000,
        intervalMs = 2000,
      }: {
        signal?: AbortSignal;
        timeoutMs?: number;
        intervalMs?: number;
      } = {},
    ) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && !signal?.aborted) {
        const [summary] = (await deps.classEvaluations.list(teacherId)).classEvaluations;
        if (!summary || summary.progress.released > 0) return;
        const set = await deps.classEvaluations.get(teacherId, summary.id);
        const settled = set.papers.every((paper) => paper.status === 'done' || paper.status === 'failed');
        if (set.papers.length > 0 && settled) {
          const done = set.papers.filter(
            (paper) => paper.status === 'done' && paper.reviewState !== 'confirmed',
          );
          const ids = done.map((paper) => paper.analysisId).filter((id): id is string => id !== null);
          if (ids.length > 0) await deps.classEvaluations.confirm(teacherId, set.id, ids);
          await deps.classEvaluations.release(teacherId, set.id);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    },
  };
}

export type DemoContent = ReturnType<typeof createDemoContent>;
