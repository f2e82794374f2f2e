// prettier-ignore
const elements = new Set([
  'H', 'He', 'Li', 'Be', 'B', 'C', 'N', 'O', 'F', 'Ne', 'Na', 'Mg', 'Al', 'Si', 'P', 'S', 'Cl', 'Ar', 'K', 'Ca',
  'Sc', 'Ti', 'V', 'Cr', 'Mn', 'Fe', 'Co', 'Ni', 'Cu', 'Zn', 'Ga', 'Ge', 'As', 'Se', 'Br', 'Kr', 'Rb', 'Sr', 'Y',
  'Zr', 'Nb', 'Mo', 'Tc', 'Ru', 'Rh', 'Pd', 'Ag', 'Cd', 'In', 'Sn', 'Sb', 'Te', 'I', 'Xe', 'Cs', 'Ba', 'La',
  'Ce', 'Pr', 'Nd', 'Pm', 'Sm', 'Eu', 'Gd', 'Tb', 'Dy', 'Ho', 'Er', 'Tm', 'Yb', 'Lu', 'Hf', 'Ta', 'W', 'Re',
  'Os', 'Ir', 'Pt', 'Au', 'Hg', 'Tl', 'Pb', 'Bi', 'Po', 'At', 'Rn', 'Fr', 'Ra', 'Ac', 'Th', 'Pa', 'U', 'Np',
  'Pu', 'Am', 'Cm',
]);

type AtomCounts = Map<string, number>;

const subscripts = '₀₁₂₃₄₅₆₇₈₉';
const plainDigits = (s: string) => s.replace(/[₀-₉]/g, (d) => String(subscripts.indexOf(d)));

/**
 * The atoms in one formula ("Ca(OH)2" -> Ca 1, O 2, H 2), or null when it is not a formula (a word, an
 * unknown symbol). States like "(aq)" and charges are not part of the count.
 */
export function parseFormula(formula: string): AtomCounts | null {
  const f = plainDigits(formula)
    .replace(/\((?:s|l|g|aq)\)$/, '')
    .replace(/[⁺⁻+-]$/, '');
  const stack: AtomCounts[] = [new Map()];
  let i = 0;
  const readCount = () => {
    const m = /^\d+/.exec(f.slice(i));
    if (!m) return 1;
    i += m[0].length;
    return Number(m[0]);
  };
  const add = (into: AtomCounts, from: AtomCounts, times: number) => {
    for (const [el, n] of from) into.set(el, (into.get(el) ?? 0) + n * times);
  };
  while (i < f.length) {
    const c = f[i]!;
    if (c === '(' || c === '[') {
      stack.push(new Map());
      i++;
    } else if (c === ')' || c === ']') {
      if (stack.length < 2) return null;
      i++;
      const group = stack.pop()!;
      add(stack[stack.length - 1]!, group, readCount());
    } else {
      const m = /^[A-Z][a-z]?/.exec(f.slice(i));
      if (!m || !elements.has(m[0])) return null;
      i += m[0].length;
      add(stack[stack.length - 1]!, new Map([[m[0], 1]]), readCount());
    }
  }
  if (stack.length !== 1 || stack[0]!.size === 0) return null;
  return stack[0]!;
}

/**
 * A token that reads as a chemical formula: element symbols with indices, at least two symbols or one index
 * ("MgO", "H2O", "NaCl", "Ca(OH)2"), so that the spell check leaves it alone. Words like "Nina" are not.
 */
