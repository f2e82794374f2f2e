import { builtinGradingMessages as msg } from '@korrigo/domain';
import type { LanguageFinding } from './language-finding';

/**
 * Clause rules for German: das/dass by what follows, and the commas that set off subordinate and
 * relative clauses. German word order does the work: a finite verb ends a subordinate clause, the main
 * clause's finite verb comes first after it, and an article is never followed by another article or a
 * pronoun. Each rule fires only where those signs leave no other reading.
 */
type Rule = (text: string) => LanguageFinding[];

const L = '\\p{L}';
/** a whole word (Unicode-aware; JavaScript's \b is not) */
const w = (alternatives: string) => `(?<![${L}])(?:${alternatives})(?![${L}])`;

const articles =
  'der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines|kein|keine|keinen|keinem|keiner|sein|seine|seinen|seinem|seiner|ihre|ihren|ihrem|ihrer|mein|meine|meinen|meinem|meiner|unsere|unseren|unserem|diese|dieser|diesen|diesem|dieses|jede|jeder|jeden|jedem|jedes|alle|viele|manche|einige';
const subjectPronouns = 'er|sie|es|man|wir|ich|du|ihr';
/** what may stand right after the main clause's finite verb: its subject, "sich", an article */
const afterMainVerb = new RegExp(
  `^(?:${subjectPronouns}|sich|mir|mich|dir|dich|uns|euch|ihm|ihn|${articles}|\\p{Lu}\\p{L}*)$`,
  'u',
);
const prepositions =
  'mit|von|bei|aus|zu|nach|an|auf|in|für|durch|gegen|über|unter|vor|hinter|neben|zwischen|um|ohne|wegen|trotz';

/** Finite verbs that do not end in -t/-en/-n. */
const irregularFinite = new Set([
  'ist',
  'sind',
  'habe',
  'werde',
  'könne',
  'müsse',
  'solle',
  'wolle',
  'dürfe',
  'wisse',
  'wird',
  'war',
  'hat',
  'kann',
  'muss',
  'soll',
  'will',
  'darf',
  'mag',
  'weiß',
  'sei',
  'wäre',
  'hätte',
  'würde',
  'könnte',
  'müsste',
  'sollte',
  'wollte',
  'durfte',
  'konnte',
  'musste',
  'hatte',
  'wurde',
  'gab',
  'kam',
  'sah',
  'lag',
  'fiel',
  'ging',
  'blieb',
  'stand',
  'fand',
  'lief',
  // strong pasts that end a clause as often ("abfuhr", "vorlas")
  'fuhr',
  'sprach',
  'schrieb',
  'trug',
  'zog',
  'flog',
  'hielt',
  'ließ',
  'rief',
  'saß',
  'trank',
  'aß',
  'las',
  'nahm',
  'bat',
  'half',
  'traf',
  'warf',
  'starb',
  'wuchs',
  'schlief',
  'stieg',
  'schien',
  'hing',
  'fing',
  'brach',
]);
/** Small words ending like verbs that are none (adverbs, pronouns, prepositions, common adjectives). */
const notVerbs = new Set([
  'nicht',
  'jetzt',
  'zuerst',
  'zuletzt',
  'meist',
  'fast',
  'erst',
  'selbst',
  'sonst',
  'bereits',
  'seit',
  'mit',
  'gut',
  'oft',
  'weit',
  'breit',
  'leicht',
  'recht',
  'echt',
  'schlecht',
  'gestern',
  'morgen',
  'wegen',
  'gegen',
  'unten',
  'oben',
  'hinten',
  'vorne',
  'innen',
  'außen',
  'eben',
  'neben',
  'zusammen',
  'allein',
  'kalt',
  'alt',
  'laut',
  'rot',
  'spät',
  'dicht',
  'hart',
  'fest',
  'bunt',
  'sanft',
  'satt',
  'mehrmals',
  'damit',
  'dann',
  'wenn',
  'denn',
  'wann',
  'man',
  'einen',
  'keinen',
  'meinen',
  'deinen',
  'seinen',
  'ihren',
  'unseren',
  'diesen',
  'jenen',
  'welchen',
  'allen',
  'vielen',
  'anderen',
  'beiden',
  'den',
  'ein',
  'kein',
  'mein',
  'dein',
  'sein',
  'wen',
  'ihn',
  'schon',
  'davon',
  'daran',
  'darin',
  'worin',
  'wovon',
  'ohne',
  'zwischen',
  'hinter',
  'unter',
  'über',
  'sehr',
  'mehr',
  'weiter',
  'selten',
  'trotzdem',
  'bereit',
  'heut',
  'genug',
  'direkt',
  'korrekt',
  'perfekt',
  'exakt',
  'nett',
  'komplett',
  'nachts',
  'zumindest',
  'mindestens',
  'höchstens',
  'wenigstens',
  'spätestens',
  'längst',
  'dort',
  'fort',
  'sofort',
]);

