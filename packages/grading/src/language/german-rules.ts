import { builtinGradingMessages as msg } from '@korrigo/domain';
import { germanClauseRules, looksLikeDassClause } from './german-clauses';
import type { LanguageFinding } from './language-finding';

type Rule = (text: string) => LanguageFinding[];

function finding(
  partial: Omit<LanguageFinding, 'quoted' | 'end'> & { length: number },
  text: string,
): LanguageFinding {
  const { length, ...rest } = partial;
  return { ...rest, end: rest.start + length, quoted: text.slice(rest.start, rest.start + length) };
}

/**
 * "dass" after verbs of saying, thinking and wanting; "das" there is a conjunction mistake. Not when a noun
 * follows ("ich will das Auto": article) or "ist/war/..." ("ich weiß, das ist gut": pronoun).
 */
const dasDass: Rule = (text) => {
  const out: LanguageFinding[] = [];
  const pattern =
    /\b(?:glaube|glaubt|denke|denkt|weiß|weiss|weißt|wissen|hoffe|hofft|hoffen|sagt|sagte|sage|sagen|finde|findet|meine|meint|zeigt|zeigen|bedeutet|behauptet|behaupten|erkennt|merkt|bemerkt|will|wollen|möchte|möchten|wünsche|wünscht|wünschen|fordert|fordern|erwartet|erwarten|verlangt|verlangen|beweist|beweisen|klar|sicher|wichtig|möglich|schade|sodass|so)\s*,?\s+(das)\b(?!\s+(?:ist|war|wäre|wird|hat|kann|muss|soll|sind|stimmt|geht)\b)/gi;
  for (const m of text.matchAll(pattern)) {
    const start = m.index + m[0].lastIndexOf(m[1]!);
    // a noun right after it makes "das" the article
    if (/^\s+\p{Lu}/u.test(text.slice(start + 3))) continue;
    // "ich will das nicht", "ich finde das gut": no subject and finite verb follow, so "das" is the object
    if (!looksLikeDassClause(text, start + 3)) continue;
    out.push(
      finding(
        {
          category: 'grammar',
          rule: 'das-dass',
          title: msg.dasDassTitle,
          message: msg.dassNeeded,
          suggestion: 'dass',
          severity: 'moderate',
          start,
          length: 3,
        },
        text,
      ),
    );
  }
  // "dass" directly followed by a noun and then the finite verb: "dass Auto fährt" is mostly "das Auto fährt".
  // At a sentence's start a dass-clause has its verb last ("Dass Kinder spielen, ist gut"): only a verb in
  // second place with more words after it ("Dass Budget ist in …") shows the article.
  for (const m of text.matchAll(
    /(?<![,;:]\s*)(?<!\b(?:so|ohne|statt|anstatt|als|außer)\s+)\b([Dd]ass)\s+[A-ZÄÖÜ][a-zäöüß]+\s+(?:ist|war|hat|wird|fährt|steht|liegt|sind|waren|hatte|gibt|kann|muss|soll|besteht|bleibt|geht|kommt)\b(\s+\p{L})?/gu,
  )) {
    const before = text.slice(Math.max(0, m.index - 3), m.index);
    const opensSentence = m.index === 0 || /^\s*$/.test(before) || /[.!?]\s*$/.test(before);
    if (opensSentence && !m[2]) continue;
    if (!opensSentence && m[1] === 'Dass') continue;
    out.push(
      finding(
        {
          category: 'grammar',
          rule: 'das-dass',
          title: msg.dasDassTitle,
          message: msg.dasNeeded,
          suggestion: m[1] === 'Dass' ? 'Das' : 'das',
          severity: 'moderate',
          start: m.index,
          length: 4,
        },
        text,
      ),
    );
  }
  // A sentence that opens with a dass-clause goes on with its main clause after a comma: "Dass Kinder
  // spielen, ist gut". "Dass" followed at once by a finite verb ("Dass habe ich gewusst"), a sentence
  // without a comma ("Dass Ergebnis überraschte alle"), or one whose first comma opens a relative or
  // subordinate clause ("Dass Gebäude, in dem …", "Dass Gedicht wirkt traurig, weil …") is a main clause,
  // so its first word is the article or pronoun "Das".
  for (const m of text.matchAll(/(?:^|(?<=[.!?]\s+)|(?<=\n\s*))Dass(?!\p{L})/gu)) {
    const sentence = /^[^.!?\n]*/.exec(text.slice(m.index))![0];
    const next = /^Dass\s+(\p{L}+)/u.exec(sentence)?.[1] ?? '';
    const comma = sentence.indexOf(',');
    const afterComma = comma < 0 ? '' : (/^,\s*(\p{L}+)/u.exec(sentence.slice(comma))?.[1] ?? '');
    // a noun right after "Dass" (not the polite "Ihr", "Sie"): a dass-clause names its subject with an
    // article or a pronoun ("Dass die Kinder, die dort spielen, …", "Dass Ihr mir geschrieben habt …")
    const noun = /^\p{Lu}/u.test(next) && !/^(?:Ihr|Ihre|Ihren|Ihrem|Ihnen|Sie|Euch|Eure)$/u.test(next);
    const mainClause =
      frontedVerb.test(next) ||
      (noun && comma < 0 && /\p{L}+\s+\p{L}+\s+\p{L}+/u.test(sentence.slice(5))) ||
      // a comma that opens another clause: "Dass Gebäude, in dem …", "Dass Gedicht wirkt traurig, weil …"
      (noun && comma >= 0 && clauseOpener.test(afterComma));
    if (!mainClause) continue;
    out.push(
      finding(
        {
          category: 'grammar',
          rule: 'das-dass',
          title: msg.dasDassTitle,
          message: msg.dasNeeded,
          suggestion: 'Das',
          severity: 'moderate',
          start: m.index,
          length: 4,
        },
        text,
      ),
    );
  }
  return out;
};

