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
  // "dass" directly followed by a noun and then the finite verb: "dass Auto fährt" is mostly "das Auto fährt"
  for (const m of text.matchAll(
    /(?<![,;:]\s*)(?<!\b(?:so|ohne|statt|anstatt|als|außer)\s+)\b(dass)\s+[A-ZÄÖÜ][a-zäöüß]+\s+(?:ist|war|hat|wird|fährt|steht|liegt)\b/g,
  )) {
    const before = text.slice(Math.max(0, m.index - 3), m.index);
    if (/^\s*$/.test(before) || /[.!?]\s*$/.test(before)) continue;
    out.push(
      finding(
        {
          category: 'grammar',
          rule: 'das-dass',
          title: msg.dasDassTitle,
          message: msg.dasNeeded,
          suggestion: 'das',
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

/** "seid" (ihr seid) versus "seit" (time). */
const seidSeit: Rule = (text) => {
  const out: LanguageFinding[] = [];
  for (const m of text.matchAll(
    /\bseid\s+(?=(?:gestern|heute|vorgestern|langem|kurzem|wann|dem|der|einer|einem|einigen|vielen|Jahren|Tagen|Wochen|Monaten|Stunden|\d))/gi,
  )) {
    out.push(
      finding(
        {
          category: 'grammar',
          rule: 'seid-seit',
          title: msg.seidSeitTitle,
          message: msg.seitNeeded,
          suggestion: m[0].startsWith('S') ? 'Seit' : 'seit',
          severity: 'moderate',
          start: m.index,
          length: 4,
        },
        text,
      ),
    );
  }
  for (const m of text.matchAll(/\b(?:ihr|Ihr)\s+(seit)\b/g)) {
    out.push(
      finding(
        {
          category: 'grammar',
          rule: 'seid-seit',
          title: msg.seidSeitTitle,
          message: msg.seidNeeded,
          suggestion: 'seid',
          severity: 'moderate',
          start: m.index + m[0].lastIndexOf('seit'),
          length: 4,
        },
        text,
      ),
    );
  }
  return out;
};

/** wider (= gegen) versus wieder (= noch einmal). */
const widerWieder: Rule = (text) => {
  const out: LanguageFinding[] = [];
  const shouldBeWider =
    /\b(wieder)(?=(?:spiegel|sprech|sprich|sprach|spruch|stand|ständ|leg|setz|rede|willig|lich|stehen|ruf|hall))/gi;
  const shouldBeWieder =
    /\b(wider)(?=(?:hol|seh|kommen|kehr|um\b|gab|gutmach|aufnahme|verwend|wahl|erkenn|belebung|herstell|aufbau|vereinig))/gi;
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