function isFiniteLike(word: string): boolean {
  if (!/^\p{Ll}+$/u.test(word) || notVerbs.has(word)) return false;
  if (irregularFinite.has(word) || /(?:t|en|ern|eln)$/.test(word)) return true;
  // a verb-final clause joins a separable prefix to its strong past: "hereinkam", "ankam", "aufstand"
  const prefix =
    /^(?:herein|heraus|hinein|hinaus|zurück|vorbei|ab|an|auf|aus|bei|ein|mit|nach|vor|zu|um|weg)/.exec(word);
  return prefix !== null && irregularFinite.has(word.slice(prefix[0].length));
}

function make(
  rule: string,
  title: string,
  message: string,
  suggestion: string,
  text: string,
  start: number,
  end: number,
): LanguageFinding {
  return {
    category: 'grammar',
    rule,
    title,
    message,
    suggestion,
    severity: rule === 'das-dass' ? 'moderate' : 'minor',
    start,
    end,
    quoted: text.slice(start, end),
  };
}

/** Word tokens of a stretch, with offsets. */
function words(text: string, from: number, to: number): { word: string; start: number; end: number }[] {
  const out: { word: string; start: number; end: number }[] = [];
  for (const m of text.slice(from, to).matchAll(/\p{L}+|\d+(?:[.,]\d+)?|%/gu))
    out.push({ word: m[0], start: from + m.index, end: from + m.index + m[0].length });
  return out;
}

/** The word before `index` on the same line, and whether a comma stands between. */
function wordBefore(text: string, index: number): { word: string; comma: boolean; start: number } | null {
  const m = /(\p{L}+|\d+)([^\p{L}\d\n]*)$/u.exec(text.slice(Math.max(0, index - 60), index));
  if (!m) return null;
  return { word: m[1]!, comma: m[2]!.includes(','), start: index - m[0].length };
}

function isNoun(word: string, text: string, start: number): boolean {
  if (!/^\p{Lu}/u.test(word)) return /^\d/.test(word);
  // a capital at the sentence start says nothing
  return !/(?:^|[.!?:]\s*|\n\s*(?:\S{1,3}\s+)?)$/.test(text.slice(Math.max(0, start - 6), start));
}

const clauseBreak =
  /^(?:weil|dass|wenn|ob|obwohl|nachdem|sobald|bevor|damit|und|oder|aber|sondern|denn|als|während)$/;

/**
 * Whether the words after "das" (from `index` to the next punctuation) can be a dass-clause: a subject
 * (pronoun, article or noun) and a finite verb at the end. "ich will das nicht", "ich will das heute
 * machen", "wichtig, das zu wissen" and "heißt ___, das der Muslime ___" cannot.
 */
export function looksLikeDassClause(text: string, index: number): boolean {
  const clause = /^[^,.;:!?\n]*/.exec(text.slice(index))![0];
  // the clause also ends where the next one begins: "das die Rechnung stimmt weil ich …"
  const all = clause.match(/\p{L}+/gu) ?? [];
  const next = all.findIndex((x, i) => i > 0 && clauseBreak.test(x));
  const ws = next > 0 ? all.slice(0, next) : all;
  if (ws.length < 2) return false;
  const last = ws[ws.length - 1]!;
  if (!isFiniteLike(last) || ws[ws.length - 2] === 'zu') return false;
  const subject = new RegExp(
    `^(?:${subjectPronouns}|niemand|jemand|keiner|jeder|alle|viele|${articles}|\\p{Lu}\\p{L}*)$`,
    'u',
  );
  return ws.slice(0, -1).some((x) => subject.test(x));
}