/** Finite verbs that follow a sentence's first word "Das" ("Das habe ich gewusst", "Das ist …"). */
const frontedVerb =
  /^(?:ist|war|sind|waren|wäre|habe|hat|hatte|hätte|wird|wurde|würde|kann|konnte|könnte|muss|musste|soll|sollte|will|darf|mag|gibt|gab|geht|ging|stimmt|bleibt|zeigt|macht|heißt|bedeutet|klingt|finde|weiß|wusste)$/u;
/** What opens a relative or subordinate clause after a comma: never the main clause of a fronted dass-clause. */
const clauseOpener =
  /^(?:der|die|das|dem|den|deren|dessen|welche|welcher|welches|was|wo|in|an|auf|mit|von|bei|aus|zu|nach|für|durch|über|unter|weil|obwohl|wenn|als|da|dass|ob|damit|nachdem|bevor|während|sodass|denn|aber|und|oder|sondern)$/u;

/**
 * The sentence around `at`: from the last . ! ? or line break before it to the next one (that sign kept),
 * at most 400 characters each way, so that a long text without full stops stays linear.
 */
function sentenceAround(text: string, at: number): string {
  const ends = '.!?\n';
  let start = at;
  while (start > 0 && at - start < 400 && !ends.includes(text[start - 1]!)) start -= 1;
  let end = at;
  while (end < text.length && end - at < 400 && !ends.includes(text[end]!)) end += 1;
  return text.slice(start, Math.min(text.length, end + 1));
}

/** "ihr" and its forms: the subject that "seid" belongs to (a form of "sein" for ihr) */
const ihrForms = /(?<!\p{L})(?:ihr|euch|euer|eure[rsnm]?)(?!\p{L})/iu;

const timeAfterSeit =
  /^\s+(?:gestern|heute|vorgestern|langem|kurzem|wann|dem|der|den|einer|einem|einigen|vielen|mehreren|Jahren|Tagen|Wochen|Monaten|Stunden|über|mehr|fast|etwa|ungefähr|knapp|Beginn|Anfang|\d)/iu;

/**
 * "seid" (a form of "sein": ihr seid, seid leise!) versus "seit" (since). "seid" belongs to "ihr": written in a
 * sentence without "ihr", "euch" or "euer", it is "seit" — except an imperative at the start ("Seid leise!"),
 * where only a following time word ("Seid gestern …") shows the mistake. "seit" is never a verb: right after
 * "ihr", at the end of a clause ("…, weil ihr müde seit."), or asking "seit ihr …?", it stands for "seid".
 */
const seidSeit: Rule = (text) => {
  const out: LanguageFinding[] = [];
  const push = (start: number, message: string, suggestion: string) =>
    out.push(
      finding(
        {
          category: 'grammar',
          rule: 'seid-seit',
          title: msg.seidSeitTitle,
          message,
          suggestion,
          severity: 'moderate',
          start,
          length: 4,
        },
        text,
      ),
    );
  for (const m of text.matchAll(/(?<!\p{L})seid(?!\p{L})/giu)) {
    const sentence = sentenceAround(text, m.index);
    if (ihrForms.test(sentence)) continue;
    // an imperative ("Seid leise!", "Kinder, seid still!") has no "ihr": only a time word after it shows "seit"
    const opensSentence = /(?:^|[.!?:\n])[\s„"“»(]*$/.test(text.slice(Math.max(0, m.index - 6), m.index));
    const imperative = opensSentence || sentence.trimEnd().endsWith('!');
    if (imperative && !timeAfterSeit.test(text.slice(m.index + 4, m.index + 40))) continue;
    push(m.index, msg.seitNeeded, m[0].startsWith('S') ? 'Seit' : 'seit');
  }
  for (const m of text.matchAll(/(?<!\p{L})seit(?!\p{L})/giu)) {
    const after = text.slice(m.index + 4, m.index + 40);
    const before = text.slice(Math.max(0, m.index - 8), m.index);
    const verb =
      /(?<!\p{L})ihr\s+$/iu.test(before) ||
      // a clause never ends with the preposition or conjunction "seit"
      /^\s*(?:[.,!?;:)]|$)/.test(after) ||
      // "seit ihr …?" asks, as "seid ihr …?"
      (/^\s+ihr(?!\p{L})/iu.test(after) && sentenceAround(text, m.index).trimEnd().endsWith('?'));
    if (verb) push(m.index, msg.seidNeeded, m[0].startsWith('S') ? 'Seid' : 'seid');
  }
  return out;
};

