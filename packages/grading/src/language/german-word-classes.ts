import type { SpellingDictionaryCollection } from 'cspell-lib';

/**
 * Word classes read from the German word list (igerman98, as @cspell/dict-de-de ships it). The list keeps
 * each word in its own case: nouns capitalised ("Tisch", "Lösen"), verbs, adjectives and adverbs small
 * ("lösen", "wichtig", "morgen"), and marks the forms that stand only inside a compound ("+fahrrad",
 * "Groß+"). cspell's `has()` hides all three: it takes "Wichtig" for "wichtig" and builds "beispiel" from
 * a compound part. So the list is asked here word by word, exactly as written and on its own.
 */
type Dict = SpellingDictionaryCollection;

type WordTrie = {
  findWord(
    word: string,
    options: { caseSensitive: boolean },
  ): { found: string | false; compoundUsed: boolean };
};

const triesOf = new WeakMap<Dict, WordTrie[]>();

function tries(dict: Dict): WordTrie[] {
  let t = triesOf.get(dict);
  if (!t) {
    // the dictionaries read from a word list carry their trie; cspell's types do not name it
    t = dict.dictionaries.flatMap((d) => ('trie' in d ? [(d as unknown as { trie: WordTrie }).trie] : []));
    triesOf.set(dict, t);
  }
  return t;
}

/** Whether the list has the word on its own, in exactly this case (not a compound part, not another case). */
export function listedAsWritten(dict: Dict, word: string): boolean {
  return tries(dict).some((t) => {
    const r = t.findWord(word, { caseSensitive: true });
    return r.found !== false && !r.compoundUsed;
  });
}

function capitalise(w: string): string {
  return w.charAt(0).toUpperCase() + w.slice(1);
}

function lowerFirst(w: string): string {
  return w.charAt(0).toLowerCase() + w.slice(1);
}

/** A noun that is nothing else: listed capitalised and not small ("Fledermäuse"; not "Weg", "weg"). */
function onlyNoun(dict: Dict, word: string): boolean {
  return listedAsWritten(dict, capitalise(word)) && !listedAsWritten(dict, lowerFirst(word));
}

const linkingElements = ['', 's', 'es', 'n', 'en', 'e', 'er'];

/**
 * A compound of nouns whose last part is only a noun: "Klassenfahrt" (Klasse + n + Fahrt), "Kraftstoff". The last
 * part decides a German compound's class, so such a word is a noun, however it is written. A last part that
 * is also small ("Sommer" + "fest") could make an adjective ("winterfest") and does not count.
 */
export function isNounCompound(dict: Dict, word: string): boolean {
  for (let i = 3; i <= word.length - 4; i++) {
    const right = word.slice(i);
    if (!onlyNoun(dict, right)) continue;
    const left = word.slice(0, i);
    for (const link of linkingElements) {
      if (!left.endsWith(link) || left.length - link.length < 3) continue;
      const stem = left.slice(0, left.length - link.length);
      // a noun before it too ("einiger" + "Masse", "das" + "Wege" are slips of other words)
      if (listedAsWritten(dict, capitalise(stem))) return true;
    }
  }
  return false;
}

/**
 * A capitalised word that the list knows only small, as a verb, adjective or other small word ("Wichtig",
 * "Arbeitet", "Schnelle"); not a listed noun ("Gut", "Lösen", "Abends") nor a noun compound.
 */
export function onlySmall(dict: Dict, word: string): boolean {
  return (
    !listedAsWritten(dict, word) && listedAsWritten(dict, lowerFirst(word)) && !isNounCompound(dict, word)
  );
}

/**
 * A small word that the list knows only as a noun or noun compound ("fledermäuse", "beispiel",
 * "klassenfahrt"): it is nowhere a verb, adjective or adverb, so written small it is a noun written small.
 */
export function onlyNounWrittenSmall(dict: Dict, word: string): boolean {
  if (listedAsWritten(dict, word)) return false;
  return listedAsWritten(dict, capitalise(word)) || isNounCompound(dict, capitalise(word));
}

/**
 * What makes the next word a noun or a nominalised word ("das Schöne", "beim Laufen", "etwas Neues",
 * "mit Abstand"): articles, determiners, numerals, quantifiers and prepositions, and the blends of
 * preposition and article.
 */
