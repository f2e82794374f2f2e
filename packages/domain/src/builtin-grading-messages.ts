import { countOf } from './plural';

/**
 * German texts of the builtin (offline) grading engine (ours: the spec does not word them).
 *
 * One audience form per text (issue 14 §4, §10):
 * - to the teacher (Sie): review flags, each task's line and the overall feedback, rubrics. Review-flag
 *   messages are shown to the teacher in the result view, so they say what to do.
 * - to the student (du): a subtask's feedback and improvement suggestion, the errors, strengths,
 *   weaknesses and recommendations. Where these speak of the teacher, they say "deine Lehrkraft".
 */
/** "2,5": points as Germans write them */
const points = (n: number) => String(Math.round(n * 100) / 100).replace('.', ',');

/**
 * The texts that tell the teacher what to do, as a pupil reads them in her own analysis (a self-check: no
 * teacher sets points there). Each pair is the teacher's wording and the pupil's; `addressStudent` in the
 * engine swaps them.
 */
export const studentAudienceRewrites: [teacher: string, student: string][] = [
  ['die übrigen Punkte legen Sie fest.', 'für die übrigen gibt es ohne Erwartungshorizont keine Punkte.'],
  ['; die Punkte legen Sie fest.', '; Punkte gibt es dafür nur mit einem Erwartungshorizont.'],
  ['; bitte legen Sie die Punkte fest.', '; dafür gibt es hier keine Punkte.'],
  ['Bitte prüfen Sie die Zuordnung.', 'Prüfe die Zuordnung bitte selbst.'],
  [
    'Bitte prüfen Sie diese Antworten; mit Ihrer Bestätigung folgt die Note den Punkten.',
    'Ob sie es sind, kann die KI nicht sicher sagen; deshalb steht hier keine Note.',
  ],
  ['; bitte prüfen Sie ihn.', '; prüfe ihn bitte selbst.'],
  [
    'Ob die Rechenwege zur Aufgabe passen, prüfen Sie bitte.',
    'Ob die Rechenwege zur Aufgabe passen, prüfe bitte selbst.',
  ],
  ['; deine Lehrkraft legt sie fest.', '; ohne sie gibt es hier keine Punkte.'],
  ['; die Punkte legt deine Lehrkraft fest.', '; dafür gibt es hier keine Punkte.'],
];