/** Whether the words from `index` to the next punctuation end with a finite verb ("immer zu spät kommt"). */
function verbLastClause(text: string, index: number): boolean {
  const clause = /^[^,.;:!?\n]*/.exec(text.slice(index))![0];
  const all = clause.match(/\p{L}+/gu) ?? [];
  const next = all.findIndex((x, i) => i > 0 && clauseBreak.test(x));
  const ws = next > 0 ? all.slice(0, next) : all;
  return ws.length >= 2 && isFiniteLike(ws[ws.length - 1]!) && ws[ws.length - 2] !== 'zu';
}

/** Verbs and adjectives that take a dass-clause: "sagt, dass", "spricht (dafür), dass", "ist klar, dass". */
const dassVerb =
  /^(?:ge)?(?:sag|glaub|denk|weiß|weiss|wiss|wuss|hoff|find|fand|mein|zeig|bedeut|behaupt|erkenn|erkann|merk|bemerk|woll|will|wünsch|forder|erwart|verlang|beweis|sprich|sprach|heiß|heiss|stell|sieh|sah|seh|hör|les|schreib|erklär|beton|vermut|fürcht|befürcht|nehm|folg|ergib|ergab|klar|sicher|wichtig|möglich|schade|wahr|richtig|falsch|fest|deutlich|offensichtlich|bekannt)/;

/** Whether the clause before `index` names something neuter a relative "das" could refer to. */
function neuterAntecedentBefore(text: string, index: number): boolean {
  // the sentence's start: a full stop before a capital or a line break ("bzw. zu kaufen" goes on)
  const ends = [...text.slice(0, index).matchAll(/[.!?](?=\s+\p{Lu})|\n/gu)];
  const start = ends.length ? ends[ends.length - 1]!.index + 1 : 0;
  return /(?<!\p{L})(?:[Dd]as|[Ii]m|[Aa]m|[Vv]om|[Zz]um|[Bb]eim|[Ii]ns|[Aa]ns|[Aa]ufs|[Ee]in|[Kk]ein|[Dd]ieses|[Jj]edes|[Mm]ein|[Dd]ein|[Ss]ein|[Ii]hr|[Uu]nser)\s+(?:\p{Ll}+\s+){0,2}\p{Lu}|(?<!\p{L})(?:[Dd]asjenige|[Dd]asselbe|[Aa]lles|[Ee]twas|[Nn]ichts|[Vv]ieles|[Dd]ies)(?!\p{L})/u.test(
    text.slice(start, index),
  );
}

/**
 * "das" where only "dass" fits: before a subject pronoun ("also das er"), an article ("heißt, das die") or a
 * feminine noun ("bekannt, das Bewegung gut ist"), since the article "das" needs a neuter noun and a
 * relative "das" a noun before it. After a noun ("das Kind das
 * er sah") the relative reading stays possible, and after a preposition ("für das er") it is relative.
 */
/**
 * Words that never follow the article "das" (it needs an adjective or a noun): a reflexive or object pronoun
 * or an adverb there ("vergessen, das auch Tiere …", "überzeugt, das sich …") leaves "dass" or a relative "das".
 */
const notAfterArticle =
  'niemand|jemand|sich|mir|dir|ihm|uns|euch|ihnen|mich|dich|auch|nicht|nur|schon|noch|immer|nie|oft|hier|dort|jetzt|heute|gestern|bereits|gerade|sehr|wirklich|tatsächlich|eigentlich|trotzdem|kaum|selten|manchmal|damals|bald';

