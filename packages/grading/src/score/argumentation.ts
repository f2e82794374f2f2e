import type { CriterionContext, CriterionResult } from './criteria';

/**
 * The criteria of a Stellungnahme, Erörterung or Urteil as German teachers write them into a key: "eindeutige
 * Position (1)", "zwei Argumente (je 1)", "jeweils Begründung/Beispiel", "Gegenargument wird berücksichtigt",
 * "begründetes eigenes Urteil", "Fazit". They name the parts of an argument, not its content, so looking for
 * their words in the answer scores any argument 0 (issue 32 §5). Instead the answer's sentences are read for
 * the signs of those parts: a first-person judgement, sentences that give a reason, an example, a concession,
 * a conclusion. Whether an argument holds is the teacher's call: every result is a proposal she confirms,
 * and what was found is quoted (no span: the evidence is no mistake to point at). Where no sign was found, the deduction is marked as resting
 * on words not found (ADR 0035), since a pupil can argue without any of these words.
 */

/** `asked`: how many the criterion asks for ("zwei Argumente": 2) */
type ArgumentCheck = (context: CriterionContext, asked: number) => CriterionResult;

type Sentence = { start: number; end: number; text: string };

function sentencesOf(answer: string): Sentence[] {
  return [...answer.matchAll(/[^.!?\n]+(?:[.!?]+|$)/gm)]
    .map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[0] }))
    .filter((s) => (s.text.match(/\p{L}+/gu) ?? []).length >= 3);
}

// "Ich bin dagegen", "Meiner Meinung nach", "Tim sollte …", "Die These stimmt nur teilweise"
const stance =
  /\b(?:ich\s+(?:bin|finde|denke|meine|glaube|halte|stimme|würde|sehe|persönlich)|meine[rn]?\s+(?:Meinung|Ansicht)|meines\s+Erachtens|aus\s+meiner\s+Sicht|für\s+mich|insgesamt|abschließend|zusammenfassend|alles\s+in\s+allem|Fazit|sollte[n]?|müsste[n]?|stimmt|trifft\s+(?:nicht\s+)?zu|ist\s+(?:nicht\s+)?(?:richtig|falsch|berechtigt|gerechtfertigt|übertrieben|sinnvoll|unrealistisch|realistisch))\b/iu;
// a reason: "weil", "denn", ", da", "deshalb", "sonst"
const reason =
  /(?:\b(?:weil|denn|nämlich|deshalb|deswegen|daher|dadurch|sonst|sodass|damit|wegen|aufgrund|so\s+dass)\b|,\s*da\s)/iu;
// an example: "z. B.", "zum Beispiel", one's own experience
const example =
  /(?:\bz\.\s?B\.|\b(?:zum\s+Beispiel|beispielsweise|etwa|ein\s+Beispiel|zB)\b|\b(?:ich\s+selbst|bei\s+uns|in\s+meiner|meine[rnm]?\s+(?:Schwester|Bruder|Freund|Freundin|Eltern|Mutter|Vater|Klasse)|neulich|letztes\s+Jahr)\b)/iu;
// a new argument: an enumeration or a reason
const enumeration =
  /\b(?:erstens|zweitens|drittens|zum\s+einen|zum\s+anderen|außerdem|zudem|darüber\s+hinaus|ebenso|ein\s+(?:weiteres|anderes|wichtiges)\s+Argument|ein\s+(?:weiterer\s+)?(?:Grund|Vorteil|Nachteil)|dafür\s+spricht|dagegen\s+spricht|einerseits|andererseits)\b/iu;
// the other side: a concession or an objection taken up
const counter =
  /\b(?:andererseits|allerdings|zwar|jedoch|dennoch|trotzdem|auf\s+der\s+anderen\s+Seite|dagegen\s+(?:spricht|sprechen)|es\s+gibt\s+(?:aber\s+)?auch|(?:manche|einige|viele|Kritiker|Gegner|Befürworter)\s+(?:sagen|meinen|denken|behaupten|finden|argumentieren)|man\s+könnte\s+(?:einwenden|sagen|meinen)|natürlich\s+(?:gibt|ist|kann))\b/iu;
const conclusion =
  /\b(?:insgesamt|abschließend|zusammenfassend|alles\s+in\s+allem|Fazit|letztendlich|letztlich|aus\s+diesen\s+Gründen)\b/iu;

const numberWords: Record<string, number> = {
  ein: 1,
  eine: 1,
  einen: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
};

