import { builtinGradingMessages as msg } from '@korrigo/domain';
import type { LanguageFinding } from './language-finding';

/**
 * Passé-composé slips of French learners, which need no dictionary: verbs of motion and change of state
 * take "être" ("nous sommes allés", not "avons allés"), and irregular participles are not built with
 * -u/-é ("pris", not "prendu"). We have no French dictionary, so this is all the check does for French.
 */

const avoirToEtre: Record<string, string> = {
  ai: 'suis',
  as: 'es',
  a: 'est',
  avons: 'sommes',
  avez: 'êtes',
  ont: 'sont',
};

/** Participles of the verbs conjugated with être ("DR MRS VANDERTRAMP"), without agreement endings. */
const etreParticiples = [
  'allé',
  'venu',
  'revenu',
  'devenu',
  'arrivé',
  'parti',
  'entré',
  'sorti',
  'monté',
  'descendu',
  'né',
  'mort',
  'resté',
  'tombé',
  'retourné',
  'rentré',
];
/** These also take avoir with a direct object ("j'ai monté les valises"). */
const transitiveToo = new Set(['monté', 'descendu', 'sorti', 'rentré', 'retourné']);

/** Wrongly regular participles → the right ones. */
const wrongParticiples: Record<string, string> = {
  prendu: 'pris',
  apprendu: 'appris',
  comprendu: 'compris',
  surprendu: 'surpris',
  mettu: 'mis',
  promettu: 'promis',
  faisé: 'fait',
  disé: 'dit',
  écrivé: 'écrit',
  lisé: 'lu',
  voyé: 'vu',
  boivé: 'bu',
  buvé: 'bu',
  ouvri: 'ouvert',
  offri: 'offert',
  avé: 'eu',
  pouvé: 'pu',
  voulé: 'voulu',
  devé: 'dû',
  savé: 'su',
  connaissé: 'connu',
  recevé: 'reçu',
  conduisé: 'conduit',
  mouru: 'mort',
  naissé: 'né',
  venné: 'venu',
  tené: 'tenu',
};

const articles =
  /^\s+(?:le|la|les|l['’]|un|une|des|du|mon|ma|mes|ton|ta|tes|son|sa|ses|notre|nos|votre|vos|leur|leurs)/i;

function finding(message: string, suggestion: string, start: number, quoted: string): LanguageFinding {
  return {
    category: 'grammar',
    rule: 'french-passe-compose',
    title: msg.frenchPasseComposeTitle,
    message,
    suggestion,
    severity: 'minor',
    start,
    end: start + quoted.length,
    quoted,
  };
}

/** Findings for French text (callers pass only the parts written in French or an unknown language). */
export function checkFrenchRules(text: string): LanguageFinding[] {
  const out: LanguageFinding[] = [];
  const participle = `(${etreParticiples.join('|')})(?:e|s|es)?`;
  const withAvoir = new RegExp(`(?<![\\p{L}])(ai|as|a|avons|avez|ont)\\s+${participle}(?![\\p{L}])`, 'giu');
  for (const m of text.matchAll(withAvoir)) {
    const base = m[2]!.toLowerCase();
    if (transitiveToo.has(base) && articles.test(text.slice(m.index + m[0].length))) continue;
    const etre = avoirToEtre[m[1]!.toLowerCase()]!;
    const written = m[0].slice(m[1]!.length).trim();
    out.push(
      finding(msg.frenchEtreAuxiliary(m[0], `${etre} ${written}`), `${etre} ${written}`, m.index, m[0]),
    );
  }
  for (const m of text.matchAll(/(?<![\p{L}])\p{L}+(?![\p{L}])/gu)) {
    const right = wrongParticiples[m[0].toLowerCase()];
    if (right) out.push(finding(msg.frenchParticiple(m[0], right), right, m.index, m[0]));
  }
  return out;
}