const dasBeforeClause: Rule = (text) => {
  const out: LanguageFinding[] = [];
  // a feminine noun by its suffix ("Bewegung", "Gesundheit", "Nation") never takes the article "das"
  const feminineNoun = '\\p{Lu}\\p{Ll}*(?:ung|heit|keit|schaft|ion|tät)(?!\\p{L})';
  const pattern = new RegExp(
    `${w('[Dd]as')}(?=\\s+(?:(?:${subjectPronouns}|${notAfterArticle}|der|die|den|dem|ein|eine|einen|einem|einer|sein|seine|ihre|meine|unsere)\\s+\\p{L}|${feminineNoun}))`,
    'gu',
  );
  for (const m of text.matchAll(pattern)) {
    const before = wordBefore(text, m.index);
    if (before) {
      if (before.comma && isNoun(before.word, text, before.start)) continue; // relative clause
      if (!before.comma && isNoun(before.word, text, before.start)) continue; // relative, comma missing
      // "für das er": a preposition governs the relative "das"; before a comma it is a verb's particle
      // ("Es fällt auf, das der …") and governs nothing
      if (
        new RegExp(`^(?:${prepositions}|alles|nur|auch|genau|all)$`, 'i').test(before.word) &&
        !before.comma
      )
        continue;
      if (/^(?:alles|all)$/i.test(before.word)) continue;
      // after a copula "das" is the subject: "ist das meine Maxime", "war das ein Fehler"
      if (
        !before.comma &&
        /^(?:ist|sind|war|waren|wäre|wären|wird|werden|wurde|bleibt|blieb)$/i.test(before.word)
      )
        continue;
      // after a subordinator "das" is the object put first: "wenn das alle machen würden"
      if (new RegExp(`^(?:${subordinators}|wenn|als|und|oder|aber|denn)$`, 'i').test(before.word)) continue;
    }
    if (!looksLikeDassClause(text, m.index + 3)) continue;
    // "das sich …", "das auch …" are a relative clause where a neuter noun stands before ("das Buch gelesen,
    // das sich mit Tieren beschäftigt"), whatever verb takes the comma
    // and without a comma "ich das auch" is the object after its subject: only after a comma or a verb that
    // takes a dass-clause is it "dass"
    if (new RegExp(`^\\s+(?:${notAfterArticle})(?!\\p{L})`, 'u').test(text.slice(m.index + 3))) {
      if (neuterAntecedentBefore(text, m.index)) continue;
      if (!before?.comma && !dassVerb.test(before?.word.toLowerCase() ?? '')) continue;
    }
    // ", das" after a verb may start a relative clause moved behind it ("Er hat ein Auto gekauft, das eine
    // Klimaanlage hat"): unless the verb is one that takes a dass-clause, a neuter antecedent before
    // keeps the relative reading
    if (before?.comma && !dassVerb.test(before.word.toLowerCase()) && neuterAntecedentBefore(text, m.index))
      continue;
    // "das eine oder andere", "das seine tun"
    if (/^\s+(?:eine|ein|seine|ihre)\s+(?:oder|und|tun)/.test(text.slice(m.index + 3))) continue;
    out.push(
      make(
        'das-dass',
        msg.dasDassTitle,
        msg.dassNeeded,
        m[0] === 'Das' ? 'Dass' : 'dass',
        text,
        m.index,
        m.index + 3,
      ),
    );
  }
  return out;
};

const subordinators =
  'dass|weil|obwohl|ob|nachdem|sobald|solange|bevor|seitdem|indem|falls|obgleich|sodass|weshalb|weswegen';
/** words after which a subordinator needs no comma of its own ("so dass", "ohne dass", "auch wenn") */
const noCommaAfter = new Set([
  'und',
  'oder',
  'als',
  'so',
  'auch',
  'nur',
  'aber',
  'sondern',
  'wie',
  'selbst',
  'ohne',
  'statt',
  'anstatt',
  'außer',
  'bis',
  'gerade',
  'vor',
  'allem',
  'erst',
  'sogar',
  'doch',
  'zu',
  'egal',
  'nicht',
  'kaum',
  'je',
  'besonders',
  'vor allem',
]);

/**
 * A subordinate clause begins without a comma: "bleiben weil", "fragt sich ob", "so als ob", and "damit"
 * or "während" where a subject follows (as adverb or preposition they take none).
 */
const commaBeforeSubordinate: Rule = (text) => {
  const out: LanguageFinding[] = [];
  const pattern = new RegExp(
    `(${L}+)([ \\t]+)(${w(subordinators)}|${w('wenn')}|${w('damit')}(?=\\s+(?:${subjectPronouns})\\s)|${w('während')}(?=\\s+(?:${subjectPronouns}|die|das|ein|eine)\\s+\\p{Ll})|${w('als')}(?=\\s+(?:ob|wenn|würde|würden|hätte|hätten|wäre|wären|sei|seien|könnte|könnten)(?!${L})))`,
    'gu',
  );
  for (const m of text.matchAll(pattern)) {
    const prev = m[1]!.toLowerCase();
    const conj = m[3]!;
    // "Ich weiß nicht ob …", "Es stimmt nicht dass …" need it; "Nicht dass ich wüsste" opens a sentence
    const notBefore = prev === 'nicht' && /^(?:ob|dass)$/.test(conj) && !opensSentence(text, m.index);
    if (noCommaAfter.has(prev) && !notBefore && !(conj === 'als' && prev !== 'und' && prev !== 'oder'))
      continue;
    if (conj === 'wenn' && ['als', 'wie'].includes(prev)) continue;
    const end = m.index + m[0].length;
    out.push(
      make(
        'comma-conjunction',
        msg.commaTitle,
        msg.commaBeforeSubordinate(
          conj === 'als' ? `als ${/^\s+(\p{L}+)/u.exec(text.slice(end))?.[1] ?? ''}`.trim() : conj,
        ),
        `${m[1]}, ${conj}`,
        text,
        m.index,
        end,
      ),
    );
  }
  return out;
};