/** "zwei Argumente", "mindestens drei Argumente", "2 Argumente": how many are asked (plural alone: two). */
function countIn(text: string): number {
  const m =
    /\b(\d|ein|eine|einen|zwei|drei|vier|fünf)\s+(?:[\p{L}-]+\s+){0,3}?(?:Argumente?|Gründe|Grund|Beispiele?|Begründungen)\b/iu.exec(
      text,
    );
  if (m) return /^\d$/.test(m[1]!) ? Number(m[1]) : numberWords[m[1]!.toLowerCase()]!;
  return /Argumente|Gründe|Beispiele|Begründungen/i.test(text) ? 2 : 1;
}

const quoted = (s: Sentence) => {
  const text = s.text.trim();
  return `„${text.length > 60 ? `${text.slice(0, 57).trimEnd()} …` : text}“`;
};

function found(what: string, hits: Sentence[], asked: number): CriterionResult {
  const credit = Math.min(1, hits.length / asked);
  return {
    credit,
    note:
      hits.length === 0
        ? `${what}: keine Stelle gefunden`
        : asked === 1
          ? `${what}: ${quoted(hits[0]!)}`
          : `${what}: ${Math.min(hits.length, asked)} von ${asked} genannt (${hits.slice(0, asked).map(quoted).join(', ')})`,
    proposal: true,
    confirm: true,
    exact: true,
    ...(credit < 1 ? { notFound: true } : {}),
  };
}

const position: ArgumentCheck = ({ answer }) =>
  found(
    'Position',
    sentencesOf(answer)
      .filter((s) => stance.test(s.text))
      .slice(0, 1),
    1,
  );

/** "begründetes eigenes Urteil": a judgement, and a reason given for it. */
const judgement: ArgumentCheck = ({ answer }) => {
  const sentences = sentencesOf(answer);
  const judged = sentences.filter((s) => stance.test(s.text));
  const reasoned = sentences.some((s) => reason.test(s.text));
  const credit = (judged.length > 0 ? 0.5 : 0) + (judged.length > 0 && reasoned ? 0.5 : 0);
  return {
    credit,
    note:
      judged.length === 0
        ? 'Urteil: keine Stelle gefunden'
        : `Urteil: ${quoted(judged.at(-1)!)}${reasoned ? ', mit Begründung' : ', ohne erkennbare Begründung'}`,
    proposal: true,
    confirm: true,
    exact: true,
    ...(credit < 1 ? { notFound: true } : {}),
  };
};

const argumentsOf = (answer: string) =>
  sentencesOf(answer).filter((s) => enumeration.test(s.text) || reason.test(s.text));

const argumentsGiven =
  (supported: boolean): ArgumentCheck =>
  ({ answer }, asked) => {
    const given = argumentsOf(answer);
    if (!supported) return found('Argumente', given, asked);
    // "Argumente mit Begründung/Beispiel": half for the argument, half for its reason or example
    const sentences = sentencesOf(answer);
    const backed = given.filter((s) => {
      const next = sentences.find((x) => x.start >= s.end);
      return reason.test(s.text) || example.test(s.text) || (next !== undefined && example.test(next.text));
    });
    const r = found('Argumente', given, asked);
    const credit = Math.min(
      1,
      (Math.min(given.length, asked) + Math.min(backed.length, asked)) / (2 * asked),
    );
    return { ...r, credit, ...(credit < 1 ? { notFound: true } : { notFound: undefined }) };
  };

const reasonsGiven: ArgumentCheck = ({ answer }, asked) =>
  found(
    'Begründungen',
    sentencesOf(answer).filter((s) => reason.test(s.text) || example.test(s.text)),
    asked,
  );

const examplesGiven: ArgumentCheck = ({ answer }, asked) =>
  found(
    'Beispiele',
    sentencesOf(answer).filter((s) => example.test(s.text)),
    asked,
  );

const counterArgument: ArgumentCheck = ({ answer }) =>
  found(
    'Gegenargument',
    sentencesOf(answer)
      .filter((s) => counter.test(s.text))
      .slice(0, 1),
    1,
  );

// the words that join the steps of an argument
const connectives =
  /\b(?:weil|denn|deshalb|deswegen|daher|außerdem|zudem|zum\s+Beispiel|beispielsweise|jedoch|trotzdem|dennoch|schließlich|insgesamt|erstens|zweitens|somit|folglich|dadurch|allerdings|because|therefore|however|moreover|for\s+example|firstly|finally|in\s+conclusion)\b|\bz\.\s?B\./giu;

/** "Aufbau: … durch passende Konnektoren verknüpft": how many different joining words the text uses. */
const connected: ArgumentCheck = ({ answer }) => {
  const used = [
    ...new Set([...answer.matchAll(connectives)].map((m) => m[0].toLowerCase().replace(/\s+/g, ' '))),
  ];
  const credit = used.length >= 3 ? 1 : used.length === 2 ? 0.5 : 0;
  return {
    credit,
    note:
      used.length === 0
        ? 'Verknüpfung: keine Konnektoren gefunden'
        : `Verknüpfung: ${used.map((w) => `„${w}“`).join(', ')}`,
    proposal: true,
    confirm: true,
    exact: true,
    ...(credit < 1 ? { notFound: true } : {}),
  };
};

