import {
  clozeParts,
  matchingOrderOf,
  testCardTopicMaxLength,
  testDefaults,
  type Option,
  type Question,
  type QuestionType,
  type Resource,
  type SavedTest,
} from '@korrigo/domain';

/** A random id; crypto.randomUUID exists only in secure contexts, so plain http falls back to random bytes. */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The question type a new question starts with, following the test type; 'Kombiniert' starts with MC. */
export function questionTypeForTestType(testType: string): QuestionType {
  switch (testType) {
    case 'Offene Fragen':
      return 'open';
    case 'Lückentext':
      return 'cloze';
    case 'Zuordnung':
      return 'matching';
    default:
      return 'multiple-choice';
  }
}

const blankOptions = (): Option[] =>
  Array.from({ length: 4 }, () => ({ id: newId(), text: '', isCorrect: false }));

/** The type-specific fields of a type, empty; the other types' fields are cleared. */
export function withType(question: Question, type: QuestionType): Question {
  return {
    ...question,
    type,
    options: type === 'multiple-choice' ? (question.options.length ? question.options : blankOptions()) : [],
    correctAnswer: type === 'cloze' ? question.correctAnswer : '',
    correctionTemplate: type === 'open' ? question.correctionTemplate : '',
    matchingPairs:
      type === 'matching'
        ? question.matchingPairs.length
          ? question.matchingPairs
          : [{ left: '', right: '' }]
        : [],
  };
}

export function blankQuestion(type: QuestionType, orderIndex: number): Question {
  return withType(
    {
      id: newId(),
      text: '',
      type,
      options: [],
      correctAnswer: '',
      points: testDefaults.points,
      orderIndex,
      correctionTemplate: '',
      resources: [],
      matchingPairs: [],
    },
    type,
  );
}

export function blankResource(orderIndex: number): Resource {
  return { id: newId(), type: 'text', content: '', title: '', source: '', orderIndex };
}

/** spec 001 §4: a new test has the defaults of §9 and, without a draft, a first blank question. */
export function blankTest(userId: string, withFirstQuestion = true): SavedTest {
  return {
    id: newId(),
    title: '',
    subject: testDefaults.subject,
    grade: testDefaults.grade,
    testType: testDefaults.testType,
    duration: testDefaults.duration,
    topic: '',
    learningObjectives: '',
    lastSaved: '',
    userId,
    questions: withFirstQuestion ? [blankQuestion(questionTypeForTestType(testDefaults.testType), 0)] : [],
    resources: [],
  };
}

/** spec 001 §4: the editor has content when a title, a topic or any question text exists. */
export function hasContent(test: SavedTest): boolean {
  return Boolean(test.title.trim() || test.topic.trim() || test.questions.some((q) => q.text.trim()));
}

/** What counts for "unsaved": the content, not the bookkeeping fields. */
export function contentKey(test: SavedTest): string {
  const { lastSaved: _lastSaved, ...rest } = test;
  return JSON.stringify(rest);
}

/** With orderIndex following the list order, as the server stores it. */
export function normalised(test: SavedTest): SavedTest {
  return {
    ...test,
    questions: test.questions.map((question, orderIndex) => ({ ...question, orderIndex })),
    resources: test.resources.map((resource, orderIndex) => ({ ...resource, orderIndex })),
  };
}

// the split lives in the domain (the Lern-Assistent renders blanks too); re-exported for this feature's callers
export { clozeParts };

export function clozeBlankCount(text: string): number {
  return clozeParts(text).length - 1;
}

/** The solutions of the blanks, in order; the answer key stores them joined by "|". */
export function clozeSolutions(question: Question): string[] {
  const count = clozeBlankCount(question.text);
  const stored = question.correctAnswer ? question.correctAnswer.split('|') : [];
  return Array.from({ length: count }, (_, i) => stored[i] ?? '');
}

export function totalPoints(test: SavedTest): number {
  return test.questions.reduce((sum, q) => sum + q.points, 0);
}

/**
 * A random order of 0..n-1 for the right-hand column of a matching question (spec 001 §2). With two or more
 * pairs the identity is avoided, so the column never gives the answer away.
 */
export function shuffledOrder(length: number, random: () => number = Math.random): number[] {
  const order = Array.from({ length }, (_, i) => i);
  for (let attempt = 0; attempt < 10; attempt++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    if (length < 2 || order.some((value, index) => value !== index)) break;
  }
  return order;
}

/**
 * The test with a stored shuffle for every matching question that has none that fits its pairs (issue 13
 * §5): drawn once and saved with the test, so the preview, the PDF and the grader show the same letters.
 * Returns the same object when nothing had to be drawn.
 */
export function withMatchingOrders(test: SavedTest, random: () => number = Math.random): SavedTest {
  const stale = (q: Question) =>
    q.type === 'matching' &&
    q.matchingPairs.length > 0 &&
    (q.matchingOrder === undefined || matchingOrderOf(q) !== q.matchingOrder);
  if (!test.questions.some(stale)) return test;
  return {
    ...test,
    questions: test.questions.map((q) =>
      stale(q) ? { ...q, matchingOrder: shuffledOrder(q.matchingPairs.length, random) } : q,
    ),
  };
}

export const optionLetter = (index: number) => String.fromCharCode(65 + index);

/** Options with text: blank ones left in the editor are not printed, so the letters stay without gaps. */
export function visibleOptions(question: Question): Option[] {
  return question.options.filter((option) => option.text.trim());
}

/** spec 001 §9: the topic cut at 60 characters on the cards. */
export function cutTopic(topic: string): string {
  return topic.length > testCardTopicMaxLength ? `${topic.slice(0, testCardTopicMaxLength)}...` : topic;
}

/** spec 001 §9: German date and time, day.month.year hour:minute. */
export function formatSavedAt(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** An image preview is possible for http(s) addresses, our own paths and embedded images. */
export function isImageSource(content: string): boolean {
  const value = content.trim();
  return (
    /^https?:\/\/\S+$/i.test(value) ||
    /^data:image\/(png|jpe?g|gif|webp);base64,/i.test(value) ||
    /^\/\S+$/.test(value)
  );
}

export function resourcesOf(test: SavedTest, question: Question): Resource[] {
  return question.resources
    .map((id) => test.resources.find((resource) => resource.id === id))
    .filter((resource): resource is Resource => Boolean(resource));
}

/** Resources no question attaches: shown once before the questions. */
export function unattachedResources(test: SavedTest): Resource[] {
  const attached = new Set(test.questions.flatMap((q) => q.resources));
  return test.resources.filter((resource) => !attached.has(resource.id));
}