/**
 * "bis", "da" and "damit" are also a preposition or an adverb ("bis morgen", "da ist er", "spielt damit"), and
 * an indirect question („weiß nicht, wann …", „notiert, zu welchem Zeitpunkt …") begins with a question word:
 * each takes a comma where the words after it read as a clause of its own, a subject and the finite verb last
 * ("warten bis der Saal geöffnet wird", "öffnete das Fenster damit frische Luft hereinkam").
 */
const commaBeforeClauseWord: Rule = (text) => {
  const out: LanguageFinding[] = [];
  const pattern = new RegExp(
    `(${L}+)([ \\t]+)(${w('bis|da|damit|warum|weshalb|wann|wo|woher|wohin|wieso')}|(?:${prepositions})[ \\t]+welche[rmns]?)(?=[ \\t]+${L})`,
    'gu',
  );
  for (const m of text.matchAll(pattern)) {
    const prev = m[1]!;
    if (noCommaAfter.has(prev.toLowerCase()) && prev.toLowerCase() !== 'nicht') continue;
    // after a finite auxiliary the word is an adverb of the main clause: "Er hat damit die Prüfung bestanden"
    if (auxiliary.test(prev)) continue;
    // "damit" and a question word follow a noun or a verb ("Grund warum", "weiß warum", "befestigen damit");
    // after an adverb "damit" is mostly one itself ("dass sie eigentlich damit keine Probleme haben"), after a preposition the
    // comma goes before that ("vergessen, von wo wir kommen", "Ab wann ist …")
    if (!/^(?:bis|da)$/.test(m[3]!) && !/^\p{Lu}/u.test(prev) && !isFiniteLike(prev) && prev !== 'nicht')
      continue;
    if (new RegExp(`^(?:${prepositions}|ab|bis|seit|${subordinators})$`, 'i').test(prev)) continue;
    // "Da ist er", "bis dahin": a sentence's first word, and words that join with it ("so da", "und wann")
    if (/^(?:und|oder|aber|sondern|denn|so|erst|noch|schon|genau|immer|auch|nur)$/i.test(prev)) continue;
    const end = m.index + m[0].length;
    // "bis" and "da" start a clause only with a subject right after them
    if (
      /^(?:bis|da)$/.test(m[3]!) &&
      !new RegExp(
        `^\\s+(?:${subjectPronouns}|${articles}|\\p{Ll}+(?:e|en|er|es)\\s+\\p{Lu})(?!${L})`,
        'u',
      ).test(text.slice(end))
    )
      continue;
    if (!looksLikeDassClause(text, end)) continue;
    const word = m[3]!.replace(/\s+/g, ' ');
    out.push(
      make(
        'comma-conjunction',
        msg.commaTitle,
        msg.commaBeforeSubordinate(word),
        `${prev}, ${word}`,
        text,
        m.index,
        end,
      ),
    );
  }
  return out;
};

/** Whether `index` is a sentence's first word (after its opening marks and a label such as „a)"). */
function opensSentence(text: string, index: number): boolean {
  return /(?:^|[.!?:]\s*|\n\s*(?:\S{1,3}\s+)?)$/.test(text.slice(Math.max(0, index - 6), index));
}

/**
 * "Der Mann sagt er habe …": reported speech in the subjunctive after a verb of saying takes a comma.
 */
const commaReportedSpeech: Rule = (text) => {
  const out: LanguageFinding[] = [];
  const pattern = new RegExp(
    `${w('sagt|sagte|sagen|sagten|meint|meinte|behauptet|behauptete|erklärt|erklärte|antwortet|antwortete|erzählt|erzählte|betont|betonte|gibt an|gab an')}([ \\t]+)(?=(?:${subjectPronouns}|sie)\\s+(?:habe|hätte|sei|wäre|werde|würde|könne|könnte|müsse|solle|wolle|dürfe|wisse|hätten|wären|seien|würden)(?!${L}))`,
    'gu',
  );
  for (const m of text.matchAll(pattern)) {
    const verb = m[0].trimEnd();
    const next = /^\p{L}+/u.exec(text.slice(m.index + m[0].length))![0];
    out.push(
      make(
        'comma-reported-speech',
        msg.commaTitle,
        msg.commaReportedSpeech,
        `${verb}, ${next}`,
        text,
        m.index,
        m.index + m[0].length + next.length,
      ),
    );
  }
  return out;
};