export function isChemicalFormula(token: string): boolean {
  if (!/^[A-Z(]/.test(token)) return false;
  const counts = parseFormula(token);
  if (!counts) return false;
  const symbols = token.match(/[A-Z]/g)?.length ?? 0;
  return symbols >= 2 || /[\d₀-₉]/.test(token);
}

type Species = { coefficient: number; formula: string; atoms: AtomCounts };

function parseSide(side: string): Species[] | null {
  const terms = side.split(/\s+\+\s+|(?<=[\w)\]])\+(?=\s*\d*\s*[A-Z(])/);
  const out: Species[] = [];
  for (const raw of terms) {
    const m = /^\s*(\d*)\s*([A-Z([][\w₀-₉()[\]]*(?:\((?:s|l|g|aq)\))?)\s*$/.exec(raw);
    if (!m) return null;
    const atoms = parseFormula(m[2]!);
    if (!atoms) return null;
    out.push({ coefficient: m[1] ? Number(m[1]) : 1, formula: m[2]!, atoms });
  }
  return out.length > 0 ? out : null;
}

function total(side: Species[], coefficients?: number[]): AtomCounts {
  const counts: AtomCounts = new Map();
  side.forEach((s, i) => {
    const k = coefficients ? coefficients[i]! : s.coefficient;
    for (const [el, n] of s.atoms) counts.set(el, (counts.get(el) ?? 0) + n * k);
  });
  return counts;
}

function balanced(left: AtomCounts, right: AtomCounts): boolean {
  const all = new Set([...left.keys(), ...right.keys()]);
  return [...all].every((el) => (left.get(el) ?? 0) === (right.get(el) ?? 0));
}

/** The smallest whole coefficients (up to 8 each, or 6 for five substances) that balance it. */
function balance(left: Species[], right: Species[]): number[] | null {
  const all = [...left, ...right];
  // the search grows with the power of the substances: bounded so a long text stays fast
  if (all.length > 5) return null;
  const most = all.length <= 4 ? 8 : 6;
  const k = all.map(() => 1);
  for (;;) {
    if (balanced(total(left, k.slice(0, left.length)), total(right, k.slice(left.length)))) return k;
    let i = 0;
    while (i < k.length && k[i] === most) k[i++] = 1;
    if (i === k.length) return null;
    k[i]!++;
  }
}

type ReactionFinding = {
  start: number;
  end: number;
  quoted: string;
  /** "links 2 O, rechts 1 O" for each element that does not agree */
  imbalance: { element: string; left: number; right: number }[];
  /** the balanced equation with the smallest coefficients, when one is found */
  balancedEquation: string | null;
};

/** `starts`: where each reaction equation stands, balanced or not, so a task can count its own */
export type ReactionCheck = { equations: number; starts: number[]; findings: ReactionFinding[] };

// a reaction equation: formulas and '+' on both sides of an arrow, on one line
const equationPattern =
  /(?<![\p{L}\d])\d*\s*[A-Z([][\w₀-₉()[\]]*(?:\s*\+\s*\d*\s*[A-Z([][\w₀-₉()[\]]*)*\s*(?:→|->|⟶|=>)\s*\d*\s*[A-Z([][\w₀-₉()[\]]*(?:\s*\+\s*\d*\s*[A-Z([][\w₀-₉()[\]]*)*/gu;

const written = (s: Species[], k: number[]) =>
  s.map((x, i) => `${k[i] === 1 ? '' : `${k[i]} `}${x.formula}`).join(' + ');

type Equation = { start: number; end: number; quoted: string; left: Species[]; right: Species[] };

/** The reaction equations written with formulas; word equations ("Traubenzucker + …") are left out. */
function findEquations(text: string): Equation[] {
  const out: Equation[] = [];
  for (const m of text.matchAll(equationPattern)) {
    const [leftText, rightText] = m[0].split(/→|->|⟶|=>/) as [string, string];
    const left = parseSide(leftText);
    const right = parseSide(rightText);
    if (!left || !right) continue;
    const quoted = m[0].trim();
    const start = m.index + (m[0].length - m[0].trimStart().length);
    out.push({ start, end: start + quoted.length, quoted, left, right });
  }
  return out;
}

/**
 * Finds reaction equations written with formulas ("2 H2 + O2 → 2 H2O") and checks the atom balance. Word
 * equations ("Traubenzucker + Sauerstoff → …") are not parsed and not counted.
 */
export function checkReactionEquations(text: string): ReactionCheck {
  const findings: ReactionFinding[] = [];
  const equations = findEquations(text);
  for (const { left, right, start, end, quoted } of equations) {
    const l = total(left);
    const r = total(right);
    if (balanced(l, r)) continue;
    const all = [...new Set([...l.keys(), ...r.keys()])];
    const imbalance = all
      .filter((el) => (l.get(el) ?? 0) !== (r.get(el) ?? 0))
      .map((element) => ({ element, left: l.get(element) ?? 0, right: r.get(element) ?? 0 }));
    // a balanced form is suggested for the first few; the rest name the elements only (time bound)
    const k = findings.length < 10 ? balance(left, right) : null;
    findings.push({
      start,
      end,
      quoted,
      imbalance,
      balancedEquation: k
        ? `${written(left, k.slice(0, left.length))} → ${written(right, k.slice(left.length))}`
        : null,
    });
  }
  return { equations: equations.length, starts: equations.map((e) => e.start), findings };
}

// "H₂O" and "H2O" are one substance: subscripts as typed or as digits
const substances = (side: Species[]) =>
  side
    .map((s) => plainDigits(s.formula).replace(/\((?:s|l|g|aq)\)$/, ''))
    .sort()
    .join(' + ');

/**
 * Scores an answer against a key that is only reaction equations (point marks aside): each key equation is
 * worth an equal share; the student's equation with the same substances on each side earns it when balanced
 * (with any coefficients that balance it, e.g. doubled) and half of it when not. Null when the key is not
 * made of reaction equations, so the caller scores it as text.
 */
export function scoreReactionEquations(
  keyText: string,
  answer: string,
  max: number,
): { achieved: number; expected: string[] } | null {
  const keyEquations = findEquations(keyText);
  if (keyEquations.length === 0) return null;
  let rest = keyText;
  for (const e of [...keyEquations].reverse()) rest = rest.slice(0, e.start) + rest.slice(e.end);
  // point marks and list labels may stand around the equations, words may not
  if (/\p{L}{3,}/u.test(rest.replace(/\b(?:Punkte?|Pkt|BE|VP)\b/g, ''))) return null;
  const answers = findEquations(answer);
  const share = max / keyEquations.length;
  let achieved = 0;
  for (const k of keyEquations) {
    const same = answers.find(
      (a) => substances(a.left) === substances(k.left) && substances(a.right) === substances(k.right),
    );
    if (!same) continue;
    achieved += balanced(total(same.left), total(same.right)) ? share : share / 2;
  }
  return { achieved: Math.round(achieved * 100) / 100, expected: keyEquations.map((e) => e.quoted) };
}

// rounded molar masses in g/mol as school tables give them
// prettier-ignore
const molarMass: Record<string, number> = {
  H: 1, He: 4, Li: 7, Be: 9, B: 11, C: 12, N: 14, O: 16, F: 19, Ne: 20, Na: 23, Mg: 24, Al: 27, Si: 28, P: 31,
  S: 32, Cl: 35.5, Ar: 40, K: 39, Ca: 40, Cr: 52, Mn: 55, Fe: 56, Co: 59, Ni: 59, Cu: 63.5, Zn: 65, Br: 80,
  Ag: 108, Sn: 119, I: 127, Ba: 137, Au: 197, Hg: 201, Pb: 207,
};

type MolarMassFinding = {
  start: number;
  end: number;
  quoted: string;
  formula: string;
  expected: number;
  written: number;
};

/**
 * Molar masses written as "M(H2O) = 2 · 1 + 16 = 18 g/mol": the result is compared with the sum of the
 * rounded atomic masses (a tolerance of 1 % or 0,6 g/mol allows other rounded tables).
 */
export function checkMolarMasses(text: string): { checked: number; findings: MolarMassFinding[] } {
  const findings: MolarMassFinding[] = [];
  let checked = 0;
  for (const m of text.matchAll(
    /M\s*\(\s*([A-Z][\w₀-₉()]*)\s*\)\s*=[^\n]*?(\d+(?:[.,]\d+)?)\s*g\s*\/\s*mol/g,
  )) {
    const atoms = parseFormula(m[1]!);
    if (!atoms || [...atoms.keys()].some((el) => molarMass[el] === undefined)) continue;
    checked++;
    const expected = [...atoms].reduce((sum, [el, n]) => sum + molarMass[el]! * n, 0);
    const written = Number(m[2]!.replace(',', '.'));
    if (Math.abs(written - expected) <= Math.max(0.6, expected * 0.01)) continue;
    findings.push({
      start: m.index,
      end: m.index + m[0].length,
      quoted: m[0],
      formula: m[1]!,
      expected,
      written,
    });
  }
  return { checked, findings };
}
