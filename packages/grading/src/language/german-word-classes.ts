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

/** Titles and roles that stand before a name: "Frau Klein", "Onkel Fröhlich", "die Autorin Lang". */
const personTitle =
  /^(?:Frau|Herr|Herrn|Fräulein|Onkel|Tante|Opa|Oma|Doktor|Dr|Professor|Papst|Kaiser|König|Prinz|Präsident|Kanzler|Minister|Autor|Dichter|Sänger|Maler|Schriftsteller|Lehrer|Trainer|Kollege|Bruder|Schwester|Familie|Firma|Sankt|\p{L}+in)$/u;

/**
 * Words the text uses as names: a capitalised word right after another one that no article introduces
 * ("Max Frisch", "Frau Klein", "von Anne Frank"). Such a surname may be an adjective ("frisch") and is
 * left alone wherever it stands in the text.
 */
export function namesIn(text: string, dict?: Dict): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/(?<![\p{L}])(\p{Lu}\p{L}*)[ \t]+(\p{Lu}\p{Ll}+)(?!\p{L})/gu)) {
    const first = wordBefore(text.slice(Math.max(0, m.index - 40), m.index)).toLowerCase();
    // "Ich Hoffe", "Die Bäckerei": a pronoun or an article is no first name
    const opener = m[1]!.toLowerCase();
    if (sentenceOpeners.has(opener) || nominalisers.has(opener)) continue;
    // "Zusätzlich Muss …", "Worauf Sollst du …": a word the list knows only small is no first name; nor is a
    // noun other than a title or role ("Fledermäuse Blind", but "Frau Klein", "die Sängerin Adele")
    if (dict && listedAsWritten(dict, opener) && !listedAsWritten(dict, m[1]!)) continue;
    if (dict && listedAsWritten(dict, m[1]!) && !personTitle.test(m[1]!) && onlySmall(dict, m[2]!)) continue;
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
  if (sentenceOpeners.has(lower) || (nominalisers.has(lower) && !quantifier.test(lower))) return false;
  // a language is a noun: "auf Deutsch", "Ich lerne Englisch"; not after an adverb of degree ("sehr Typisch")
  const degreeBefore = intensifiers.test(wordBefore(text.slice(Math.max(0, start - 20), start)));
  if (/^deutsch/.test(lower) || (/isch(?:e|en|er|es|em)?$/.test(lower) && !degreeBefore)) return false;
  // a colour's name is a noun: "die Farben Schwarz und Weiß", "dass Weiß weniger Wärme aufnimmt"
  // and with its ending it forms names: "das Rote Kreuz", "das Schwarze Meer", "die Grünen"
  if (
    /(?:weiß|schwarz|rot|blau|grün|gelb|grau|braun|orange|lila|rosa|violett|türkis|beige)(?:e|en|er|es|em)?$/.test(
      lower,
    )
  )
    return false;
  if (text[start - 1] === '-' || text[start + word.length] === '-') return false;
  const { line, before, rest } = lineAround(text, start);
  // mid-sentence: a word, a number or a comma before it on its line
  if (!/[\p{L}\p{N},][ \t]+$/u.test(before)) return false;
  if (insideQuotes(before)) return false;
  if (isHeading(line, rest)) return false;
  let head = before;
  let previous = wordBefore(head);
  // "Rot und Blau", "Abspaltungen, Umbauten": a coordination or a list repeats the class of the word
  // before it
  if (/^(?:und|oder|sowie|bzw)$/.test(previous)) {
    head = head.replace(/\p{L}+[ \t]+$/u, '');
    previous = wordBefore(head);
    // "Rechte und Pflichten", "das Wohnen und Arbeiten": joined to a noun inside the sentence, a word the
    // list knows as a noun too is one
    if (/^\p{Lu}/u.test(previous) && !/(?:^|[.!?:]\s*)\p{L}+[ \t]+$/u.test(head) && !onlySmall(dict, word))
      return false;
  }
  const listed = /(\p{L}+),[ \t]+$/u.exec(head);
  if (listed && /^\p{Lu}/u.test(listed[1]!)) return false;
  const after = text.slice(start + word.length);
  if (placeOfAdjectiveOrVerb(dict, word, before, after, previous)) return true;
  if (nominalisers.has(lower)) return false;
  if (nominalisers.has(previous.toLowerCase())) return false;
  // right after the sentence's subject ("Die Schüler Lösen die Aufgaben", "Ich Hoffe, dass …"): the
  // finite verb's place, where no noun can stand; so even a word the list also knows as a noun ("das
  // Lösen") is the verb written capital here
  // "Die Sängerin Adele singt": a name after its noun, with the verb after it; not after a pronoun, and not
  // a word with a verb's plural or past ending ("Die Pflanzen Wachsen schlecht", "Der Hund Bellte laut")
  const nameBeforeVerb =
    /^[ \t]+\p{Ll}+t(?!\p{L})/u.test(after) &&
    !/^(?:ich|du|er|sie|es|wir|ihr|man)[ \t]+$/iu.test(before.trimStart()) &&
    !/(?:en|te|ten)$/.test(word);
  if (afterSubject(before) && /^[ \t,]*\p{L}/u.test(after) && !nameBeforeVerb)
    return listedAsWritten(dict, lower);
  // "Am Abend Gingen wir", "Wenn es regnet, Bleiben wir": after a fronted part, before the subject
  if (
    afterFrontedPart(before) &&
    /^[ \t]+(?:ich|du|er|sie|es|wir|ihr|man|sich|der|die|das|ein|eine|viele|alle|einige|zwei|drei|vier|fünf|mein|meine|unser|unsere|dieser|diese|dieses)(?!\p{L})/u.test(
      after,
    )
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

/** Adverbs that only grade an adjective or adverb: "sehr typisch" (never a language: "auf Englisch"). */
const intensifiers = /^(?:sehr|so|ganz|ziemlich|besonders|äußerst|extrem|total|echt|wirklich|relativ|eher)$/;
/** Adverbs of degree and "nicht": the word after them is an adjective, adverb or verb ("zu spät", "nicht gut"). */
const degreeAdverbs =
  /^(?:sehr|so|zu|ganz|ziemlich|besonders|recht|äußerst|extrem|total|echt|wirklich|nicht|noch|eher|relativ|ebenso|genauso)$/;
/**
 * Adjectives that form names with the noun after them: ordinals ("der Zweite Weltkrieg", "Erste Hilfe") and
 * a few of the names of feasts, places, alliances and papers ("Heiliger Abend", "der Nahe Osten", "die
 * Vereinten Nationen", "der Kalte Krieg", "der Stille Ozean", "die Allgemeine Zeitung"). Colours and
 * adjectives of places ("das Rote Kreuz", "die Deutsche Bahn") are left alone before.
 */
const nameAdjective =
  /^(?:erst|zweit|dritt|viert|fünft|sechst|siebt|acht|neunt|zehnt|elft|zwölft|\p{L}+zehnt|\p{L}+zigst|\p{L}+ßigst|heilig|vereint|vereinigt|nah|fern|kalt|still|hoh|allgemein)(?:e|en|er|es|em)$/u;
/** Conjunctions that open a clause with its finite verb last (not "als", "wie", "seit": also prepositions). */
const subordinators =
  'dass|weil|obwohl|ob|wenn|damit|nachdem|bevor|sodass|falls|sobald|solange|obgleich|indem|sofern|weshalb|warum';
const relativePronouns = 'der|die|das|dem|den|denen|dessen|deren|welche|welcher|welches|welchem|welchen';
/** A clause opened by a subordinating conjunction, or after a comma by a relative pronoun (with its preposition). */
const subordinateClause = new RegExp(
  String.raw`^(?:[ \t,]*(?:${subordinators})|,[ \t]*(?:(?:${prepositions})[ \t]+)?(?:${relativePronouns}))[ \t]`,
  'iu',
);
/** "sein", "werden" and "bleiben": a predicative adjective stands at the clause's end with them. */
const copula = 'ist|sind|bin|bist|seid|war|waren|wäre|wären|wird|werden|wurde|wurden|bleibt|bleiben|blieb';
/** Modal verbs and "werden": an infinitive stands at the clause's end with them. */
const withInfinitive =
  'kann|können|kannst|könnt|konnte|konnten|könnte|könnten|muss|müssen|musst|musste|mussten|müsste|soll|sollen|sollst|sollte|sollten|darf|dürfen|darfst|durfte|durften|will|wollen|willst|wollte|wollten|möchte|möchten|möchtest|werde|wird|werden|wirst|würde|würden|lässt|lassen|ließ';
/** Auxiliaries of the perfect and the passive and "sein": a participle or a predicative adjective before them. */
const withParticiple =
  'hat|haben|habe|hast|habt|hatte|hatten|hätte|hätten|ist|sind|bin|bist|seid|war|waren|wäre|wären|sei|wurde|wurden|worden|geworden|wird|werden|bleibt|blieb';
const verbClusterAtEnd = new RegExp(
  String.raw`^[ \t]+(?:${withInfinitive}|${withParticiple})(?:[ \t]+(?:${withInfinitive}|${withParticiple}))?[ \t]*(?:[.!?,;:]|$)`,
  'u',
);

/**
 * A strong form of a listed adjective ("fremder": "fremd" + "er", "neuem"), which may stand as a noun without
 * an article ("er ist Fremder", "zu Neuem"); an -en form needs an article to be a noun.
 */
function isInflectedForm(dict: Dict, lower: string): boolean {
  return ['em', 'er', 'es', 'e'].some(
    (e) =>
      lower.endsWith(e) && lower.length - e.length >= 3 && listedAsWritten(dict, lower.slice(0, -e.length)),
  );
}

/**
 * An adjective with an inflection ending: its stem is a listed small word ("entsprechende", "großes") or it
 * is a superlative ("größte"); "bade", "mühe" have a verb's ending.
 */
function isAdjectiveForm(dict: Dict, lower: string): boolean {
  if (/[sß]t(?:e|en|er|es|em)$/.test(lower)) return true;
  return ['em', 'en', 'er', 'es', 'e'].some(
    (e) =>
      lower.endsWith(e) && lower.length - e.length >= 3 && listedAsWritten(dict, lower.slice(0, -e.length)),
  );
}

/** Quantifiers and numerals ("beide", "viele", "zehn"): before a noun they are written small. */
const quantifier =
  /^(?:beide|beiden|viel|viele|vielen|vieler|wenig|wenige|wenigen|weniger|meisten|einige|einigen|mehrere|mehreren|genug|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|zwanzig|hundert|tausend)$/;
/** Words after which no sentence ends: articles, prepositions and conjunctions of subordinate clauses. */
const neverLast = new RegExp(
  String.raw`^(?:${subordinators}|${prepositions}|der|die|das|den|dem|des|ein|eine|einen|einem|einer|für|durch|ohne)$`,
  'u',
);

/**
 * Where the word's place in the sentence shows a verb or adjective (the rules of word order a German
 * teacher reads a sentence by): true to mark it, null where the place does not tell.
 * - between a determiner or preposition and its noun, with an adjective's ending: an attributive adjective
 *   ("eine Lange Diskussion", "in Vielen Ländern"), unless the pair is a name ("der Zweite Weltkrieg");
 * - after an adverb of degree or "nicht" ("sehr Wichtig", "zu Spät"), and after "zu" at a clause's end,
 *   the infinitive ("ist leicht zu Lernen");
 * - the sentence's second word after a fronted adverb or question word ("Zusätzlich Muss …", "Wie Gehe ich");
 * - at a clause's end: right before the modal or auxiliary verbs that end it ("…, dass sie Gewachsen ist."),
 *   the finite verb of a subordinate or relative clause ("…, weil er müde Wurde."), and after a modal or
 *   auxiliary verb in a main clause ("Wir müssen den Müll Trennen.").
 */
function placeOfAdjectiveOrVerb(
  dict: Dict,
  word: string,
  before: string,
  after: string,
  previous: string,
): true | null {
  const lower = lowerFirst(word);
  if (!listedAsWritten(dict, lower)) return null;
  const prev = previous.toLowerCase();
  const nextWord = /^[ \t]+(\p{Lu}\p{Ll}+)(?![\p{L}-])/u.exec(after)?.[1];
  const nounNext = nextWord !== undefined && !onlySmall(dict, nextWord) && !address.test(nextWord);
  // "in Vielen Ländern", "um Sechs Uhr": a quantifier before its noun, where no sentence can have ended
  if (quantifier.test(lower)) return nounNext && neverLast.test(prev) ? true : null;
  const small = onlySmall(dict, word);
  const ofPlace = /isch(?:e|en|er|es|em)?$/.test(lower);
  // a strong form that may stand as a noun on its own: "Ich bin Angestellter", "er ist Fremder"
  const mayBeNoun = !small || isInflectedForm(dict, lower);
  // "das Entsprechende Schreiben", "Die Einzige Bedingung", "in Vielen Ländern": before a noun (any
  // capitalised word the list does not know only small)
  if (
    nounNext &&
    // not listed capital (a compound may hide in it: "Spannendes" is no "Spann" + "Endes")
    !listedAsWritten(dict, word) &&
    isAdjectiveForm(dict, lower) &&
    !ofPlace &&
    !nameAdjective.test(lower) &&
    (/^\p{Ll}/u.test(previous) || nominalisers.has(prev))
  )
    return true;
  // "sehr Wichtig", "zu Spät", "nicht Schlecht"; not a nominalised form ("zu Neuem"), and "zu" is a
  // preposition too, whose old dative stays in set phrases ("zu Hause")
  if (
    degreeAdverbs.test(previous) &&
    small &&
    !isInflectedForm(dict, lower) &&
    !(prev === 'zu' && /e$/.test(lower))
  )
    return true;
  const clauseEnd = /^[ \t]*(?:[.!?,;:]|$)/.test(after);
  // "ist leicht zu Klatschen", "darauf zu Achten.": the infinitive with "zu" ends its clause
  if (previous === 'zu' && clauseEnd && /(?:en|ern|eln)$/.test(lower)) return true;
  const sentence = before.slice(Math.max(0, before.search(/[^.!?]*$/))).replace(/^\s+/, '');
  // "Zusätzlich Muss notiert werden", "Wie Gehe ich vor?": one adverb, then the finite verb
  const firstOnly = /^(\p{L}+)[ \t]+$/u.exec(sentence)?.[1];
  if (
    firstOnly &&
    small &&
    !nominalisers.has(lowerFirst(firstOnly)) &&
    listedAsWritten(dict, lowerFirst(firstOnly)) &&
    !listedAsWritten(dict, capitalise(firstOnly)) &&
    /^[ \t]+\p{Ll}/u.test(after)
  )
    return true;
  // "Das Habe ich gewusst": after a pronoun that opens the sentence, before the subject
  if (
    firstOnly &&
    /^(?:das|dies|dann|da)$/iu.test(firstOnly) &&
    /^[ \t]+(?:ich|du|er|sie|es|wir|ihr|man)(?!\p{L})/u.test(after)
  )
    return true;
  const clause = sentence.slice(
    Math.max(...[',', ';', ':', ' - ', '–'].map((c) => sentence.lastIndexOf(c))) + 1,
  );
  // an adjective's form (or an unknown word with its ending: "finzanziellen") right before it
  const adjectiveBefore =
    inflectedAdjective.test(previous) &&
    (isAdjectiveForm(dict, previous) || !listedAsWritten(dict, previous));
  // an article, preposition or "wie" before it ("zum Essen", "Hobbys wie Wandern"), or before an adjective
  // before it ("das gute Essen"): a nominalised word
  const introduced =
    nominalisers.has(prev) ||
    prev === 'wie' ||
    (adjectiveBefore && nominalisers.has(wordBefore(before.replace(/\p{L}+[ \t]+$/u, '')).toLowerCase()));
  // "…, dass sie Gewachsen ist", "…, die Sagen dürfen": a participle, adjective or infinitive before the
  // verbs that end the clause
  if (verbClusterAtEnd.test(after) && !introduced) {
    if (small && !mayBeNoun) return true;
    const infinitiveBefore = new RegExp(String.raw`^[ \t]+(?:${withInfinitive})(?!\p{L})`, 'u').test(after);
    if (infinitiveBefore && /(?:en|ern|eln)$/.test(lower)) return true;
  }
  if (!clauseEnd || introduced) return null;
  // the finite verb at the end of a subordinate or relative clause: "…, weil es dunkel Wurde."
  const commaStart = sentence.lastIndexOf(',');
  if (subordinateClause.test(commaStart >= 0 ? sentence.slice(commaStart) : sentence)) {
    // no noun ends such a clause: its last word is the finite verb (a plural or infinitive where the list
    // knows a noun too: "…, weil sie Licht Brauchen"), not after an adjective ("wegen finanziellen Gründen")
    if (small) return true;
    if (/(?:en|ern|eln)$/.test(lower) && !adjectiveBefore) return true;
  }
  // in a main clause with a modal or auxiliary verb, its infinitive, participle or predicative adjective
  // (after "haben" only a participle: "ich habe Bekannte" has its object there)
  const participle =
    /^(?:\p{Ll}*ge\p{Ll}+(?:t|en)|(?:be|ver|er|zer|ent|emp)\p{Ll}+(?:t|en)|\p{Ll}+iert)$/u.test(lower);
  const predicative = new RegExp(String.raw`(?<!\p{L})(?:${copula})(?!\p{L})`, 'iu').test(clause);
  if (clauseNeedsVerbAtEnd(before) && small && !mayBeNoun && !ofPlace && (participle || predicative))
    return true;
  const modal = new RegExp(String.raw`(?<!\p{L})(?:${withInfinitive})(?!\p{L})`, 'iu').test(clause);
  if (modal && /(?:en|ern|eln)$/.test(lower) && !adjectiveBefore) return true;
  return null;
}