const conclusionDrawn: ArgumentCheck = ({ answer }) => {
  const sentences = sentencesOf(answer);
  // a conclusion closes the text: its last two sentences
  const closing = sentences.slice(-2).filter((s) => conclusion.test(s.text) || stance.test(s.text));
  return found('Fazit', closing.slice(0, 1), 1);
};

const adjectives = String.raw`(?:(?:eindeutige|eigene|klare|erkennbare|begründete|begründetes|eigenes|sachlich\s+richtige|schlüssige|ausgebaute|überzeugende|stichhaltige|passende|passendes|konkretes|konkrete|nachvollziehbare)[\s,]+)*`;
const counted = String.raw`(?:(?:mindestens|jeweils|je)\s+)?(?:(?:\d|ein|eine|einen|zwei|drei|vier|fünf)\s+)?`;

const patterns: { pattern: RegExp; check: ArgumentCheck }[] = [
  {
    pattern: new RegExp(
      String.raw`^${adjectives}(?:Position|Meinung|Standpunkt|These)(?:\s+(?:erkennbar|wird\s+deutlich|deutlich))?$`,
      'iu',
    ),
    check: position,
  },
  {
    pattern: new RegExp(
      String.raw`^${counted}${adjectives}(?:Urteil|Stellungnahme)(?:\s+(?:mit\s+Begründung|im\s+Schluss))?$`,
      'iu',
    ),
    check: judgement,
  },
  {
    pattern: new RegExp(
      String.raw`^${counted}${adjectives}(?:Argumente?|Gründe)\s+mit\s+(?:Begründung|Beispiel)(?:\s*(?:\/|und|oder)\s*(?:Begründung|Beispiel))?$`,
      'iu',
    ),
    check: argumentsGiven(true),
  },
  {
    pattern: new RegExp(String.raw`^${counted}${adjectives}(?:Argumente?|Gründe)$`, 'iu'),
    check: argumentsGiven(false),
  },
  {
    pattern: new RegExp(
      String.raw`^${counted}${adjectives}(?:Begründung(?:en)?|Erklärung)(?:\s*(?:\/|und|oder)\s*Beispiele?)?$`,
      'iu',
    ),
    check: reasonsGiven,
  },
  {
    // "Beispiel aus der Gegenwart": where the example comes from is for the teacher to confirm
    pattern: new RegExp(
      String.raw`^${counted}${adjectives}(?:Beispiele?|Belege?)(?:\s+aus\s+(?:der|dem|einem|eigenen?)\s+[\p{L}\s]{3,30})?$`,
      'iu',
    ),
    check: examplesGiven,
  },
  {
    pattern:
      /^(?:auch\s+)?(?:(?:ein|eine|das|die|der)\s+)?(?:Berücksichtigung\s+(?:und\s+Entkräftung\s+)?(?:eines|des|der)\s+|Auseinandersetzung\s+mit\s+(?:der|dem|einem|einer)\s+|Differenzierung\s*\/\s*)?(?:Gegenarguments?|Gegenargumente?|Gegenposition|Gegenseite)(?:\s+(?:wird|werden)\s+(?:berücksichtigt|genannt|entkräftet|einbezogen))?$/iu,
    check: counterArgument,
  },
  { pattern: /^(?:ein\s+)?(?:Fazit|Schluss|Schlussfolgerung|Rückbezug)$/iu, check: conclusionDrawn },
  {
    pattern:
      /^(?:Aufbau|Gliederung|Verknüpfung|sprachliche\s+Verknüpfung(?:\s+der\s+Teile)?|Struktur|structure(?:\s+and\s+connectives)?|connectives)$/iu,
    check: connected,
  },
];

/** The check of an aspect that names a part of an argument, or null. */
export function argumentationCheckOf(
  aspectText: string,
): ((context: CriterionContext) => CriterionResult) | null {
  const text = aspectText
    .trim()
    .replace(/\s*\((?:je\s+)?\d+(?:\s*=\s*\d+)?\)\s*$/, '')
    .replace(/[.;:,]+$/, '');
  const check = patterns.find((p) => p.pattern.test(text))?.check;
  if (!check) return null;
  // "jeweils Begründung": one for each argument the key asks for elsewhere in the task
  return (context) => check(context, /^jeweils\b/i.test(text) ? countIn(context.keyContext) : countIn(text));
}
