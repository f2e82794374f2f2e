import { builtinGradingMessages as msg } from '@korrigo/domain';
import type { LanguageFinding } from './language-finding';

/** Irregular verbs learners regularise most: base form → simple past. */
const irregularPast: Record<string, string> = {
  be: 'was',
  become: 'became',
  begin: 'began',
  bite: 'bit',
  blow: 'blew',
  break: 'broke',
  bring: 'brought',
  build: 'built',
  buy: 'bought',
  catch: 'caught',
  choose: 'chose',
  come: 'came',
  cost: 'cost',
  cut: 'cut',
  do: 'did',
  draw: 'drew',
  drink: 'drank',
  drive: 'drove',
  eat: 'ate',
  fall: 'fell',
  feel: 'felt',
  fight: 'fought',
  find: 'found',
  fly: 'flew',
  forget: 'forgot',
  get: 'got',
  give: 'gave',
  go: 'went',
  grow: 'grew',
  have: 'had',
  hear: 'heard',
  hide: 'hid',
  hit: 'hit',
  hold: 'held',
  hurt: 'hurt',
  keep: 'kept',
  know: 'knew',
  leave: 'left',
  lend: 'lent',
  lose: 'lost',
  make: 'made',
  meet: 'met',
  pay: 'paid',
  put: 'put',
  ride: 'rode',
  ring: 'rang',
  run: 'ran',
  say: 'said',
  see: 'saw',
  sell: 'sold',
  send: 'sent',
  shut: 'shut',
  sing: 'sang',
  sit: 'sat',
  sleep: 'slept',
  speak: 'spoke',
  spend: 'spent',
  stand: 'stood',
  steal: 'stole',
  swim: 'swam',
  take: 'took',
  teach: 'taught',
  tell: 'told',
  think: 'thought',
  throw: 'threw',
  understand: 'understood',
  wake: 'woke',
  wear: 'wore',
  win: 'won',
  write: 'wrote',
};

/** Regularised forms that are real words of their own ("seed", "founded") and so prove nothing. */
const realWords = new Set([
  'bed',
  'seed',
  'founded',
  'felled',
  'bored',
  'lied',
  'wined',
  'sited',
  'costed',
  'singed',
  'ringed',
  'putted',
  'payed',
  'waked',
  'flied',
  'leaved',
]);

/** "goed", "eated", "runned", "taked": the -ed forms a learner builds for an irregular verb. */
function regularised(base: string): string[] {
  const forms = [base.endsWith('e') ? `${base}d` : `${base}ed`];
  if (/[^aeiou][aeiou][bdgklmnprt]$/.test(base)) forms.push(`${base}${base.slice(-1)}ed`);
  if (base.endsWith('y') && !/[aeiou]y$/.test(base)) forms.push(`${base.slice(0, -1)}ied`);
  return forms.filter((f) => !realWords.has(f));
}

const wrongPast = new Map<string, { base: string; past: string }>();
for (const [base, past] of Object.entries(irregularPast)) {
  for (const form of regularised(base)) wrongPast.set(form, { base, past });
}

/** Simple-past forms that differ from the base and are no base form of another verb ("found", "fell", "lay"). */
const pastToBase = new Map<string, string>();
for (const [base, past] of Object.entries(irregularPast)) {
  if (past !== base && !(past in irregularPast) && !['found', 'fell', 'left', 'lay', 'saw'].includes(past))
    pastToBase.set(past, base);
}
// "saw" is a noun and a verb of its own, but after did/didn't it can only be the past of "see"
pastToBase.set('saw', 'see');

function finding(
  rule: string,
  message: string,
  suggestion: string,
  start: number,
  quoted: string,
): LanguageFinding {
  return {
    category: 'grammar',
    rule,
    title: msg.englishVerbFormTitle,
    message,
    suggestion,
    severity: 'minor',
    start,
    end: start + quoted.length,
    quoted,
  };
}

/** "goed" → "went": an irregular verb given the regular -ed ending. */
const overregularisedPast = (text: string): LanguageFinding[] => {
  const out: LanguageFinding[] = [];
  for (const m of text.matchAll(/(?<![\p{L}'’-])\p{L}+(?![\p{L}'’-])/gu)) {
    const hit = wrongPast.get(m[0].toLowerCase());
    if (!hit) continue;
    out.push(finding('irregular-past', msg.englishIrregularPast(m[0], hit.past), hit.past, m.index, m[0]));
  }
  return out;
};