/** wider (= gegen) versus wieder (= noch einmal). */
const widerWieder: Rule = (text) => {
  const out: LanguageFinding[] = [];
  const shouldBeWider =
    /\b(wieder)(?=(?:spiegel|sprech|sprich|sprach|spruch|stand|ständ|leg|setz|rede|willig|lich|stehen|ruf|hall))/gi;
  const shouldBeWieder =
    /\b(wider)(?=(?:hol|seh|kommen|kehr|um\b|gab|gutmach|aufnahme|verwend|wahl|erkenn|belebung|herstell|aufbau|vereinig|find|fand|gefund|geseh|gekommen|gekehrt|gewählt|gegeben|gib|geb|gewinn|gewonn|begegn|eröffn|einführ|auftauch|erlang|geholt))/gi;
  for (const m of text.matchAll(shouldBeWider)) {
    const word = /^\p{L}+/u.exec(text.slice(m.index))![0];
    out.push(
      finding(
        {
          category: 'spelling',
          rule: 'wider-wieder',
          title: msg.widerWiederTitle,
          message: msg.widerNeeded,
          suggestion: word.replace(/^(w)ieder/i, '$1ider'),
          severity: 'minor',
          start: m.index,
          length: word.length,
        },
        text,
      ),
    );
  }
  // "wider" alone is a preposition of a few set phrases ("wider Willen", "wider besseres Wissen") or the
  // particle of a separable verb at the clause's end ("spiegelt sich … wider", "hallt wider"); anywhere else
  // it stands for "wieder" ("Sie kam wider nach Hause")
  for (const m of text.matchAll(/(?<!\p{L})(wider)(?!\p{L})/gu)) {
    const after = text.slice(m.index + 5, m.index + 40);
    if (
      /^\s+(?:Willen|Erwarten|Erwartung|besser(?:es|em|en)\s+Wissen|Vernunft|Natur|Gesetz|Recht|die|den|das|jede)/u.test(
        after,
      )
    )
      continue;
    if (
      /(?:spiegel|hall|schein|kling|klang|strahl|sprach|sprech|sprich)/iu.test(sentenceAround(text, m.index))
    )
      continue;
    if (/(?<!\p{L})(?:für|und)\s+$/iu.test(text.slice(Math.max(0, m.index - 8), m.index))) continue;
    out.push(
      finding(
        {
          category: 'spelling',
          rule: 'wider-wieder',
          title: msg.widerWiederTitle,
          message: msg.wiederNeeded,
          suggestion: 'wieder',
          severity: 'minor',
          start: m.index,
          length: 5,
        },
        text,
      ),
    );
  }
  // the particle of "widerspiegeln", "widerhallen", "widerklingen" at the clause's end is "wider": "Das
  // Ergebnis spiegelt die Meinung der Klasse wieder" (these verbs have no "wieder-" of their own)
  for (const m of text.matchAll(/(?<!\p{L})([Ww]ieder)(?=\s*(?:[.,;:!?]|$))/gu)) {
    const clauseStart = Math.max(
      ...['.', '!', '?', ',', ';', ':', '\n'].map((c) => text.lastIndexOf(c, m.index - 1)),
    );
    const clause = text.slice(clauseStart + 1, m.index);
    if (!/(?<!\p{L})(?:spiegel|hall|klingt|klang)\p{Ll}*/u.test(clause)) continue;
    // "immer wieder", "wieder und wieder": again and again
    if (/(?<!\p{L})(?:immer|und|schon|nie|nun)\s+$/u.test(clause)) continue;
    out.push(
      finding(
        {
          category: 'spelling',
          rule: 'wider-wieder',
          title: msg.widerWiederTitle,
          message: msg.widerNeeded,
          suggestion: 'wider',
          severity: 'minor',
          start: m.index,
          length: 6,
        },
        text,
      ),
    );
  }
  for (const m of text.matchAll(shouldBeWieder)) {
    const word = /^\p{L}+/u.exec(text.slice(m.index))![0];
    out.push(
      finding(
        {
          category: 'spelling',
          rule: 'wider-wieder',
          title: msg.widerWiederTitle,
          message: msg.wiederNeeded,
          suggestion: word.replace(/^(w)ider/i, '$1ieder'),
          severity: 'minor',
          start: m.index,
          length: word.length,
        },
        text,
      ),
    );
  }
  return out;
};