const openingSubordinator =
  /^(?:Wenn|Weil|Als|Nachdem|Obwohl|Sobald|Bevor|Falls|Dass|Ob|Solange|Seitdem|Indem|Sodass)$/;

/**
 * A sentence that opens with a subordinate clause needs a comma where the clause ends: its finite verb is
 * followed right away by the main clause's finite verb and then the subject ("Wenn das Handy vibriert
 * schaut man nach").
 */
const commaAfterOpeningClause: Rule = (text) => {
  const out: LanguageFinding[] = [];
  for (const s of text.matchAll(/[^.!?\n]+/g)) {
    const ws = words(text, s.index, s.index + s[0].length);
    // skip list labels like "a)" and "2."
    let i = 0;
    while (i < ws.length && (/^\d+$/.test(ws[i]!.word) || /^\p{Ll}$/u.test(ws[i]!.word))) i++;
    const first = ws[i];
    if (!first || !openingSubordinator.test(first.word)) continue;
    if (first.word === 'Als' && ws[i + 1] && /^\p{Lu}/u.test(ws[i + 1]!.word)) continue; // "Als Kind …"
    for (let j = i + 2; j + 2 < ws.length; j++) {
      const [a, b, c] = [ws[j]!, ws[j + 1]!, ws[j + 2]!];
      if (text.slice(first.end, b.start).includes(',')) break; // the comma is there
      if (!isFiniteLike(a.word) || !isFiniteLike(b.word) || !afterMainVerb.test(c.word)) continue;
      if (/[^\s]/.test(text.slice(a.end, b.start))) continue;
      out.push(
        make(
          'comma-clause-end',
          msg.commaTitle,
          msg.commaAfterSubordinate,
          `${a.word}, ${b.word}`,
          text,
          a.start,
          b.end,
        ),
      );
      break;
    }
  }
  return out;
};

const relativePronoun = 'der|die|das|welcher|welche|welches';
const separable = 'ab|an|auf|aus|bei|ein|mit|nach|vor|zu|zurück|um|über|unter|durch|weg|her|hin|fest|los';
const auxiliary =
  /(?<!\p{L})(?:hat|haben|hatte|hatten|ist|sind|war|waren|wird|werden|wurde|wurden|kann|können|muss|müssen|soll|sollen)(?!\p{L})/iu;
/** Capitalised words at a sentence start that are no nouns. */
const functionWords =
  /^(?:Wenn|Weil|Als|Ob|Dass|Obwohl|Nachdem|Sobald|Bevor|Falls|Während|Da|Dann|Deshalb|Daher|Darum|Dort|Hier|Heute|Damals|Jetzt|Auch|Und|Aber|Doch|So|Wie|Was|Wer|Wo|Warum|Wann|Nur|Noch|Schon|Also|Trotzdem|Außerdem|Zuerst|Danach|Dabei|Dadurch|Damit|Deswegen|Sie|Er|Es|Wir|Ich|Du|Ihr|Man|Alle|Viele|Einige|Manche|Beide)$/;
/** adverbs that open a relative clause after its pronoun ("der allein …", "die oft …"); no article precedes them */
const clauseAdverbs =
  'allein|oft|nie|immer|gern|gerne|schon|noch|nicht|auch|bereits|gerade|jeden|heute|gestern|morgen|dort|hier|selbst|kaum|früher|jetzt|sehr|viel|wenig';
const clauseStarter = `${subjectPronouns}|sich|der|die|das|den|dem|ein|eine|einen|einem|mir|mich|dir|dich|uns|euch|ihm|ihn`;

/**
 * A relative clause without its comma:
 * - noun + der/die/das + article or pronoun: "Parteien die die Hürde …", "Mann der ihm hilft"
 *   (an article is never followed by another article or a pronoun);
 * - noun + preposition + dem/der/denen + article or pronoun: "Artikel 48 mit dem der Reichstag …";
 * - noun at the sentence start + der/die/das … finite verb, then comma and the main verb:
 *   "Parteien die weniger als 5 % haben, kommen nicht …".
 */