const nominalisers = new Set(
  (
    'der die das den dem des ein eine einen einem einer eines kein keine keinen keinem keiner keines ' +
    'mein meine meinen meinem meiner meines dein deine deinen deinem deiner deines sein seine seinen seinem ' +
    'seiner seines ihr ihre ihren ihrem ihrer ihres unser unsere unseren unserem unserer unseres euer eure ' +
    'euren eurem eurer eures dies diese dieser diesen diesem dieses jene jener jenen jenem jenes jede jeder ' +
    'jeden jedem jedes manche mancher manchen manchem manches solche solcher solchen solchem solches welche ' +
    'welcher welchen welchem welches alle aller allen allem alles viel viele vieler vielen vielem vieles ' +
    'wenig wenige weniger wenigen wenigem weniges einige einiger einigen einigem einiges mehrere mehreren ' +
    'beide beiden etwas nichts genug mehr allerlei lauter zwei drei vier fünf sechs sieben acht neun zehn ' +
    'elf zwölf hundert tausend zum zur im am beim vom ins ans aufs fürs übers ums unters vors hinters mit ' +
    'von bei aus nach an auf in für durch gegen über unter vor hinter neben zwischen um ohne wegen trotz ' +
    'seit während zu als bis per pro je ab samt außer statt entlang gegenüber innerhalb außerhalb mittels ' +
    'dank laut'
  ).split(' '),
);

/**
 * Small words of the closed classes (pronouns, conjunctions, sentence adverbs): written capital inside a
 * line they mostly open a sentence whose full stop is missing ("… gemacht Dann haben wir …"), where a mark
 * "write it small" would teach the wrong thing.
 */
const sentenceOpeners = new Set(
  (
    'ich du er sie es wir ihr man mich dich sich uns euch mir dir ihm ihn ihnen und oder aber denn sondern ' +
    'doch dass weil obwohl wenn als ob damit nachdem bevor da wie wo was wer wann warum wieso weshalb dann ' +
    'danach davor dabei dadurch dafür dagegen daher darum deshalb deswegen trotzdem also außerdem zudem ' +
    'jedoch zuerst zunächst anschließend schließlich endlich leider hier dort jetzt nun heute gestern morgen ' +
    'so auch nur noch schon sonst somit ebenfalls natürlich vielleicht später früher manchmal immer oft ' +
    'nie bitte ja nein hallo liebe lieber viele alle einige jeder jede jedes diese dieser dieses mein meine ' +
    'dein deine unser unsere'
  ).split(' '),
);

/** The forms of address written capital in letters: "Sie", "Ihnen", "Dir", "Euer". */
const address = /^(?:Sie|Ihnen|Ihr|Ihre[mnrs]?|Du|Dich|Dir|Dein|Deine[mnrs]?|Euch|Euer|Eure[mnrs]?)$/u;

const inflectedAdjective = /^\p{Ll}+(?:e|en|er|es|em)$/u;

/** The line a position stands in, and the part of it before the position. */
function lineAround(text: string, at: number): { line: string; before: string; rest: string } {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const end = text.indexOf('\n', at);
  const line = text.slice(start, end < 0 ? text.length : end);
  return { line, before: text.slice(start, at), rest: end < 0 ? '' : text.slice(end + 1) };
}