const repeatedWords: Rule = (text) => {
  const out: LanguageFinding[] = [];
  // one or two spaces: a wider gap is layout ("Nürnberg      Nürnberg" in a letterhead); initials are no words
  // the same case too: "lassen Sie sie trocknen" is right
  for (const m of text.matchAll(/(?<!\p{L})(\p{L}{2,})[ \t]{1,2}(\1)(?!\p{L})/gu)) {
    // "die die", "das das", "der der": a relative pronoun before an article is right
    if (/^(?:der|die|das|den|dem|des)$/i.test(m[1]!)) continue;
    out.push(
      finding(
        {
          category: 'grammar',
          rule: 'repeated-word',
          title: msg.repeatedWordTitle,
          message: msg.repeatedWord(m[1]!),
          suggestion: m[1]!,
          severity: 'minor',
          start: m.index,
          length: m[0].length,
        },
        text,
      ),
    );
  }
  return out;
};

const maxSentenceWords = 35;

const overlongSentences: Rule = (text) => {
  const out: LanguageFinding[] = [];
  for (const m of text.matchAll(/[^.!?\n]+[.!?]?/g)) {
    const words = m[0].match(/\p{L}+/gu) ?? [];
    if (words.length <= maxSentenceWords) continue;
    const lead = m[0].length - m[0].trimStart().length;
    out.push(
      finding(
        {
          category: 'style',
          rule: 'long-sentence',
          title: msg.longSentenceTitle,
          message: msg.longSentence(words.length),
          suggestion: 'Den Satz in zwei oder drei kürzere Sätze teilen.',
          severity: 'improvement',
          start: m.index + lead,
          length: m[0].trim().length,
        },
        text,
      ),
    );
  }
  return out;
};

const colloquial: Record<string, string> = {
  krass: 'erstaunlich, stark',
  geil: 'sehr gut',
  mega: 'sehr',
  halt: '(weglassen)',
  eh: 'ohnehin',
  kriegen: 'bekommen',
  kriegt: 'bekommt',
  kriege: 'bekomme',
  gekriegt: 'bekommen',
  nich: 'nicht',
  net: 'nicht',
  nee: 'nein',
  gucken: 'schauen, betrachten',
  guckt: 'schaut',
  kapieren: 'verstehen',
  kapiert: 'verstanden',
  cool: 'gut, beeindruckend',
  okay: 'in Ordnung',
  ok: 'in Ordnung',
  zeug: 'Dinge, Gegenstände',
  kram: 'Dinge, Gegenstände',
  gibts: 'gibt es',
  hab: 'habe',
  "'nen": 'einen',
  "'ne": 'eine',
  sone: 'so eine',
  bisschen: 'etwas',
};

const colloquialWords: Rule = (text) => {
  const out: LanguageFinding[] = [];
  for (const m of text.matchAll(/(?:'?)\p{L}+/gu)) {
    const w = m[0].toLowerCase();
    const better = colloquial[w];
    if (!better) continue;
    // capitalised inside a sentence it is a noun: "Kriege" (wars), "Zeug" is handled by its own entry
    if (
      m[0] !== w &&
      !/(?:^|[.!?:]\s*|\n\s*|["„»]\s*)$/.test(text.slice(Math.max(0, m.index - 4), m.index)) &&
      !['zeug', 'kram'].includes(w)
    )
      continue;
    out.push(
      finding(
        {
          category: 'style',
          rule: 'colloquial',
          title: msg.colloquialTitle,
          message: msg.colloquial(m[0]),
          suggestion: better,
          severity: 'improvement',
          start: m.index,
          length: m[0].length,
        },
        text,
      ),
    );
  }
  return out;
};

const germanRules: Rule[] = [
  dasDass,
  seidSeit,
  widerWieder,
  ...germanClauseRules,
  repeatedWords,
  overlongSentences,
  colloquialWords,
];

/** All rules' findings; two rules that flag the same spot for the same reason give one finding. */
export function checkGermanRules(text: string): LanguageFinding[] {
  const seen = new Set<string>();
  const all = germanRules.flatMap((rule) => rule(text));
  // "gesagt das die …": where "das" must be "dass", no relative clause begins there
  const dass = all.filter((f) => f.rule === 'das-dass');
  return all
    .filter((f) => f.rule !== 'comma-relative' || !dass.some((d) => d.end === f.end))
    .filter((f) => {
      const key = `${f.rule}:${f.start}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