const commaBeforeRelative: Rule = (text) => {
  const out: LanguageFinding[] = [];
  const report = (nounStart: number, nounEnd: number, pronounStart: number, pronounEnd: number) =>
    out.push(
      make(
        'comma-relative',
        msg.commaTitle,
        msg.commaBeforeRelative,
        `${text.slice(nounStart, nounEnd)}, ${text.slice(pronounStart, pronounEnd)}`,
        text,
        nounStart,
        pronounEnd,
      ),
    );
  const direct = new RegExp(
    `(\\p{Lu}\\p{L}+|\\d+)([ \\t]+)(${w(relativePronoun)})(?=\\s+(?:${clauseStarter})\\s)`,
    'gu',
  );
  for (const m of text.matchAll(direct)) {
    if (!isNoun(m[1]!, text, m.index) || functionWords.test(m[1]!)) continue;
    if (
      m[3] === 'das' &&
      new RegExp(`^\\s+(?:${subjectPronouns})\\s`).test(text.slice(m.index + m[0].length))
    )
      continue; // "das er": dass or relative, the das/dass rule decides
    const p = m.index + m[1]!.length + m[2]!.length;
    report(m.index, m.index + m[1]!.length, p, p + m[3]!.length);
  }
  const withPreposition = new RegExp(
    `(\\p{Lu}\\p{L}+|\\d+)([ \\t]+)(${w(prepositions)})[ \\t]+(${w('dem|der|denen|deren|dessen|welchem|welcher|welchen')})(?=\\s+(?:${clauseStarter})\\s)`,
    'gu',
  );
  // "Baum dessen Äste", "Kinder denen der Ball gehört", "Weg den wir gehen", "Jungen der allein … macht",
  // "Pflanzen die ohne Erde wachsen können": a genitive or dative plural pronoun after a noun is relative;
  // den/dem/der/die/das followed by a pronoun, an adverb or a preposition (no article takes those) is relative
  // where the words after it read as a clause with its verb last
  const further = new RegExp(
    `(\\p{Lu}\\p{L}+)([ \\t]+)(${w('dessen|deren|denen|den|dem|der|die')})(?=[ \\t]+(\\p{L}+))`,
    'gu',
  );
  for (const m of text.matchAll(further)) {
    if (!isNoun(m[1]!, text, m.index) || functionWords.test(m[1]!)) continue;
    const [pronoun, next] = [m[3]!, m[4]!];
    const end = m.index + m[0].length;
    const genitive = /^(?:dessen|deren)$/.test(pronoun) && /^\p{Lu}/u.test(next);
    const starter =
      pronoun === 'denen' ||
      new RegExp(`^(?:${subjectPronouns}|${prepositions}|${clauseAdverbs})$`).test(next);
    if (!genitive && !starter) continue;
    // the relative pronoun may be the clause's subject itself ("die immer zu spät kommt"): only the verb last
    if (!genitive && !verbLastClause(text, end)) continue;
    const p = m.index + m[1]!.length + m[2]!.length;
    if (out.some((f) => f.start === m.index)) continue;
    report(m.index, m.index + m[1]!.length, p, p + pronoun.length);
  }
  for (const m of text.matchAll(withPreposition)) {
    if (!isNoun(m[1]!, text, m.index) && !/^\d/.test(m[1]!)) continue;
    const p = m.index + m[1]!.length + m[2]!.length;
    report(m.index, m.index + m[1]!.length, p, m.index + m[0].length);
  }
  // after the main clause's closing participle a new clause must begin: "… in mRNA umgeschrieben die dann
  // zu den Ribosomen wandert"; the auxiliary before it shows that the participle closes the clause
  const afterParticiple = new RegExp(
    `(?<![${L}])((?:${separable})?ge\\p{Ll}{2,}(?:t|en))[ \\t]+(${relativePronoun})[ \\t]+(?!\\p{Lu})([^,.;:!?\\n]+)`,
    'gu',
  );
  for (const m of text.matchAll(afterParticiple)) {
    const sentenceStart = Math.max(text.lastIndexOf('.', m.index), text.lastIndexOf('\n', m.index), 0);
    if (!auxiliary.test(text.slice(sentenceStart, m.index))) continue;
    const rest = m[3]!.match(/\p{L}+/gu) ?? [];
    if (rest.length < 2 || !isFiniteLike(rest[rest.length - 1]!)) continue;
    // "gegeben die neuen Bücher": an article with its adjective and noun
    if (/^\p{Ll}+(?:e|en|er|es|em)\s+\p{Lu}/u.test(m[3]!)) continue;
    const p = m.index + m[1]!.length + text.slice(m.index + m[1]!.length).search(/\S/);
    report(m.index, m.index + m[1]!.length, p, p + m[2]!.length);
  }
  // a relative clause inside the sentence's first part: the main verb follows its comma
  const vorfeld = new RegExp(
    `^\\s*(?:\\p{Ll}\\)|\\d+[.)])?\\s*((?:(?:${articles}|\\p{Ll}+(?:e|en|er|es))\\s+)*)(\\p{Lu}\\p{L}+)[ \\t]+(${relativePronoun})[ \\t]+(?!\\p{Lu})([^,;:]+?)\\s+(\\p{Ll}+),\\s*(\\p{Ll}+)\\s`,
    'du',
  );
  for (const s of text.matchAll(/[^.!?\n]+/g)) {
    // the sentence's first word in lower case, so "Die" matches the article list (offsets stay the same)
    const sentence = s[0].replace(
      /^(\s*(?:\p{Ll}\)|\d+[.)])?\s*)(Der|Die|Das|Den|Dem|Ein|Eine|Einen|Einem|Alle|Viele|Einige|Manche|Diese|Jede)(?=\s)/u,
      (_, a: string, b: string) => a + b.toLowerCase(),
    );
    const m = vorfeld.exec(sentence);
    if (!m?.indices || !isFiniteLike(m[5]!) || !isFiniteLike(m[6]!)) continue;
    // without an article the first word may be anything capitalised: it must not be a function word
    if (!m[1] && functionWords.test(m[2]!)) continue;
    const [nounStart, nounEnd] = m.indices[2]!;
    const [pronounStart, pronounEnd] = m.indices[3]!;
    if (out.some((f) => f.start === s.index + nounStart)) continue;
    report(s.index + nounStart, s.index + nounEnd, s.index + pronounStart, s.index + pronounEnd);
  }
  return out;
};