/** Inside quotation marks on its line: a quoted word is mentioned, not used. */
export function insideQuotes(lineBefore: string): boolean {
  return (lineBefore.match(/[„“”"»«]/g) ?? []).length % 2 === 1;
}

/** A heading: a short line without a sentence's punctuation, with more text below it. */
function isHeading(line: string, rest: string): boolean {
  return !/[.!?,;]/.test(line) && (line.match(/\p{L}+/gu) ?? []).length <= 10 && /\S/.test(rest);
}

/** The word right before (only blanks between), or '' where anything else stands between. */
function wordBefore(before: string): string {
  return /(\p{L}+)[ \t]+$/u.exec(before)?.[1] ?? '';
}

/**
 * Words the text uses as names: a capitalised word right after another one that no article introduces
 * ("Max Frisch", "Frau Klein", "von Anne Frank"). Such a surname may be an adjective ("frisch") and is
 * left alone wherever it stands in the text.
 */
export function namesIn(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/(?<![\p{L}])(\p{Lu}\p{L}*)[ \t]+(\p{Lu}\p{Ll}+)(?!\p{L})/gu)) {
    const first = wordBefore(text.slice(Math.max(0, m.index - 40), m.index)).toLowerCase();
    // "Ich Hoffe", "Die Bäckerei": a pronoun or an article is no first name
    const opener = m[1]!.toLowerCase();
    if (sentenceOpeners.has(opener) || nominalisers.has(opener)) continue;
    if (!nominalisers.has(first) && !inflectedAdjective.test(first)) names.add(m[2]!);
  }
  return names;
}

/**
 * A verb or adjective written capital inside a sentence ("Das ist Wichtig", "Sie Arbeitet viel"): the list
 * knows the word only small, and nothing around it makes it a noun or a name. Left alone: a sentence's or
 * line's first word, words after a colon, a dash or a bracket, in quotation marks or a heading, after an
 * article, a determiner, a quantifier or a preposition ("das Gute", "etwas Neues", "beim Lesen"), after an
 * inflected word that may be an adjective before it ("im großen Ganzen"), after another capitalised word
 * (a name: "Max Frisch"), the forms of address, languages ("auf Deutsch", "Englisch"), and the small words
 * that open sentences.
 */
export function isCapitalisedNonNoun(
  dict: Dict,
  text: string,
  start: number,
  word: string,
  names: ReadonlySet<string>,
): boolean {
  if (!/^\p{Lu}\p{Ll}+$/u.test(word) || address.test(word) || names.has(word)) return false;
  const lower = lowerFirst(word);
  if (sentenceOpeners.has(lower) || nominalisers.has(lower)) return false;
  // a language is a noun: "auf Deutsch", "Ich lerne Englisch"
  if (/^deutsch|isch(?:e|en|er|es|em)?$/.test(lower)) return false;
  // a colour's name is a noun: "die Farben Schwarz und Weiß", "dass Weiß weniger Wärme aufnimmt"
  if (/(?:weiß|schwarz|rot|blau|grün|gelb|grau|braun|orange|lila|rosa|violett|türkis|beige)$/.test(lower))
    return false;
  if (text[start - 1] === '-' || text[start + word.length] === '-') return false;
  const { line, before, rest } = lineAround(text, start);
  // mid-sentence: a word or a comma before it on its line
  if (!/[\p{L},][ \t]+$/u.test(before)) return false;
  if (insideQuotes(before)) return false;
  if (isHeading(line, rest)) return false;
  let head = before;
  let previous = wordBefore(head);
  // "Rot und Blau", "Abspaltungen, Umbauten": a coordination or a list repeats the class of the word
  // before it
  if (/^(?:und|oder|sowie|bzw)$/.test(previous)) {
    head = head.replace(/\p{L}+[ \t]+$/u, '');
    previous = wordBefore(head);
  }
  const listed = /(\p{L}+),[ \t]+$/u.exec(head);
  if (listed && /^\p{Lu}/u.test(listed[1]!)) return false;
  if (nominalisers.has(previous.toLowerCase())) return false;
  // right after the sentence's subject ("Die Schüler Lösen die Aufgaben", "Ich Hoffe, dass …"): the
  // finite verb's place, where no noun can stand; so even a word the list also knows as a noun ("das
  // Lösen") is the verb written capital here
  const after = text.slice(start + word.length);
  // "Die Sängerin Adele singt": a name after its noun, with the verb after it
  const nameBeforeVerb = /^[ \t]+\p{Ll}+t(?!\p{L})/u.test(after);
  if (afterSubject(before) && /^[ \t,]*\p{L}/u.test(after) && !nameBeforeVerb)
    return listedAsWritten(dict, lower);
  // "Am Abend Gingen wir", "Wenn es regnet, Bleiben wir": after a fronted part, before the subject
  if (
    afterFrontedPart(before) &&
    /^[ \t]+(?:ich|du|er|sie|es|wir|ihr|man|der|die|das|ein|eine)(?!\p{L})/u.test(after)
  )
    return listedAsWritten(dict, lower);
  // "Wir müssen den Müll Trennen.", "Es hat nicht Geregnet.": the verb at the sentence's end, after a
  // modal or auxiliary verb that needs it
  if (/^[ \t]*[.!?]/u.test(after) && clauseNeedsVerbAtEnd(before) && /(?:en|n|t)$/.test(lower))
    // a noun may end a sentence there too ("habe ich Zeit", "Rechte und Pflichten"): only a word the
    // list knows small and not as a noun
    return onlySmall(dict, word) && !/^(?:zu|zum|zur|beim|vom|im|am)$/.test(wordBefore(before).toLowerCase());
  const beforePrevious = wordBefore(head.replace(/\p{L}+[ \t]+$/u, '')).toLowerCase();
  const introduced = nominalisers.has(beforePrevious) || inflectedAdjective.test(beforePrevious);
  // a capitalised word before it that no article introduces is a name's first part: "Max Frisch"
  if (/^\p{Lu}/u.test(previous) && !introduced && !sentenceOpeners.has(previous.toLowerCase())) return false;
  // "das einzig Wahre", "im großen Ganzen": an adjective between the article and a nominalised word
  if (inflectedAdjective.test(previous) && introduced) return false;
  // "Vier Proben Destilliertes Wasser": an adjective right after a noun opens the next item of a list
  if (/^\p{Lu}/u.test(previous) && /(?:e|en|er|es|em)$/.test(word)) return false;
  // a finite verb before a pronoun or an article opens a question or a sentence whose full stop is
  // missing ("… nach Moskau Können Sie …"), where the mark belongs to the missing full stop
  if (
    /^[ \t]+(?:ich|du|er|sie|es|wir|ihr|man|Sie|Du|der|die|das|den|dem|ein|eine|einen)(?!\p{L})/u.test(
      text.slice(start + word.length),
    )
  )
    return false;
  // "heute Morgen", "gestern Abend": a part of the day after these adverbs is a noun
  if (/^(?:heute|gestern|morgen|vorgestern|übermorgen)$/.test(previous)) return false;
  // an adjective's strong forms stand as nouns without an article ("wenn man Verwandte hat", "Ich bin
  // Angestellter", "möchte ich Folgendes"), and so do participles ("der gut Verdienenden"); a noun after them
  // shows an adjective before its noun, "ich" before an -e a verb ("ich Hoffe")
  if (/e?nde[nmrs]?$/.test(word)) return false;
  const nounAfter = /^[ \t]+\p{Lu}\p{Ll}/u.test(text.slice(start + word.length));
  if (/(?:er|es)$/.test(word) && !nounAfter) return false;
  if (/e$/.test(word) && !nounAfter && previous.toLowerCase() !== 'ich') return false;
  return onlySmall(dict, word);
}

const determiner =
  'der|die|das|ein|eine|mein|meine|dein|deine|sein|seine|ihr|ihre|unser|unsere|euer|eure|dieser|diese|dieses|jeder|jede|jedes|kein|keine|viele|alle|einige|manche';
const nounPhrase = String.raw`(?:${determiner})[ \t]+(?:\p{Ll}+(?:e|en|er|es)[ \t]+)?\p{Lu}[\p{L}-]*`;
/** the sentence so far is its subject: a noun with its article (and a genitive), or a personal pronoun */
const subjectOnly = new RegExp(
  String.raw`^(?:${nounPhrase}(?:[ \t]+(?:des|der|eines|einer|meines|meiner|seines|seiner)[ \t]+(?:\p{Ll}+(?:e|en|er|es)[ \t]+)?\p{Lu}[\p{L}-]*)?|ich|du|er|sie|es|wir|ihr|man)[ \t]+$`,
  'u',
);

/** Whether the text of the line before a word, from the sentence's start, is the sentence's subject only. */
function afterSubject(lineBefore: string): boolean {
  const sentence = lineBefore.slice(Math.max(0, lineBefore.search(/[^.!?]*$/))).replace(/^\s+/, '');
  // the sentence's first word is written capital whatever it is
  return subjectOnly.test(sentence.charAt(0).toLowerCase() + sentence.slice(1));
}

const prepositions =
  'an|am|auf|aus|bei|beim|im|in|mit|nach|seit|von|vom|vor|zu|zum|zur|über|unter|während|nach|für|gegen|um';
/** "Vielleicht", "Am Abend", "In vielen Ländern", "Wenn es regnet,": one part before the finite verb */
const frontedOnly = new RegExp(
  String.raw`^(?:(?:vielleicht|heute|gestern|morgen|dann|danach|damals|deshalb|daher|trotzdem|außerdem|zuerst|später|leider|manchmal|oft|jetzt|nun|hier|dort|endlich|schließlich|zum\s+Glück)|(?:${prepositions})[ \t]+(?:(?:${determiner}|den|dem|des|einem|einer|vielen|allen|diesem|jedem)[ \t]+)?(?:\p{Ll}+(?:e|en|er|es|em)[ \t]+)?\p{Lu}[\p{L}-]*|(?:wenn|weil|obwohl|als|nachdem|bevor|sobald|während|da|falls)[ \t][^.!?]*,)[ \t]+$`,
  'u',
);

function afterFrontedPart(lineBefore: string): boolean {
  const sentence = lineBefore.slice(Math.max(0, lineBefore.search(/[^.!?]*$/))).replace(/^\s+/, '');
  return frontedOnly.test(sentence.charAt(0).toLowerCase() + sentence.slice(1));
}

/** A modal or auxiliary verb in the sentence so far: its infinitive or participle stands at the end. */
function clauseNeedsVerbAtEnd(lineBefore: string): boolean {
  const sentence = lineBefore.slice(Math.max(0, lineBefore.search(/[^.!?]*$/)));
  const clause = sentence.slice(sentence.lastIndexOf(',') + 1);
  return /(?<!\p{L})(?:muss|müssen|musst|kann|können|kannst|soll|sollen|sollst|darf|dürfen|will|wollen|möchte|möchten|werde|wird|werden|wurde|wurden|hat|haben|hatte|hatten|habe|ist|sind|war|waren)(?!\p{L})/iu.test(
    clause,
  );
}

/** Articles and blends that only ever stand before a noun (or a nominalised word). */
const onlyBeforeNouns = /^(?:des|eines|einem|einer|ein|eine|zum|zur|beim|im|vom|ins|ans|aufs)$/;
/** Words after which der/die/das/den/dem open a noun phrase, not a relative clause or an object pronoun. */
const articleOpeners = new Set(
  (
    'dass weil obwohl wenn als ob und oder aber denn ist sind war waren wird werden hat haben hatte gibt ' +
    'mit von bei aus nach an auf in für durch gegen über unter vor hinter neben zwischen um ohne wegen trotz seit während'
  ).split(' '),
);
/** Adjectives that also stand alone as pronouns ("die anderen lesen", "zum einen"). */
const pronominal =
  /^(?:ander|beid|einig|ein|einzeln|erst|letzt|meist|nächst|übrig|viel|wenig|manch|sämtlich|folgend|gleich|selb)(?:e|en|er|es|em)$/;

/**
 * A small word that is a noun and also a verb, adjective or adverb ("weg", "licht", "pflanzen", "kosten"):
 * a noun only where its article shows it ("der weg" after "obwohl", "auf dem rücken", "den richtigen weg",
 * "beim lesen"). Not after a comma or a verb, where der/die/das may be a relative or object pronoun ("die
 * Kinder, die pflanzen", "ich will das lesen"), not "am besten", and not before a noun ("der licht
 * durchflutete Raum" has an adjective).
 */
export function isNounByItsArticle(dict: Dict, text: string, start: number, word: string): boolean {
  if (!listedAsWritten(dict, capitalise(word)) || !listedAsWritten(dict, word)) return false;
  const after = text.slice(start + word.length);
  // before a noun or an inflected adjective it is an adjective itself: "einem negativen emotionalen Moment"
  if (/^[ \t]+\p{Lu}/u.test(after) || /^[ \t]+\p{Ll}+(?:e|en|er|es|em)(?!\p{L})/u.test(after)) return false;
  // "ein paar", "ein bisschen", "ein wenig": indefinite numerals, not nouns
  if (/^(?:paar|bisschen|bißchen|wenig)$/.test(word)) return false;
  const windowStart = Math.max(0, start - 80);
  const before = text.slice(windowStart, start);
  let previous = wordBefore(before);
  const rest = before.replace(/\p{L}+[ \t]+$/u, '');
  // one inflected adjective between: "den richtigen weg"
  const adjective =
    inflectedAdjective.test(previous) &&
    !pronominal.test(previous) &&
    !nominalisers.has(previous) &&
    listedAsWritten(dict, previous) &&
    !listedAsWritten(dict, capitalise(previous));
  if (adjective) {
    previous = wordBefore(rest);
    return /^(?:der|die|das|den|dem)$/.test(previous) || onlyBeforeNouns.test(previous);
  }
  if (onlyBeforeNouns.test(previous)) return true;
  if (!/^(?:der|die|das|den|dem)$/.test(previous)) return false;
  const opener = wordBefore(rest);
  const opensSentence = /[.!?:\n]\s*$/.test(rest) || (windowStart === 0 && /^\s*$/.test(rest));
  return (opensSentence || articleOpeners.has(opener.toLowerCase())) && !/^\s*[.,;:!?)]/.test(after);
}