/** "didn't saw" → "didn't see": after do/does/did the verb stands in its base form. */
const pastAfterDo = (text: string): LanguageFinding[] => {
  const out: LanguageFinding[] = [];
  const pattern =
    /\b(did|didn['’]t|does|doesn['’]t|do|don['’]t|did not|does not|do not)\s+(?:(?:really|even|ever|never|not|just|also)\s+)?(\p{L}+)\b/giu;
  for (const m of text.matchAll(pattern)) {
    const base = pastToBase.get(m[2]!.toLowerCase());
    if (!base) continue;
    out.push(
      finding(
        'base-after-do',
        msg.englishBaseAfterDo(m[1]!, m[2]!, base),
        m[0].slice(0, m[0].length - m[2]!.length) + base,
        m.index,
        m[0],
      ),
    );
  }
  return out;
};

/** Common verbs whose base form after he/she/it lacks the -s of the third person. */
const commonVerbs = [
  ...Object.keys(irregularPast).filter(
    (v) => !['be', 'have', 'do', 'cost', 'cut', 'hit', 'put', 'shut', 'hurt'].includes(v),
  ),
  'like',
  'love',
  'want',
  'need',
  'play',
  'live',
  'work',
  'help',
  'look',
  'listen',
  'watch',
  'walk',
  'talk',
  'call',
  'ask',
  'start',
  'stop',
  'try',
  'use',
  'show',
  'seem',
  'believe',
  'agree',
  'decide',
  'explain',
  'govern',
  'live',
];
const thirdPerson = (verb: string) =>
  /(?:s|sh|ch|x|z|o)$/.test(verb)
    ? `${verb}es`
    : /[^aeiou]y$/.test(verb)
      ? `${verb.slice(0, -1)}ies`
      : `${verb}s`;

/** subject → wrong form → right form */
const agreement: Record<string, Record<string, string>> = {
  i: { is: 'am', are: 'am', has: 'have', does: 'do', "doesn't": "don't" },
  you: { is: 'are', was: 'were', has: 'have', does: 'do', "doesn't": "don't", am: 'are' },
  we: { is: 'are', was: 'were', has: 'have', does: 'do', "doesn't": "don't", am: 'are' },
  they: { is: 'are', was: 'were', has: 'have', does: 'do', "doesn't": "don't", am: 'are' },
  he: { are: 'is', am: 'is', have: 'has', do: 'does', "don't": "doesn't" },
  she: { are: 'is', am: 'is', have: 'has', do: 'does', "don't": "doesn't" },
  it: { are: 'is', am: 'is', have: 'has', do: 'does', "don't": "doesn't" },
};
for (const verb of commonVerbs) {
  for (const s of ['he', 'she', 'it']) agreement[s]![verb] = thirdPerson(verb);
}

/**
 * "she have", "he go", "they was", "I is": the verb does not agree with a personal-pronoun subject. Not after
 * an auxiliary or in a question ("does he go", "can she have", "let it go"), where the base form is right.
 */
const subjectVerbAgreement = (text: string): LanguageFinding[] => {
  const out: LanguageFinding[] = [];
  for (const m of text.matchAll(
    /(?<![\p{L}\d'’-])(I|[Yy]ou|[Ww]e|[Tt]hey|[Hh]e|[Ss]he|[Ii]t)\s+(\p{Ll}+(?:n['’]t)?)(?![\p{L}'’])/gu,
  )) {
    const subject = m[1]!.toLowerCase();
    const verb = m[2]!.replace('’', "'");
    const right = agreement[subject]?.[verb];
    if (!right) continue;
    const before = /(\p{L}+)\W*$/u.exec(text.slice(Math.max(0, m.index - 20), m.index))?.[1]?.toLowerCase();
    if (
      before &&
      /^(?:do|does|did|don't|doesn't|didn't|can|could|will|would|shall|should|may|might|must|let|make|makes|made|help|helps|watch|see|saw|hear|heard|if|wish|not|to|why|how|what|where|when)$/.test(
        before,
      )
    )
      continue;
    // "it" as an object: "make it go", "let it be" are caught above; "it" after a verb is mostly an object
    if (
      subject === 'it' &&
      before &&
      /(?:s|ed|e)$/.test(before) &&
      !/^(?:because|since|as|so|once)$/.test(before)
    )
      continue;
    out.push(
      finding(
        'subject-verb-agreement',
        msg.englishAgreement(`${m[1]} ${m[2]}`, `${m[1]} ${right}`),
        `${m[1]} ${right}`,
        m.index,
        m[0],
      ),
    );
  }
  return out;
};

/** Rules for English text: verb forms learners get wrong in ways a dictionary cannot see. */
export function checkEnglishRules(text: string): LanguageFinding[] {
  return [...overregularisedPast(text), ...pastAfterDo(text), ...subjectVerbAgreement(text)];
}