export const builtinGradingMessages = {
  /** the calculation and equation checks' findings */
  maths: {
    termTitle: 'Termumformung falsch',
    termDetails: (step: string, correct: string) =>
      `${step}: Die beiden Seiten sind nicht derselbe Term. Richtig ist ${correct}.`,
    termMessage: (correct: string) => `Falsche Termumformung: richtig ist ${correct}`,
    transformationTitle: 'Umformungsfehler',
    transformationDetails: (
      line: string,
      previous: string,
      solutionBefore: string,
      solutionHere: string,
      correct: string,
    ) =>
      `${line} folgt nicht aus ${previous}: Lösungen der Zeile davor: ${solutionBefore}; dieser Zeile: ${solutionHere}. Richtig wäre z. B. ${correct}.`,
    transformationMessage: (correct: string) => `Falsche Umformung: richtig wäre ${correct}`,
    unitTitle: 'Einheitenfehler',
    unitDetails: (step: string, left: string, right: string) =>
      `${step}: Die Einheiten passen nicht – links ergibt sich ${left}, rechts steht ${right}.`,
    unitMessage: (written: string, expected: string) => `Falsche Einheit: ${written} statt ${expected}`,
    resultTitle: 'Rechenfehler',
    resultDetails: (step: string, correct: string) => `${step}: richtig ist ${correct}.`,
    resultMessage: (written: string, expected: string) => `Falsches Ergebnis: ${written} statt ${expected}`,
    /** solving a quadratic equation: p and q, the discriminant, completing the square */
    parametersTitle: 'p und q falsch abgelesen',
    parametersDetails: (line: string, equation: string, correct: string) =>
      `${line}: In der Normalform x² + px + q = 0 von ${equation} ist ${correct}.`,
    discriminantTitle: 'Diskriminante falsch',
    discriminantDetails: (line: string, equation: string, correct: string) =>
      `${line}: Für ${equation} ist ${correct}.`,
    completionTitle: 'Quadratische Ergänzung falsch',
    completionDetails: (line: string, correct: string) =>
      `${line}: Ergänzt wird das Quadrat der halben Zahl vor x, auf beiden Seiten: ${correct}.`,
    ruleMessage: (correct: string) => `Richtig wäre ${correct}`,
    /** percentages with right arithmetic: the per cent of the wrong base, a discount added */
    baseTitle: 'Falscher Grundwert',
    baseDetails: (step: string, given: string, givenShare: string, base: string, correct: string) =>
      `${step}: ${given} ist nicht der Grundwert (100 %), sondern ${givenShare} % davon. Der Grundwert ist ${base} (${correct}).`,
    baseMessage: (given: string, givenShare: string) =>
      `Falscher Grundwert: ${given} entspricht ${givenShare} %, nicht 100 %`,
    operationTitle: 'Falsche Rechenart',
    discountDetails: (step: string, correct: string) =>
      `${step}: Ein Rabatt wird vom Preis abgezogen, nicht dazugezählt. Richtig ist ${correct}.`,
    surchargeDetails: (step: string, correct: string) =>
      `${step}: Ein Aufschlag wird zum Preis dazugezählt, nicht abgezogen. Richtig ist ${correct}.`,
    followOnTitle: 'Folgefehler',
    followOnMessage: 'Folgefehler: kein weiterer Abzug',
    followOnChargedOnce: 'Der Fehler wird nur einmal abgezogen.',
    followOnTransformation: (line: string) =>
      `${line} ist richtig umgeformt, baut aber auf einer falschen Zeile auf.`,
    followOnCalculation: (step: string, basedOn: string, expected: string) =>
      `${step} ist richtig gerechnet, baut aber auf dem falschen Wert ${basedOn} auf (richtig wäre ${expected}).`,
  },
  /** an open answer against the key's aspects: errors, subtask feedback, improvement (to the student: du) */
  openAnswer: {
    criterionPartlyMetTitle: 'Kriterium teilweise erfüllt',
    criterionNotMetTitle: 'Kriterium nicht erfüllt',
    criterion: (criterion: string, note: string) => `${criterion}: ${note}`,
    wrongFactTitle: 'Falscher Fakt',
    rolesSwappedTitle: 'Begriffe vertauscht',
    negatedTitle: 'Verneint',
    partialTitle: 'Aspekt unvollständig',
    missingTitle: 'Aspekt fehlt',
    wrongAnswerTitle: 'Antwort falsch',
    /** a partly named aspect: the key's wording, the student's words for it, what is still missing */
    partialDetails: (aspect: string, said: string[], missingTerms: string[]) =>
      `Teilweise: ${aspect}.${said.length > 0 ? ` Du schreibst ${said.join(', ')}, ` : ' '}es fehlt noch ${missingTerms.join(', ')}.`,
    missingDetails: (aspect: string) => `Nicht genannt: ${aspect}.`,
    partialMessage: (aspect: string) => `Nur teilweise: ${aspect}`,
    missingMessage: (aspect: string) => `Es fehlt: ${aspect}`,
    add: (aspect: string) => `Ergänze: ${aspect}`,
    /** a missing aspect in the subtask feedback: its points lost, and for a criterion what was found */
    missingPart: (aspect: string, lost: string, note?: string) =>
      `${aspect} (${lost} P${note ? `: ${note}` : ''})`,
    named: (words: string[]) => `Du nennst ${words.join(', ')}.`,
    missing: (parts: string[]) => `Es fehlt: ${parts.join('; ')}.`,
    improvement: (aspects: string[]) => `Ergänze in deiner Antwort: ${aspects.join(', ')}.`,
    /** a criterion of the writing not met (a quality, nothing to add): what to look after next time */
    improveCriteria: (criteria: string[]) => `Achte beim nächsten Mal auf: ${criteria.join(', ')}.`,
  },
  /** a true/false statement with its correction (to the student: du) */
  rewrittenSentence: {
    rightFeedback: 'Dein Satz ist richtig umgeformt.',
    slipFeedback: (word: string, right: string) =>
      `Dein Satz ist richtig umgeformt; „${word}“ schreibt man „${right}“.`,
    wrongTitle: 'Satz nicht richtig umgeformt',
    wrongDetails: (words: string[]) =>
      words.length > 0
        ? `Anders als in der Lösung: ${words.map((w) => `„${w}“`).join(', ')}.`
        : 'Der Satz weicht von der Lösung ab.',
    rightIs: (solution: string) => `Richtig: ${solution}`,
    wrongFeedback: (solution: string) => `Der Satz ist nicht richtig umgeformt. Richtig: ${solution}`,
    missingTitle: 'Satz fehlt',
    missingFeedback: 'Der umgeformte Satz fehlt.',
  },
  shortAnswer: {
    rightFeedback: 'Deine Antwort ist richtig.',
    wrongTitle: 'Antwort falsch',
    wrongDetails: (written: string, solution: string) =>
      `„${written}“ ist falsch; richtig ist „${solution}“.`,
    wrongFeedback: (solution: string) => `Deine Antwort ist falsch. Richtig ist „${solution}“.`,
  },
  sentenceItems: {
    itemWrongTitle: (label: string) => `Satz ${label} nicht richtig`,
    itemMissingTitle: (label: string) => `Satz ${label} fehlt`,
    itemMissingDetails: (label: string) => `Zu Satz ${label} steht keine Antwort da.`,
    feedback: (right: number, total: number, wrong: string[]) =>
      right === total
        ? `Alle ${total} Sätze sind richtig.`
        : `${right} von ${total} Sätzen richtig (falsch oder leer: ${wrong.map((l) => `Satz ${l}`).join(', ')}).`,
  },
  trueFalse: {
    wrongTitle: 'Falsch beurteilt',
    statementIs: (isTrue: boolean) => `Die Aussage ist ${isTrue ? 'richtig' : 'falsch'}.`,
    correctionMissingTitle: 'Berichtigung fehlt',
    correctionPartialTitle: 'Berichtigung unvollständig',
    correctionDetails: (correction: string) => `Richtig wäre: ${correction}`,
    feedback: (verdictRight: boolean, correction: 'none' | 'right' | 'partial' | 'missing') =>
      [
        verdictRight ? 'Du hast die Aussage richtig beurteilt.' : 'Du hast die Aussage falsch beurteilt.',
        {
          none: '',
          right: 'Deine Berichtigung stimmt.',
          partial: 'Deine Berichtigung ist unvollständig.',
          missing: 'Die Berichtigung fehlt.',
        }[correction],
      ]
        .filter(Boolean)
        .join(' '),
  },
  /** a competency's level by its rubric's score */
  competencyLevels: { sure: 'sicher', partly: 'teilweise sicher', unsure: 'noch unsicher' },
  /** strengths, weaknesses and recommendations of a result (to the student: du) */
  summary: {
    taskSolved: (task: string, points: string, named: string[]) =>
      `${task}: ${points}${named.length > 0 ? ` – du nennst ${named.join(', ')}` : ''}.`,
    missing: (aspects: string[]) => `es fehlt ${aspects.join(', ')}`,
    noAnswer: 'keine Antwort gefunden',
    taskWeak: (task: string, points: string, what: string) => `${task}: ${points} – ${what}.`,
    repeat: (task: string, aspects: string[]) => `${task} wiederholen: ${aspects.join(', ')}.`,
    answerTask: (task: string) => `${task} bearbeiten: Zu dieser Aufgabe fehlt die Antwort.`,
    correct: (task: string, solution: string) => `${task} berichtigen: ${solution}`,
    spellingWeak: (count: number, examples: string[]) =>
      `${count} Rechtschreibfehler, z. B. ${examples.join(', ')}.`,
    spellingPractice: (words: string[]) =>
      `Rechtschreibung üben: die markierten Wörter (${words.join(', ')}) richtig abschreiben und im Wörterbuch nachschlagen.`,
    spellingClean: (words: number) =>
      `Rechtschreibung: kein Fehler in ${countOf(words, 'Wort', 'Wörtern')} gefunden.`,
    dasDassWeak: (count: number, example: string) => `das/dass verwechselt (${count}×), z. B. ${example}.`,
    commaWeak: (count: number, example: string) =>
      `Komma bei Nebensätzen fehlt (${count}×), z. B. ${example}.`,
    styleWeak: (items: string[]) => `Ausdruck: ${items.join(', ')}.`,
    mathsWeak: (count: number, step: string, correct: string) =>
      `Rechenfehler (${count}×), z. B. ${step} (richtig: ${correct}).`,
    mathsCheck: (step: string) =>
      `Rechenschritte mit einer Probe oder Überschlag kontrollieren, z. B. ${step}.`,
    mathsClean: (steps: number) =>
      steps === 1 ? 'Der Rechenschritt ist richtig.' : `Alle ${steps} Rechenschritte sind richtig.`,
  },
  /** a task's points in words; "richtig" only for full points */
  taskLabels: {
    full: 'richtig',
    nearlyFull: 'fast vollständig',
    partial: 'teilweise richtig',
    mostlyWrong: 'überwiegend falsch',
    none: 'nicht gelöst',
  },
  taskFindingsTeacherSetsPoints: (findings: number, mathsChecked: boolean) =>
    `${findings} ${findings === 1 ? 'Hinweis' : 'Hinweise'} zu ${mathsChecked ? 'Sprache oder Rechnungen' : 'Sprache'}; die Punkte legen Sie fest.`,
  /** the competency each rubric stands for */
  competencies: {
    Inhalt: 'Fachwissen',
    Rechnen: 'Rechenfertigkeit',
    Rechtschreibung: 'Rechtschreibung',
    Grammatik: 'Grammatik und Zeichensetzung',
    Ausdruck: 'Sprachlicher Ausdruck',
    Struktur: 'Aufbau und Vollständigkeit',
  },
  /** the overall feedback's sentences */
  overall: {
    points: (points: string, percent: string, grade: string | null) =>
      `${points} (${percent} %)${grade ? `, Note ${grade}` : ''}.`,
    solved: (tasks: string[]) => `Sicher gelöst: ${tasks.join(', ')}.`,
    improve: (tasks: string[]) => `Nachbessern: ${tasks.join(', ')}.`,
    language: (spelling: number, grammar: number) =>
      `Sprache: ${spelling} Rechtschreib- und ${grammar} Grammatik-/Zeichensetzungsfehler.`,
    calculations: (right: number, all: number) =>
      `Rechnungen: ${right} von ${all} ${all === 1 ? 'Schritt' : 'Schritten'} richtig.`,
    transformations: (right: number, all: number) =>
      `Umformungen: ${right} von ${all} ${all === 1 ? 'Schritt' : 'Schritten'} richtig.`,
    reactions: (balanced: number, all: number) =>
      `Reaktionsgleichungen: ${balanced} von ${all} ausgeglichen.`,
  },
  /** the rubrics' descriptions */
  rubrics: {
    content: (points: string) => `${points} nach dem Erwartungshorizont.`,
    calculation: (right: number, all: number) =>
      `${right} von ${all} ${all === 1 ? 'Rechenschritt' : 'Rechenschritten'} richtig.`,
    spelling: (count: number, words: number) =>
      `${count} Rechtschreibfehler in ${countOf(words, 'Wort', 'Wörtern')}.`,
    grammar: (count: number, words: number) =>
      `${count} Grammatik- und Zeichensetzungsfehler in ${countOf(words, 'Wort', 'Wörtern')}.`,
    style: (count: number, sentences: number) =>
      `${count} ${count === 1 ? 'Hinweis' : 'Hinweise'} zum Ausdruck (Umgangssprache, sehr lange Sätze) in ${sentences} ${sentences === 1 ? 'Satz' : 'Sätzen'}.`,
    structure: (answered: number, all: number, recognised: number) =>
      `${answered} von ${countOf(all, 'Aufgabe', 'Aufgaben')} beantwortet; ${countOf(recognised, 'Aufgabe', 'Aufgaben')} im Text erkannt.`,
  },
  /** the reaction-equation and molar-mass checks' findings */
  chemistry: {
    unbalancedTitle: 'Reaktionsgleichung nicht ausgeglichen',
    unbalancedDetails: (imbalance: readonly { element: string; left: number; right: number }[]) =>
      `Die Gleichung ist nicht ausgeglichen: ${imbalance
        .map((x) => `links ${x.left} ${x.element}, rechts ${x.right} ${x.element}`)
        .join('; ')}.`,
    molarMassTitle: 'Molare Masse falsch',
    molarMassDetails: (formula: string, expected: string, written: string) =>
      `Die molare Masse von ${formula} ist ${expected} g/mol, nicht ${written} g/mol.`,
  },
  /** texts `finalise` writes for what the teacher's review changed (points, errors) */
  review: {
    /**
     * a reviewed subtask's feedback: its points, and the errors that still cost points: with their deductions
     * where these add up to the points lost, else without (the teacher set the points herself)
     */
    subtask: (points: string | null, errors: string[], withDeductions: boolean) =>
      `Von deiner Lehrkraft geprüft${points ? `: ${points}` : ''}.${errors.length > 0 ? ` ${withDeductions ? 'Abzüge' : 'Zu beachten'}: ${errors.join('; ')}.` : ''}`,
    /** a reviewed subtask's line in the strengths or weaknesses */
    summaryLine: (task: string, points: string) => `${task}: ${points} (von deiner Lehrkraft geprüft).`,
  },
  lowOcrConfidence: 'Bitte Transkription prüfen',
  lowOcrConfidenceDetail:
    'Bitte Transkription prüfen: Teile der Arbeit wurden mit geringer Sicherheit erkannt. Fehler im Text können Erkennungsfehler sein.',
  noAnswerKey:
    'Ohne Erwartungshorizont oder Lösung kann der Inhalt nicht bewertet werden. Geprüft wurden nur Sprache, Rechnungen und Aufbau; die Punkte legen Sie fest.',
  /** the key's tasks whose answers the engine could not place by their labels */
  alignmentUncertain: (tasks: string[]) =>
    `${tasks.length === 1 ? `Die Antwort zu Aufgabe ${tasks[0]} konnte` : `Die Antworten zu den Aufgaben ${tasks.slice(0, -1).join(', ')} und ${tasks.at(-1)} konnten`} nicht sicher zugeordnet werden (keine passende Aufgabennummer in der Arbeit). Die Punkte sind vorläufig; eine Note wird erst vorgeschlagen, wenn Sie die Zuordnung geprüft haben.`,
  wordEquationSideTitle: 'Stoff auf der falschen Seite',
  wordEquationSide: (substance: string) => `„${substance}“ steht auf der falschen Seite des Reaktionspfeils.`,
  /** writing under task labels the key has no task for: graded nowhere, so the grade waits for her */
  answersOutsideKey: (tasks: string[]) =>
    `In der Arbeit steht unter ${tasks.length === 1 ? `Aufgabe ${tasks[0]}` : `den Aufgaben ${tasks.slice(0, -1).join(', ')} und ${tasks.at(-1)}`} eine Antwort, zu der der Erwartungshorizont keine Aufgabe hat; sie ist nicht bewertet. Die Punkte sind vorläufig; eine Note wird erst vorgeschlagen, wenn Sie die Zuordnung geprüft haben.`,
  /**
   * points were taken where the key's words were not found, and a teacher who reads those answers as meant
   * could move the grade by more than one step: the grade waits for her (issue 32 §7)
   */
  pointsUncertain: (units: string[], taken: number, gradeNow: string, gradeIfMeant: string) =>
    `Keine Note vorgeschlagen: In ${units.length === 1 ? units[0] : `${units.slice(0, -1).join(', ')} und ${units.at(-1)}`} fand die KI Stichworte des Erwartungshorizonts nicht oder nur verändert und zog dafür zusammen ${points(taken)} P ab. Sind diese Antworten sinngemäß richtig, läge die Note bei ${gradeIfMeant} statt ${gradeNow}. Bitte prüfen Sie diese Antworten; mit Ihrer Bestätigung folgt die Note den Punkten.`,
  /** the grade rests on points only proposed by checks of criteria the teacher judges (ADR 0036) */
  pointsProposed: (units: string[], given: number, gradeNow: string, gradeWithout: string) =>
    `Keine Note vorgeschlagen: In ${units.length === 1 ? units[0] : `${units.slice(0, -1).join(', ')} und ${units.at(-1)}`} gab die KI ${points(given)} P für Bewertungskriterien (etwa Aufbau, Begründung, Sprache), die sie nur vorschlagen kann. Ohne diese Punkte läge die Note bei ${gradeWithout} statt ${gradeNow}. Bitte prüfen Sie diese Antworten; mit Ihrer Bestätigung folgt die Note den Punkten.`,
  /** parts without points of their own got equal shares of the key's total line (answer-key.ts) */
  keyPointsFromTotal: (parts: string[], total: number) =>
    `Für ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} und ${parts.at(-1)}`} nennt der Erwartungshorizont keine eigenen Punkte; die Punkte, die von der Punktzahl der Aufgabe oder der Gesamtpunktzahl (${points(total)} P) übrig sind, wurden gleichmäßig verteilt. Bitte prüfen Sie die Verteilung.`,
  /** the tasks' points and the key's own total line disagree: the tasks are graded as written */
  keyTotalDiffers: (sum: number, stated: number) =>
    `Die Punkte der Aufgaben ergeben zusammen ${points(sum)} P, der Erwartungshorizont nennt insgesamt ${points(stated)} P. Bewertet ist nach den Punkten der Aufgaben; bitte prüfen Sie den Erwartungshorizont. Eine Note wird erst mit Ihrer Bestätigung vorgeschlagen.`,
  hiddenText: 'Die Datei enthält versteckten Text. Er wurde nicht bewertet; bitte prüfen Sie ihn.',
  emptyAnswer: 'Die Arbeit enthält keinen auswertbaren Text.',
  unknownValue: 'Nicht angegeben',
  defaultTitle: 'Analyse',
  noAspectMatched: 'Deine Antwort trifft keinen erwarteten Aspekt.',
  allAspectsNamed: 'Alle erwarteten Aspekte sind genannt.',
  /** a subtask whose key names only writing criteria, all of them met: what the checks found */
  criteriaMet: (notes: string) =>
    `Die Bewertungskriterien sind erfüllt, soweit das Programm sie prüfen kann (${notes}).`,
  contentNotGraded:
    'Der Inhalt wurde ohne Erwartungshorizont nicht bewertet; Sprache und Rechnungen sind geprüft.',
  contentNotGradedLanguageChecked:
    'Der Inhalt wurde ohne Erwartungshorizont nicht bewertet; die Sprache ist geprüft.',
  /** a task without a key with lines that claim a value the checks could not read: it stays open */
  stepsNotChecked: (lines: number) =>
    `${lines === 1 ? 'Eine Rechenzeile konnte' : `${lines} Rechenzeilen konnten`} nicht nachgerechnet werden; die Punkte legt deine Lehrkraft fest.`,
  /** a task without a key, scored by the calculation, equation and reaction-equation checks alone */
  scoredByChecks: (right: number, all: number) =>
    `Ohne Erwartungshorizont nach den geprüften Rechenschritten bewertet: ${right} von ${all} ${all === 1 ? 'Schritt' : 'Schritten'} richtig.`,
  /** the aspect's words stand in the answer, but said of another thing */
  rolesSwapped: (aspect: string) => `Vertauscht – richtig ist: „${aspect}“`,
  /** the answer says the opposite of the aspect */
  negated: (aspect: string) => `Verneint – richtig ist: „${aspect}“`,
  /** another named thing than the key's: what the student wrote, what the key expects */
  wrongFact: (written: string, expected: string) => `„${written}“ statt „${expected}“`,
  /** a short answer that is wrong as a whole: what the student wrote, what the key expects */
  wrongShortAnswer: (written: string, expected: string) => `„${written}“ ist falsch – erwartet: ${expected}.`,
  noAnswerRecognised: 'Keine Antwort erkannt.',
  taskPointsMissing:
    'Im Erwartungshorizont fehlen die Punkte für diese Aufgabe; deine Lehrkraft legt sie fest.',
  noAnswerFound: 'Keine Antwort gefunden.',
  keyCriteriaOnly:
    'Der Erwartungshorizont nennt hier nur Bewertungskriterien und keine erwartete Lösung; die Punkte legt deine Lehrkraft fest.',
  rubricJudgement:
    'Keine Note vorgeschlagen: Der Erwartungshorizont ist ein Bewertungsraster für einen ganzen Text. Die KI hat jedes Kriterium an der ganzen Arbeit gelesen und schlägt Punkte vor; ob die Kriterien erfüllt sind, beurteilen Sie. Mit Ihrer Bestätigung folgt die Note den Punkten.',
  contentOpen:
    'Einige Aufgaben wurden nicht bewertet, weil der Erwartungshorizont dort nur Bewertungskriterien nennt; bitte legen Sie die Punkte fest.',
  pointsMissing: 'Für einige Aufgaben fehlen Punkte im Erwartungshorizont; bitte legen Sie die Punkte fest.',
  noFindingsTeacherSetsPoints: 'Keine Auffälligkeiten in Sprache oder Rechnungen; die Punkte legen Sie fest.',
  noLanguageFindingsTeacherSetsPoints: 'Keine Auffälligkeiten in der Sprache; die Punkte legen Sie fest.',
  commaAdvice:
    'Nebensätze (mit „dass“, „weil“, „obwohl“, „wenn“, „ob“ …) und Relativsätze durch Kommas vom Hauptsatz trennen: vor dem Nebensatz und, wenn der Hauptsatz weitergeht, auch danach.',
  reactionEquationRight: 'Die Reaktionsgleichung ist richtig und ausgeglichen.',
  reactionEquationExpected: 'Erwartet:',
  balanceEquationAdvice:
    'Wähle die Koeffizienten so, dass links und rechts vom Pfeil gleich viele Atome jedes Elements stehen.',
  styleAdvice: 'Ausdruck: Umgangssprache durch Standardsprache ersetzen und lange Sätze teilen.',
  noAnswerKeyPartlyChecked:
    'Ohne Erwartungshorizont wurden nur die Aufgaben bewertet, deren Rechnungen, Gleichungen oder Reaktionsgleichungen sich prüfen lassen; die übrigen Punkte legen Sie fest.',
  noAnswerKeyAllChecked:
    'Ohne Erwartungshorizont wurden die Aufgaben allein nach ihren Rechnungen, Gleichungen oder Reaktionsgleichungen bewertet. Ob die Rechenwege zur Aufgabe passen, prüfen Sie bitte.',
  /** the overall line while some tasks are open: achieved in the scored part, how much is scored and open */
  partlyScored: (achieved: number, scoredMax: number, total: number, open: number) =>
    `${points(achieved)} von ${countOf(points(scoredMax), 'Punkt', 'Punkten')} in den bewerteten Aufgaben; ${points(scoredMax)} von ${countOf(points(total), 'Punkt', 'Punkten')} bewertet, ${points(open)} offen.`,
  noKeyOverall: 'Ohne Erwartungshorizont wurde der Inhalt nicht bewertet; die Punkte legen Sie fest.',
  pointsMissingOverall: 'Für einige Aufgaben fehlen Punkte im Erwartungshorizont; die Punkte legen Sie fest.',
  /** an open answer whose points the engine is unsure of; the reasons name the aspects */
  openAnswerReview: (task: string, reasons: string[]) => `Bitte prüfen: ${task} – ${reasons.join('; ')}.`,
  reviewNegation: (aspect: string) => `die Antwort verneint „${aspect}“`,
  reviewRoles: (aspect: string) =>
    `die Begriffe zu „${aspect}“ stehen bei einem anderen Begriff (vertauscht?)`,
  reviewFact: (written: string, expected: string) => `die Antwort nennt „${written}“ statt „${expected}“`,
  /** a writing criterion the program checked only as far as it can */
  reviewCriterion: (criterion: string, found: string) =>
    `Kriterium „${criterion}“ nach dem, was das Programm prüfen kann (${found}) – bitte bestätigen`,
  reviewParaphrase: (aspect: string) => `ob „${aspect}“ sinngemäß genannt ist`,
  dasDassAdvice:
    'das/dass: Lässt sich das Wort durch „dieses“ oder „welches“ ersetzen, schreibt man „das“, sonst „dass“.',
  // language check: each finding's title and message, shown to the student
  spellingTitle: 'Rechtschreibfehler',
  spellingMessage: (word: string) => `„${word}“ ist falsch geschrieben.`,
  eszettMessage: (word: string) => `„${word}“ schreibt man im Deutschen mit „ß“.`,
  /** ß after a short vowel: the spelling before the 1996 reform */
  oldEszettMessage: (word: string, now: string) =>
    `„${word}“ ist die alte Schreibung: Nach kurzem Vokal steht heute „ss“ („${now}“).`,
  umlautMessage: (word: string, right: string) => `„${word}“ schreibt man mit Umlaut: „${right}“.`,
  capitalisationTitle: 'Großschreibung',
  sentenceStartMessage: (word: string) => `„${word}“ steht am Satzanfang und wird großgeschrieben.`,
  capitalisationMessage: (word: string) => `„${word}“ ist hier ein Nomen und wird großgeschrieben.`,
  lowercaseTitle: 'Kleinschreibung',
  lowercaseMessage: (word: string) => `„${word}“ ist hier kein Nomen und wird kleingeschrieben.`,
  dasDassTitle: 'das/dass',
  dassNeeded: 'Hier leitet „dass“ einen Nebensatz ein (Konjunktion); „das“ ist Artikel oder Pronomen.',
  dasNeeded: '„dass“ ist eine Konjunktion; vor einem Nomen steht der Artikel „das“.',
  relativeDasNeeded:
    'Hier beginnt ein Relativsatz, der sich auf das Nomen davor bezieht: Das Relativpronomen „das“ lässt sich durch „welches“ ersetzen und wird mit einem s geschrieben.',
  commaTitle: 'Komma fehlt',
  commaBeforeSubordinate: (conjunction: string) =>
    `Vor „${conjunction}“ steht ein Komma, weil hier ein Nebensatz beginnt.`,
  commaAfterSubordinate:
    'Hier endet der Nebensatz am Satzanfang und der Hauptsatz beginnt; dazwischen steht ein Komma.',
  commaBeforeRelative: 'Hier beginnt ein Relativsatz; vor ihm steht ein Komma.',
  commaReportedSpeech: 'Vor der indirekten Rede („er habe …“) steht ein Komma.',
  seidSeitTitle: 'seid/seit',
  seitNeeded: '„seit“ gibt einen Zeitpunkt an; „seid“ ist eine Form von „sein“ (ihr seid).',
  seidNeeded: '„ihr seid“ ist eine Form von „sein“; „seit“ gibt einen Zeitpunkt an.',
  widerWiederTitle: 'wider/wieder',
  widerNeeded: '„wider“ bedeutet „gegen“; „wieder“ bedeutet „noch einmal“.',
  wiederNeeded: '„wieder“ bedeutet „noch einmal“; „wider“ bedeutet „gegen“.',
  repeatedWordTitle: 'Wortwiederholung',
  repeatedWord: (word: string) => `„${word}“ steht zweimal hintereinander.`,
  longSentenceTitle: 'Sehr langer Satz',
  longSentence: (words: number) => `Dieser Satz hat ${words} Wörter; lange Sätze sind schwer zu lesen.`,
  colloquialTitle: 'Umgangssprache',
  colloquial: (word: string) => `„${word}“ ist umgangssprachlich.`,
  frenchPasseComposeTitle: 'Passé composé',
  frenchEtreAuxiliary: (written: string, right: string) =>
    `Dieses Verb bildet das passé composé mit „être“: „${right}“ statt „${written}“.`,
  frenchParticiple: (written: string, right: string) =>
    `Das Partizip ist unregelmäßig: „${right}“ statt „${written}“.`,
  englishVerbFormTitle: 'Verbform',
  englishAgreement: (written: string, right: string) =>
    `Das Verb passt nicht zum Subjekt: „${right}“ statt „${written}“.`,
  englishIrregularPast: (word: string, past: string) =>
    `„${word}“ gibt es nicht: Das Verb ist unregelmäßig, die Vergangenheitsform heißt „${past}“.`,
  englishBaseAfterDo: (aux: string, word: string, base: string) =>
    `Nach „${aux}“ steht die Grundform des Verbs: „${base}“ statt „${word}“.`,
} as const;