/** Nouns a dass-clause may explain ('das Gefühl, dass …', 'das Ziel, dass …'): no relative clause after them. */
const dassNoun =
  /^(?:Gefühl|Problem|Risiko|Ziel|Argument|Ergebnis|Wissen|Versprechen|Zeichen|Beispiel|Prinzip|Glück|Pech|Recht|Gerücht|Bewusstsein|Vertrauen|Verständnis|Faktum|Fazit|Bild|Motiv|Thema|Hauptproblem|Ideal|Anliegen|Bedürfnis|Verlangen)$/u;

/**
 * "dass" where only the relative pronoun "das" fits: right after a neuter noun with its article ("das Buch,
 * dass auf dem Tisch liegt", "dieses Kind, dass mir hilft"), when the clause begins with a preposition or
 * an object pronoun. A dass-clause names its subject first ("das Gefühl, dass wir …"), so a clause without
 * one refers back to the noun. Only "das", "dieses", "jedes" mark a noun as neuter for sure ("ein", "kein",
 * "mein" may stand before a masculine one, whose relative pronoun is "der").
 */
const relativeDass: Rule = (text) => {
  const out: LanguageFinding[] = [];
  const pattern = new RegExp(
    `(?<![\\p{L}])(?:[Dd]as|[Dd]ieses|[Jj]edes)\\s+(?:\\p{Ll}+\\s+){0,2}(\\p{Lu}\\p{Ll}+),\\s+(dass)\\s+(${prepositions}|mir|dir|ihm|uns|euch|ihnen|mich|dich)\\s`,
    'gu',
  );
  for (const m of text.matchAll(pattern)) {
    if (dassNoun.test(m[1]!)) continue;
    const start = m.index + m[0].lastIndexOf(m[2]!, m[0].length - m[3]!.length - 1);
    out.push(make('das-dass', msg.dasDassTitle, msg.relativeDasNeeded, 'das', text, start, start + 4));
  }
  return out;
};

export const germanClauseRules: Rule[] = [
  dasBeforeClause,
  relativeDass,
  commaBeforeSubordinate,
  commaBeforeClauseWord,
  commaReportedSpeech,
  commaAfterOpeningClause,
  commaBeforeRelative,
];
