import { stemWord } from './tokenize';

/**
 * A small list of everyday German (and a few English) synonyms that school answers use in place of the
 * wording of an expected answer. Each group is one meaning; words are matched by their stems.
 */
const groups: string[][] = [
  ['beliebig', 'egal', 'jederzeit', 'gleichgültig', 'any'],
  ['einschränkung', 'beschränkung', 'begrenzung', 'restriction', 'limit'],
  ['bezahlen', 'zahlen', 'begleichen', 'pay'],
  ['kaufen', 'einkaufen', 'erwerben', 'besorgen', 'buy', 'purchase'],
  ['zeigen', 'vorzeigen', 'vorlegen', 'präsentieren', 'show'],
  ['notieren', 'aufschreiben', 'vermerken', 'festhalten', 'aufzeichnen', 'note'],
  ['erklären', 'erläutern', 'begründen', 'explain'],
  ['groß', 'riesig', 'umfangreich', 'large', 'big'],
  ['klein', 'gering', 'winzig', 'small'],
  ['schnell', 'rasch', 'zügig', 'fast'],
  ['schwierig', 'schwer', 'difficult', 'hard'],
  ['wichtig', 'bedeutend', 'wesentlich', 'important'],
  ['ursache', 'grund', 'auslöser', 'cause', 'reason'],
  ['folge', 'auswirkung', 'konsequenz', 'wirkung', 'effect', 'consequence'],
  ['erhöhen', 'steigern', 'vergrößern', 'zunehmen', 'steigen', 'increase'],
  ['verringern', 'senken', 'abnehmen', 'sinken', 'reduzieren', 'decrease', 'reduce'],
  ['bilden', 'herstellen', 'produzieren', 'erzeugen', 'produce'],
  ['benutzen', 'verwenden', 'nutzen', 'gebrauchen', 'use'],
  ['bekommen', 'erhalten', 'kriegen', 'receive', 'get'],
  ['beginnen', 'anfangen', 'starten', 'begin', 'start'],
  ['beenden', 'abschließen', 'aufhören', 'finish', 'end'],
  ['richtig', 'korrekt', 'stimmt', 'correct'],
  ['falsch', 'fehlerhaft', 'inkorrekt', 'wrong'],
  ['wärme', 'hitze', 'heat'],
  ['pflanze', 'gewächs', 'plant'],
  ['krieg', 'konflikt', 'war'],
  // substances by name and by formula (digits as typed or as subscripts)
  ['kohlenstoffdioxid', 'kohlendioxid', 'co2', 'co₂'],
  ['sauerstoff', 'o2', 'o₂'],
  ['traubenzucker', 'glukose', 'glucose', 'c6h12o6', 'c₆h₁₂o₆'],
  ['wasser', 'h2o', 'h₂o'],
];

/** stem -> group index */
const groupOfStem = new Map<string, number>();
groups.forEach((words, index) => {
  for (const w of words) {
    const stem = stemWord(w.toLowerCase().replace(/ß/g, 'ss'));
    if (!groupOfStem.has(stem)) groupOfStem.set(stem, index);
  }
});

export function synonymGroup(stem: string): number | undefined {
  return groupOfStem.get(stem);
}
