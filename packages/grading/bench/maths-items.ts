/**
 * The generator of bench:maths: calculation steps and short solutions as pupils write them (classes 5–10),
 * with one planted error in about half of them. Every value is computed exactly (fractions of integers), and
 * every claim of a solution knows whether it is right, wrong (the planted step) or a follow-on step computed
 * correctly from the wrong value (Folgefehler).
 *
 * Nothing here looks at the engine: the notations are those of school books and exercise books.
 */
import { Rng } from './generate';

// ---------------------------------------------------------------------------------------------------------
// exact numbers

export type Q = { n: number; d: number };

function gcd(a: number, b: number): number {
  if (!Number.isInteger(a) || !Number.isInteger(b)) throw new Error(`not an integer: ${a}, ${b}`);
  while (b !== 0) [a, b] = [b, a % b];
  return Math.abs(a);
}

export function q(n: number, d = 1): Q {
  if (d < 0) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d) || 1;
  return { n: n / g, d: d / g };
}
const add = (a: Q, b: Q) => q(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Q, b: Q) => q(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Q, b: Q) => q(a.n * b.n, a.d * b.d);
const div = (a: Q, b: Q) => q(a.n * b.d, a.d * b.n);
const neg = (a: Q) => q(-a.n, a.d);
const same = (a: Q, b: Q) => a.n === b.n && a.d === b.d;
const isInt = (a: Q) => a.d === 1;
/** a decimal with `places` digits after the comma: dq(245, 2) = 2,45 */
const dq = (scaled: number, places: number) => q(scaled, 10 ** places);

function terminates(x: Q): boolean {
  let d = x.d;
  while (d % 2 === 0) d /= 2;
  while (d % 5 === 0) d /= 5;
  return d === 1;
}

function decimalsOf(x: Q): number {
  let k = 0;
  while (k < 8 && (x.n * 10 ** k) % x.d !== 0) k++;
  return k;
}

/** How one pupil writes numbers: which minus sign, thousands dots, "12,00 €" for whole euros. */
export type Style = { minus: string; thousands: boolean; cents00: boolean; ganze: boolean };

/** German decimal: "4,8", "0,25", "-3"; with `places` at least that many decimals (money: 2) */
function dec(x: Q, s: Style, places = 0): string {
  const k = Math.max(places, decimalsOf(x));
  const scaled = Math.round((Math.abs(x.n) * 10 ** k) / x.d);
  const whole = Math.floor(scaled / 10 ** k);
  const frac = String(scaled % 10 ** k).padStart(k, '0');
  const wholeText =
    s.thousands && whole >= 10000 ? String(whole).replace(/\B(?=(\d{3})+$)/g, '.') : String(whole);
  return `${x.n < 0 ? s.minus : ''}${wholeText}${k > 0 ? `,${frac}` : ''}`;
}

function eur(x: Q, s: Style): string {
  return `${dec(x, s, isInt(x) && !s.cents00 ? 0 : 2)} €`;
}

/** "7/8", "-3/4", "5" */
function frac(x: Q, s: Style): string {
  if (isInt(x)) return dec(x, s);
  return `${x.n < 0 ? s.minus : ''}${Math.abs(x.n)}/${x.d}`;
}

/** "2 1/3" or "2 ganze 1/3" for 7/3; a proper fraction or an integer as they are */
function mixed(x: Q, s: Style): string {
  const whole = Math.trunc(x.n / x.d);
  if (whole === 0 || isInt(x)) return frac(x, s);
  const rest = q(Math.abs(x.n) % x.d, x.d);
  return `${x.n < 0 ? s.minus : ''}${Math.abs(whole)}${s.ganze ? ' ganze' : ''} ${rest.n}/${rest.d}`;
}

// ---------------------------------------------------------------------------------------------------------
// solutions

export type State = 'right' | 'wrong' | 'follow-on';
export type ErrorType = 'result' | 'operation' | 'unit' | 'conversion' | 'base' | 'sign';
export const errorTypes: ErrorType[] = ['result', 'operation', 'unit', 'conversion', 'base', 'sign'];
export const errorTypeNames: Record<ErrorType, string> = {
  result: 'falsches Ergebnis',
  operation: 'falsche Rechenart/-regel',
  unit: 'falsche Einheit',
  conversion: 'Umrechnungsfehler',
  base: 'falscher Grundwert',
  sign: 'Vorzeichenfehler',
};

/** One claim: a part of a line that states a value (the right side of an "=", a "≙" line, an equation line). */
export type Claim = { state: State; from: number; to: number };
export type Line = { text: string; claims: Claim[] };

export type Family =
  | 'Grundrechenart'
  | 'Kette a = b = c'
  | 'Einkauf (€)'
  | 'Größen mit Einheit'
  | 'Umrechnung'
  | 'Bruchrechnung'
  | 'gemischte Zahl'
  | 'Prozent'
  | 'Dreisatz'
  | 'lineare Gleichung'
  | 'pq-Formel'
  | 'quadratische Ergänzung';

export type Item = {
  family: Family;
  error: ErrorType | null;
  lines: Line[];
  /** the right final result as a minimal key writes it */
  key: string;
};

/** a line that states nothing to check (the given equation, "geg.:", an answer sentence) */
const given = (text: string): Line => ({ text, claims: [] });
/** a line that is one claim as a whole (an equation line, a "≙" line) */
const whole = (text: string, state: State): Line => ({ text, claims: [{ state, from: 0, to: text.length }] });

/**
 * "a = b = c": parts[0] is the left side, each further part the right side of one "=" (or "≈"); the first
 * claim spans the left side and its right side, each further claim its sign and right side.
 */
function chain(parts: string[], states: State[], signs: string[] = []): Line {
  let text = parts[0]!;
  const claims: Claim[] = [];
  for (let i = 1; i < parts.length; i++) {
    const from = i === 1 ? 0 : text.length;
    text += ` ${signs[i - 1] ?? '='} ${parts[i]}`;
    claims.push({ state: states[i - 1]!, from, to: text.length });
  }
  return { text, claims };
}

/** the same line with a label before it ("Kosten: "), its claims moved along */
function labelled(label: string, line: Line): Line {
  if (!label) return line;
  return {
    text: label + line.text,
    claims: line.claims.map((c, i) => ({
      ...c,
      from: i === 0 ? 0 : c.from + label.length,
      to: c.to + label.length,
    })),
  };
}

/** states of n steps where step `wrongAt` is the planted one and later steps build on it */
function states(n: number, wrongAt: number | null): State[] {
  return Array.from({ length: n }, (_, i) =>
    wrongAt === null || i < wrongAt ? 'right' : i === wrongAt ? 'wrong' : 'follow-on',
  );
}

// ---------------------------------------------------------------------------------------------------------
// planted slips

/** a plausible slip of a decimal or whole number: last digit ±1, ±10 units, two digits swapped, comma shifted */
function slip(rng: Rng, v: Q, places = decimalsOf(v)): Q {
  const unit = q(1, 10 ** places);
  const scaled = Math.round((Math.abs(v.n) * 10 ** places) / v.d);
  const digits = String(scaled);
  const options: Q[] = [add(v, unit), sub(v, unit), add(v, mul(unit, q(10))), sub(v, mul(unit, q(10)))];
  if (digits.length >= 2 && digits.at(-1) !== digits.at(-2)) {
    const swapped = digits.slice(0, -2) + digits.at(-1)! + digits.at(-2)!;
    options.push(q(Math.sign(v.n) * Number(swapped), 10 ** places));
  }
  if (places <= 2) options.push(mul(v, q(10)));
  const candidates = options.filter(
    (o) => !same(o, v) && Math.sign(o.n) === Math.sign(v.n) && o.n !== 0 && terminates(o),
  );
  return candidates.length > 0 ? rng.pick(candidates) : add(v, unit);
}

/** a slip in a fraction: numerator or denominator one off */
function slipFraction(rng: Rng, v: Q): Q {
  const options = [q(v.n + 1, v.d), q(v.n - 1, v.d), q(v.n, v.d + 1)];
  if (v.d > 2) options.push(q(v.n, v.d - 1));
  const candidates = options.filter((o) => !same(o, v) && !isInt(o) && Math.sign(o.n) === Math.sign(v.n));
  return candidates.length > 0 ? rng.pick(candidates) : q(v.n + v.d + 1, v.d);
}

// ---------------------------------------------------------------------------------------------------------
// families

type Gen = (
  rng: Rng,
  s: Style,
  error: ErrorType | null,
) => Omit<Item, 'family' | 'error'> & {
  /** the error actually planted (a family may fall back to another when the asked one does not fit) */
  planted?: ErrorType | null;
};

const opSign = { '+': '+', '-': '-', '·': '·', ':': ':' } as const;
type Op = keyof typeof opSign;
const apply = (op: Op, a: Q, b: Q) =>
  op === '+' ? add(a, b) : op === '-' ? sub(a, b) : op === '·' ? mul(a, b) : div(a, b);
const sym = (op: Op, s: Style) => (op === '-' ? s.minus : opSign[op]);
/** an operand after an operator: negative numbers in brackets */
const operand = (text: string, x: Q) => (x.n < 0 ? `(${text})` : text);

const arith: Gen = (rng, s, error) => {
  const op = rng.pick(['+', '-', '·', ':'] as const);
  const decimal = rng.chance(0.35);
  const number = (lo: number, hi: number) =>
    decimal ? dq(rng.int(lo * 10, hi * 10) + 1, rng.int(1, 2)) : q(rng.int(lo, hi));
  let a: Q;
  let b: Q;
  if (op === '+' || op === '-') {
    a = number(12, 999);
    b = number(12, 999);
    const negativeResult = (op === '-' && error === 'sign') || rng.chance(0.12);
    if (op === '-' && a.n / a.d > b.n / b.d === negativeResult) [a, b] = [b, a];
  } else if (op === '·') {
    a = decimal ? dq(rng.int(11, 99), 1) : q(rng.int(2, 99));
    b = q(rng.int(2, 19));
  } else {
    b = q(rng.int(2, 12));
    a = mul(decimal ? dq(rng.int(11, 99), 1) : q(rng.int(2, 99)), b);
  }
  // a negative factor now and then, and always for a sign slip outside a subtraction
  if ((op === '·' || op === ':' || op === '+') && (rng.chance(0.12) || (error === 'sign' && op !== '+')))
    a = neg(a);
  if (op === '+' && error === 'sign' && a.n > 0) a = neg(a);
  const right = apply(op, a, b);
  let written = right;
  let planted = error;
  if (error === 'operation') {
    const other: Op = { '+': '·', '-': '+', '·': '+', ':': '-' }[op] as Op;
    written = apply(other, a, b);
  } else if (error === 'sign') {
    written = neg(right);
  }
  if (error === 'result' || (error !== null && same(written, right))) {
    written = slip(rng, right);
    planted = 'result';
  }
  const text = `${dec(a, s)} ${sym(op, s)} ${operand(dec(b, s), b)} = ${dec(written, s)}`;
  return { lines: [whole(text, error ? 'wrong' : 'right')], key: dec(right, s), planted };
};

/** one operation node of a chain: a · b, (a + b), … */
type Node = { op: Op; l: Node | Q; r: Node | Q };
const isQ = (x: Node | Q): x is Q => 'n' in x;
const prec = (op: Op) => (op === '+' || op === '-' ? 1 : 2);
function render(x: Node | Q, s: Style, num: (v: Q) => string, parentPrec = 0, right = false): string {
  if (isQ(x)) return x.n < 0 && parentPrec > 0 ? `(${num(x)})` : num(x);
  const p = prec(x.op);
  const text = `${render(x.l, s, num, p)} ${sym(x.op, s)} ${render(x.r, s, num, p, true)}`;
  return p < parentPrec || (right && p === parentPrec && (x.op === '-' || x.op === ':' || p === 1))
    ? `(${text})`
    : text;
}
function evaluate(x: Node | Q): Q {
  return isQ(x) ? x : apply(x.op, evaluate(x.l), evaluate(x.r));
}
/** one step as pupils write it: every operation whose operands are numbers is worked out at once */
function reduce(x: Node | Q, change?: (v: Q) => Q): Node | Q {
  if (isQ(x)) return x;
  if (isQ(x.l) && isQ(x.r)) {
    const v = apply(x.op, x.l, x.r);
    return change ? change(v) : v;
  }
  return { op: x.op, l: reduce(x.l, change), r: reduce(x.r, change) };
}

const chainItem: Gen = (rng, s, error) => {
  const n = (lo: number, hi: number) => q(rng.int(lo, hi));
  const decimal = rng.chance(0.3);
  const small = () => (decimal && rng.chance(0.5) ? dq(rng.int(11, 49), 1) : n(2, 12));
  let tree: Node;
  switch (rng.int(0, 4)) {
    case 0: // c + a · b
      tree = { op: '+', l: n(2, 60), r: { op: '·', l: small(), r: n(2, 12) } };
      break;
    case 1: {
      // (a + b) : c
      const c = n(2, 9);
      const sum = mul(c, n(2, 15));
      const a = q(rng.int(1, sum.n - 1));
      tree = { op: ':', l: { op: '+', l: a, r: sub(sum, a) }, r: c };
      break;
    }
    case 2: // a · b − c · d
      tree = { op: '-', l: { op: '·', l: small(), r: n(2, 12) }, r: { op: '·', l: n(2, 9), r: n(2, 9) } };
      break;
    case 3: // a · b + c · d − e
      tree = {
        op: '-',
        l: { op: '+', l: { op: '·', l: n(2, 12), r: n(2, 12) }, r: { op: '·', l: small(), r: n(2, 9) } },
        r: n(2, 40),
      };
      break;
    default: // a · (b − c) + d
      tree = {
        op: '+',
        l: { op: '·', l: n(2, 9), r: { op: '-', l: n(10, 40), r: n(1, 9) } },
        r: n(2, 30),
      };
  }
  const num = (v: Q) => dec(v, s);
  // the pupil's steps; a wrong step changes the value from there on
  const parts = [render(tree, s, num)];
  const links: (Node | Q)[] = [];
  for (let x: Node | Q = tree; !isQ(x);) {
    x = reduce(x);
    links.push(x);
  }
  let planted = error;
  let wrongAt: number | null = null;
  let pupil: (Node | Q)[] = links;
  if (error === 'operation' && !isQ(tree.r) && tree.op === '+' && prec(tree.r.op) === 2) {
    // "Punkt vor Strich" broken: c + a · b worked out from the left
    const wrongTree: Node = { op: tree.r.op, l: { op: '+', l: tree.l, r: tree.r.l }, r: tree.r.r };
    pupil = [];
    for (let x: Node | Q = wrongTree; !isQ(x);) {
      x = reduce(x);
      pupil.push(x);
    }
    wrongAt = 0;
  } else if (error !== null) {
    planted = 'result';
    wrongAt = rng.int(0, links.length - 1);
    pupil = links.slice(0, wrongAt);
    let x: Node | Q = wrongAt === 0 ? tree : links[wrongAt - 1]!;
    // one of the operations worked out in this step slips
    let slipped = false;
    x = reduce(x, (v) => {
      if (slipped) return v;
      slipped = true;
      return slip(rng, v);
    });
    pupil.push(x);
    while (!isQ(x)) {
      x = reduce(x);
      pupil.push(x);
    }
  }
  for (const x of pupil) parts.push(render(x, s, num));
  const st = states(pupil.length, wrongAt);
  return { lines: [chain(parts, st)], key: num(evaluate(tree)), planted };
};

const goods = [
  ['Heft', 'Hefte', [79, 249]],
  ['Stift', 'Stifte', [49, 199]],
  ['Brötchen', 'Brötchen', [25, 89]],
  ['Eintrittskarte', 'Eintrittskarten', [450, 1850]],
  ['Packung Saft', 'Packungen Saft', [89, 299]],
  ['Buch', 'Bücher', [699, 2499]],
] as const;

const shopping: Gen = (rng, s, error) => {
  const [, plural, [lo, hi]] = rng.pick(goods);
  const count = q(rng.int(2, 9));
  const price = dq(rng.int(lo, hi), 2);
  const cost = mul(count, price);
  const note = q(rng.pick([10, 20, 50, 100, 200, 500].filter((v) => v > cost.n / cost.d + 1)));
  const change = sub(note, cost);
  let planted: ErrorType | null = error === 'operation' ? 'operation' : error ? 'result' : null;
  let wrongAt: number | null = null;
  let writtenCost = cost;
  let writtenChange = change;
  if (planted === 'operation') {
    writtenCost = add(count, price);
    wrongAt = 0;
  } else if (planted === 'result') {
    wrongAt = rng.int(0, 1);
    if (wrongAt === 0) writtenCost = slip(rng, cost, 2);
    else writtenChange = slip(rng, change, 2);
  }
  if (writtenCost.n / writtenCost.d >= note.n / note.d) {
    // the slip made the cost larger than the note: slip the change instead
    writtenCost = cost;
    writtenChange = slip(rng, change, 2);
    wrongAt = 1;
    planted = 'result';
  }
  if (wrongAt === 0) writtenChange = sub(note, writtenCost);
  const st = states(2, wrongAt);
  const labels = rng.chance(0.6);
  const lines = [
    labelled(
      labels ? rng.pick(['Kosten: ', 'Preis: ', `${plural}: `]) : '',
      chain([`${dec(count, s)} · ${eur(price, s)}`, eur(writtenCost, s)], [st[0]!]),
    ),
    labelled(
      labels ? rng.pick(['Rückgeld: ', 'Wechselgeld: ']) : '',
      chain([`${eur(note, s)} ${s.minus} ${eur(writtenCost, s)}`, eur(writtenChange, s)], [st[1]!]),
    ),
  ];
  if (rng.chance(0.4)) lines.push(given(`A: Sie bekommt ${eur(writtenChange, s)} zurück.`));
  return { lines, key: eur(change, s), planted };
};

type UnitPair = { big: string; small: string; factor: number };
const unitPairs: UnitPair[] = [
  { big: 'km', small: 'm', factor: 1000 },
  { big: 'm', small: 'cm', factor: 100 },
  { big: 'kg', small: 'g', factor: 1000 },
  { big: 'l', small: 'ml', factor: 1000 },
  { big: 'h', small: 'min', factor: 60 },
];

/** the wrong factor pupils use: 100 for hours, else a power of ten too few or too many */
const wrongFactor = (rng: Rng, p: UnitPair) =>
  p.factor === 60 ? 100 : rng.pick([p.factor / 10, p.factor * 10]);

function bigValue(rng: Rng, p: UnitPair): Q {
  if (p.factor === 60)
    return rng.pick([q(1, 4), q(1, 2), q(3, 4), q(3, 2), q(9, 4), q(5, 2), q(rng.int(1, 5))]);
  return dq(rng.int(1, 999), rng.int(0, 2));
}

const conversion: Gen = (rng, s, error) => {
  const p = rng.pick(unitPairs);
  const big = bigValue(rng, p);
  const small = mul(big, q(p.factor));
  const down = rng.chance(0.55);
  const planted: ErrorType | null =
    error === 'conversion' || error === 'unit' ? 'conversion' : error ? 'result' : null;
  const right = down ? small : big;
  let written = right;
  if (planted === 'conversion') {
    const f = q(wrongFactor(rng, p));
    written = down ? mul(big, f) : div(small, f);
  } else if (planted === 'result') {
    written = slip(rng, right);
  }
  const [fromValue, fromUnit, toUnit] = down ? [big, p.big, p.small] : [small, p.small, p.big];
  // now and then a chain on to a third unit: "3,5 km = 3500 m = 350000 cm"
  if (p.big === 'km' && down && rng.chance(0.4)) {
    const st = states(2, planted ? 0 : null);
    const line = chain(
      [
        `${dec(fromValue, s)} ${fromUnit}`,
        `${dec(written, s)} ${toUnit}`,
        `${dec(mul(written, q(100)), s)} cm`,
      ],
      st,
    );
    return { lines: [line], key: `${dec(mul(right, q(100)), s)} cm`, planted };
  }
  const line = chain(
    [`${dec(fromValue, s)} ${fromUnit}`, `${dec(written, s)} ${toUnit}`],
    [planted ? 'wrong' : 'right'],
  );
  return { lines: [line], key: `${dec(right, s)} ${toUnit}`, planted };
};

const quantities: Gen = (rng, s, error) => {
  const kind = rng.int(0, 2);
  if (kind === 0) {
    // n · 250 g = 750 g
    const unit = rng.pick(['g', 'kg', 'ml', 'l', 'm', 'cm', 'km', 'min']);
    const count = q(rng.int(2, 12));
    const each =
      unit === 'kg' || unit === 'l' || unit === 'km' ? dq(rng.int(2, 95), 1) : q(rng.int(2, 60) * 5);
    const right = mul(count, each);
    let written = right;
    let writtenUnit = unit;
    let planted: ErrorType | null =
      error === 'unit' || error === 'conversion' ? 'unit' : error ? 'result' : null;
    if (planted === 'unit') {
      const other = { g: 'kg', kg: 'g', ml: 'l', l: 'ml', m: 'km', cm: 'm', km: 'm', min: 'h' }[unit]!;
      writtenUnit = other;
    } else if (error === 'operation') {
      written = add(count, each);
      planted = 'operation';
    } else if (planted === 'result') written = slip(rng, right);
    const line = chain(
      [`${dec(count, s)} · ${dec(each, s)} ${unit}`, `${dec(written, s)} ${writtenUnit}`],
      [planted ? 'wrong' : 'right'],
    );
    return { lines: [line], key: `${dec(right, s)} ${unit}`, planted };
  }
  if (kind === 1) {
    // a speed: 180 km : 2 h = 90 km/h
    const hours = rng.pick([q(2), q(3), q(4), q(3, 2), q(5, 2), q(1, 2)]);
    const speed = q(rng.int(3, 24) * 5);
    const distance = mul(speed, hours);
    let written = speed;
    let unit = 'km/h';
    let planted: ErrorType | null =
      error === 'unit' || error === 'conversion' ? 'unit' : error ? 'result' : null;
    if (planted === 'unit') unit = rng.pick(['km', 'h']);
    else if (error === 'operation') {
      written = mul(distance, hours);
      planted = 'operation';
    } else if (planted === 'result') written = slip(rng, speed);
    const line = chain(
      [`${dec(distance, s)} km : ${dec(hours, s)} h`, `${dec(written, s)} ${unit}`],
      [planted ? 'wrong' : 'right'],
    );
    return { lines: [line], key: `${dec(speed, s)} km/h`, planted };
  }
  // a sum of two units: 2,5 m + 80 cm = 3,3 m
  const p = rng.pick(unitPairs.filter((u) => u.factor !== 60));
  const a = dq(rng.int(11, 99), 1);
  const b = q(rng.int(1, 9) * (p.factor / 10) + (p.factor === 100 ? 0 : rng.int(0, 9) * 5));
  const right = add(a, div(b, q(p.factor)));
  let written = right;
  let planted: ErrorType | null =
    error === 'unit' || error === 'conversion' ? 'conversion' : error ? 'result' : null;
  if (planted === 'conversion') written = add(a, div(b, q(wrongFactor(rng, p))));
  else if (error === 'operation') {
    written = add(a, b);
    planted = 'operation';
  } else if (planted === 'result') written = slip(rng, right);
  if (same(written, right) && planted) {
    written = slip(rng, right);
    planted = 'result';
  }
  const line = chain(
    [`${dec(a, s)} ${p.big} + ${dec(b, s)} ${p.small}`, `${dec(written, s)} ${p.big}`],
    [planted ? 'wrong' : 'right'],
  );
  return { lines: [line], key: `${dec(right, s)} ${p.big}`, planted };
};

const fractions: Gen = (rng, s, error) => {
  const kind = rng.pick(['add', 'add', 'mul', 'div'] as const);
  const f = () => {
    const d = rng.pick([2, 3, 4, 5, 6, 8, 9, 10, 12]);
    return q(rng.int(1, d - 1), d);
  };
  const a = f();
  let b = f();
  while (kind === 'add' && a.d === b.d) b = f();
  const minus = kind === 'add' && rng.chance(0.4);
  if (minus && a.n * b.d < b.n * a.d) b = q(b.n, b.d); // keep a − b positive below
  const [x, y] = minus && a.n * b.d < b.n * a.d ? [b, a] : [a, b];
  const raw = (n: number, d: number) => `${n}/${d}`;
  let planted = error;
  const parts: string[] = [];
  let st: State[] = [];
  let right: Q;
  if (kind === 'add') {
    const l = (x.d * y.d) / gcd(x.d, y.d);
    const xn = (x.n * l) / x.d;
    const yn = (y.n * l) / y.d;
    const opText = minus ? s.minus : '+';
    right = minus ? sub(x, y) : add(x, y);
    const sumN = minus ? xn - yn : xn + yn;
    parts.push(`${frac(x, s)} ${opText} ${frac(y, s)}`);
    if (error === 'operation') {
      // numerators and denominators added (subtracted) separately
      const n = minus ? x.n - y.n : x.n + y.n;
      const d = minus ? Math.abs(x.d - y.d) : x.d + y.d;
      parts.push(n > 0 && d > 0 ? raw(n, d) : raw(x.n + y.n, x.d + y.d));
      st = ['wrong'];
    } else {
      // expanded to the common denominator, then added; reduced when it can be
      let n2 = sumN;
      let wrongAt: number | null = null;
      let expandedX = xn;
      if (error) {
        planted = 'result';
        wrongAt = rng.int(0, 1);
        if (wrongAt === 0) {
          expandedX = xn + rng.pick([1, -1].filter((dlt) => xn + dlt > (minus ? yn : 0)));
          n2 = minus ? expandedX - yn : expandedX + yn;
        } else n2 = sumN + rng.pick([1, -1].filter((dlt) => sumN + dlt > 0));
      }
      parts.push(`${raw(expandedX, l)} ${opText} ${raw(yn, l)}`, raw(n2, l));
      st = states(2, wrongAt);
      const reduced = q(n2, l);
      if (reduced.d !== l && rng.chance(0.6)) {
        parts.push(frac(reduced, s));
        st.push(wrongAt === null ? 'right' : 'follow-on');
      }
    }
  } else if (kind === 'mul') {
    right = mul(x, y);
    parts.push(`${frac(x, s)} · ${frac(y, s)}`);
    let n = x.n * y.n;
    const d = x.d * y.d;
    let wrongAt: number | null = null;
    if (error === 'operation') {
      // multiplied crosswise
      parts.push(raw(x.n * y.d, x.d * y.n));
      st = ['wrong'];
    } else {
      if (error) {
        planted = 'result';
        wrongAt = rng.int(0, 1);
        if (wrongAt === 0) n += rng.pick([1, -1].filter((dlt) => n + dlt > 0));
      }
      parts.push(raw(n, d));
      st = states(1, wrongAt);
      if (q(n, d).d !== d || wrongAt === 1) {
        const reduced = wrongAt === 1 ? slipFraction(rng, q(n, d)) : q(n, d);
        parts.push(frac(reduced, s));
        st = states(2, wrongAt);
      }
    }
  } else {
    right = div(x, y);
    parts.push(`${frac(x, s)} : ${frac(y, s)}`);
    let wrongAt: number | null = null;
    if (error === 'operation') {
      // multiplied without taking the reciprocal
      parts.push(`${frac(x, s)} · ${frac(y, s)}`, raw(x.n * y.n, x.d * y.d));
      st = ['wrong', 'follow-on'];
    } else {
      let n = x.n * y.d;
      if (error) {
        planted = 'result';
        wrongAt = 1;
        n += rng.pick([1, -1].filter((dlt) => n + dlt > 0));
      }
      parts.push(`${frac(x, s)} · ${raw(y.d, y.n)}`, raw(n, x.d * y.n));
      st = states(2, wrongAt);
    }
  }
  if (planted === 'sign' || planted === 'unit' || planted === 'conversion' || planted === 'base')
    planted = 'result';
  return { lines: [chain(parts, st)], key: frac(right, s), planted };
};

const mixedNumbers: Gen = (rng, s, error) => {
  const m = () => {
    const d = rng.pick([2, 3, 4, 5, 6, 8]);
    return q(rng.int(1, 4) * d + rng.int(1, d - 1), d);
  };
  const a = m();
  const kind = rng.pick(['add', 'times', 'improper'] as const);
  const parts: string[] = [];
  let st: State[];
  let planted = error;
  let right: Q;
  if (kind === 'improper') {
    // 2 1/3 = 7/3
    right = a;
    parts.push(mixed(a, s));
    const written = error ? slipFraction(rng, a) : a;
    parts.push(`${written.n}/${written.d}`);
    st = [error ? 'wrong' : 'right'];
    planted = error ? 'result' : null;
  } else if (kind === 'times') {
    const k = q(rng.int(2, 5));
    right = mul(a, k);
    parts.push(`${mixed(a, s)} · ${dec(k, s)}`);
    if (error === 'operation') {
      // only the whole part multiplied
      const w = Math.trunc(a.n / a.d);
      parts.push(mixed(add(q(w * k.n), sub(a, q(w))), s));
      st = ['wrong'];
    } else {
      const impro = `${a.n}/${a.d}`;
      let n = a.n * k.n;
      let wrongAt: number | null = null;
      if (error) {
        planted = 'result';
        wrongAt = rng.int(1, 2);
        if (wrongAt === 1) n += rng.pick([1, -1]);
      }
      let result = q(n, a.d);
      if (wrongAt === 2) result = slipFraction(rng, result);
      parts.push(`${impro} · ${dec(k, s)}`, `${n}/${a.d}`, mixed(result, s));
      st = states(3, wrongAt);
      if (same(q(n, a.d), result) && wrongAt === 2) st = states(3, null);
    }
  } else {
    let b = m();
    while (b.d === a.d) b = m();
    right = add(a, b);
    const l = (a.d * b.d) / gcd(a.d, b.d);
    const wa = Math.trunc(a.n / a.d);
    const wb = Math.trunc(b.n / b.d);
    const ra = ((a.n % a.d) * l) / a.d;
    const rb = ((b.n % b.d) * l) / b.d;
    parts.push(`${mixed(a, s)} + ${mixed(b, s)}`);
    const expanded = (w: number, r: number) => `${w}${s.ganze ? ' ganze' : ''} ${r}/${l}`;
    if (error === 'operation') {
      // whole parts added, fractions added numerator and denominator
      parts.push(mixed(add(q(wa + wb), q((a.n % a.d) + (b.n % b.d), a.d + b.d)), s));
      st = ['wrong'];
    } else {
      let sumR = ra + rb;
      let wrongAt: number | null = null;
      if (error) {
        planted = 'result';
        wrongAt = 1;
        sumR += rng.pick([1, -1]);
      }
      parts.push(`${expanded(wa, ra)} + ${expanded(wb, rb)}`, mixed(add(q(wa + wb), q(sumR, l)), s));
      st = states(2, wrongAt);
    }
  }
  if (planted !== null && planted !== 'operation') planted = 'result';
  return { lines: [chain(parts, st)], key: mixed(right, s), planted };
};

const percents: Gen = (rng, s, error) => {
  const kind = error === 'base' ? rng.int(4, 5) : rng.int(0, 5);
  const p = q(rng.pick([5, 10, 12, 15, 20, 25, 30, 40, 50, 60, 75, 2, 3, 8, 35, 45]));
  const base = q(rng.int(2, 60) * 20);
  const share = div(mul(p, base), q(100));
  let planted = error;
  if (kind === 0 || kind === 1) {
    // 15 % von 80 € = 12 €, or 80 € · 0,15 = 12 €
    let written = share;
    if (error === 'operation') written = div(base, p);
    else if (error) {
      planted = 'result';
      written = slip(rng, share);
    }
    if (!terminates(written)) written = roundedDecValue(written);
    const left =
      kind === 0 ? `${dec(p, s)} % von ${eur(base, s)}` : `${eur(base, s)} · ${dec(div(p, q(100)), s)}`;
    return {
      lines: [chain([left, eur(written, s)], [error ? 'wrong' : 'right'])],
      key: eur(share, s),
      planted,
    };
  }
  if (kind === 2) {
    // the percent rate: 12 € : 80 € = 0,15 = 15 %
    const rate = div(p, q(100));
    let written = rate;
    let wrongAt: number | null = null;
    if (error === 'operation') {
      written = div(base, share);
      wrongAt = 0;
    } else if (error) {
      planted = 'result';
      wrongAt = rng.int(0, 1);
      if (wrongAt === 0) written = slip(rng, rate);
    }
    let percent = mul(written, q(100));
    if (wrongAt === 1) percent = slip(rng, percent);
    const ok = terminates(written) && terminates(percent);
    if (!ok) {
      written = rate;
      percent = slip(rng, mul(rate, q(100)));
      wrongAt = error ? 1 : null;
      planted = error ? 'result' : null;
    }
    return {
      lines: [
        chain(
          [`${eur(share, s)} : ${eur(base, s)}`, dec(written, s), `${dec(percent, s)} %`],
          states(2, wrongAt),
        ),
      ],
      key: `${dec(p, s)} %`,
      planted,
    };
  }
  if (kind === 3) {
    // a discount in two lines: the discount, then the new price
    let written = share;
    let wrongAt: number | null = null;
    if (error) {
      planted = error === 'operation' ? 'operation' : 'result';
      wrongAt = planted === 'operation' ? 1 : rng.int(0, 1);
      if (wrongAt === 0) written = slip(rng, share);
    }
    const price = wrongAt === 1 && planted === 'operation' ? add(base, written) : sub(base, written);
    const finalPrice = wrongAt === 1 && planted === 'result' ? slip(rng, price, 2) : price;
    const st = states(2, wrongAt);
    const lines = [
      labelled('Rabatt: ', chain([`${dec(p, s)} % von ${eur(base, s)}`, eur(written, s)], [st[0]!])),
      labelled(
        'Neuer Preis: ',
        chain(
          [
            `${eur(base, s)} ${planted === 'operation' ? '+' : s.minus} ${eur(written, s)}`,
            eur(finalPrice, s),
          ],
          [st[1]!],
        ),
      ),
    ];
    return { lines, key: eur(sub(base, share), s), planted };
  }
  // the base is the reduced (kind 4) or the gross price (kind 5): "geg.:" and "ges.:" as in the exercise book
  const vat = kind === 5;
  const rate = vat ? q(19) : rng.pick([q(10), q(20), q(25), q(40)]);
  const original = vat ? q(rng.int(2, 60) * 100) : q(rng.int(2, 40) * 20);
  const changed = vat ? mul(original, q(119, 100)) : mul(original, sub(q(1), div(rate, q(100))));
  const lines = vat
    ? [given(`geg.: Preis mit ${dec(rate, s)} % MwSt.: ${eur(changed, s)}`), given('ges.: Preis ohne MwSt.')]
    : [given(`geg.: Preis nach ${dec(rate, s)} % Rabatt: ${eur(changed, s)}`), given('ges.: Preis vorher')];
  const grundwert = vat ? q(119) : sub(q(100), rate);
  if (error === 'base') {
    // the percent taken of the given price instead of the unknown one
    const wrongShare = div(mul(rate, changed), q(100));
    const w = terminates(wrongShare) ? wrongShare : roundedDecValue(wrongShare);
    lines.push(
      chain([`${dec(rate, s)} % von ${eur(changed, s)}`, eur(w, s)], ['wrong']),
      chain(
        [
          `${eur(changed, s)} ${vat ? s.minus : '+'} ${eur(w, s)}`,
          eur(vat ? sub(changed, w) : add(changed, w), s),
        ],
        ['follow-on'],
      ),
    );
    return { lines, key: eur(original, s), planted: 'base' };
  }
  const onePercent = div(changed, grundwert);
  let writtenOne = onePercent;
  let wrongAt: number | null = null;
  if (error) {
    planted = 'result';
    wrongAt = rng.int(0, 1);
    if (wrongAt === 0) writtenOne = slip(rng, onePercent, 2);
  }
  let result = mul(writtenOne, q(100));
  if (wrongAt === 1) result = slip(rng, result, 2);
  lines.push(
    given(`${dec(grundwert, s)} % ≙ ${eur(changed, s)}`),
    whole(`1 % ≙ ${eur(writtenOne, s)}`, states(2, wrongAt)[0]!),
    whole(`100 % ≙ ${eur(result, s)}`, states(2, wrongAt)[1]!),
  );
  return { lines, key: eur(original, s), planted };
};

/** a value rounded to cents, as pupils round money */
function roundedDecValue(x: Q): Q {
  return q(Math.round((x.n * 100) / x.d), 100);
}

const units3 = [
  ['Heft', 'Hefte'],
  ['kg Äpfel', 'kg Äpfel'],
  ['l Milch', 'l Milch'],
  ['Brötchen', 'Brötchen'],
  ['Stunde', 'Stunden'],
] as const;

const ruleOfThree: Gen = (rng, s, error) => {
  const sign = rng.chance(0.85) ? '≙' : '=';
  const notes = rng.chance(0.3);
  const percent = rng.chance(0.5);
  let planted: ErrorType | null = error === 'operation' ? 'operation' : error ? 'result' : null;
  let from: Q, to: Q, per: Q;
  let name = (_x: Q) => '%';
  let value = (x: Q) => eur(x, s);
  if (percent) {
    from = q(100);
    to = q(
      rng.pick([2, 3, 4, 5, 6, 8, 12, 15, 16, 18, 24, 25, 36, 45, 48, 60, 75, 96, 120]) * 10 ** rng.int(0, 2),
    );
    per = q(rng.pick([3, 5, 7, 12, 15, 19, 20, 35, 40, 65, 80, 110, 125]));
  } else {
    const [one, many] = rng.pick(units3);
    name = (x: Q) => (same(x, q(1)) ? one : many);
    from = q(rng.int(2, 8));
    // a price per piece, kilogram or litre; for hours a distance per hour
    const unitPrice = one === 'Stunde' ? dq(rng.int(30, 1200), 1) : dq(rng.int(15, 480), 2);
    to = mul(from, unitPrice);
    per = q(rng.int(2, 12));
    if (same(per, from)) per = add(per, q(1));
    if (one === 'Stunde') value = (x: Q) => `${dec(x, s)} km`;
  }
  const unitValue = div(to, from);
  let writtenUnit = unitValue;
  let wrongAt: number | null = null;
  if (planted === 'operation') {
    writtenUnit = mul(to, from);
    wrongAt = 0;
  } else if (planted === 'result') {
    wrongAt = rng.int(0, 1);
    if (wrongAt === 0) writtenUnit = slip(rng, unitValue, Math.max(2, decimalsOf(unitValue)));
  }
  let result = mul(writtenUnit, per);
  if (wrongAt === 1) result = slip(rng, result, Math.max(2, decimalsOf(result)));
  const st = states(2, wrongAt);
  const note = (text: string) => (notes ? `   | ${text}` : '');
  const lines = [
    given(`${dec(from, s)} ${name(from)} ${sign} ${value(to)}${note(`: ${dec(from, s)}`)}`),
    whole(`1 ${name(q(1))} ${sign} ${value(writtenUnit)}${note(`· ${dec(per, s)}`)}`, st[0]!),
    whole(`${dec(per, s)} ${name(per)} ${sign} ${value(result)}`, st[1]!),
  ];
  if (planted !== null && planted !== 'operation') planted = 'result';
  return { lines, key: value(mul(unitValue, per)), planted };
};

/** "3x", "-x", "x" */
function term(coef: Q, s: Style, v = 'x'): string {
  if (same(coef, q(1))) return v;
  if (same(coef, q(-1))) return `${s.minus}${v}`;
  return `${isInt(coef) ? dec(coef, s) : frac(coef, s)}${v}`;
}
/** "+ 5", "- 5" after a term */
const signed = (
  x: Q,
  s: Style,
  text = isInt(x) ? dec(q(Math.abs(x.n)), s) : frac(q(Math.abs(x.n), x.d), s),
) => `${x.n < 0 ? s.minus : '+'} ${text}`;
const value = (x: Q, s: Style) => (terminates(x) ? dec(x, s) : frac(x, s));

const linear: Gen = (rng, s, error) => {
  const notes = rng.chance(0.6);
  const note = (text: string) => (notes ? ` | ${text}` : '');
  const solution = q(rng.int(-9, 15) || 4);
  const a = q(rng.int(2, 9));
  const kind = rng.int(0, 2);
  const lines: Line[] = [];
  const planted: ErrorType | null =
    error === 'sign' || error === 'operation' ? error : error ? 'result' : null;
  // each step as (a·x = b): the pupil's line values
  let st: State[];
  if (kind === 2) {
    // k(x − m) = c·x + e
    const k = q(rng.int(2, 6));
    const m = q(rng.int(1, 9));
    const c = q(rng.int(1, k.n - 1) || 1);
    const e = sub(mul(k, sub(solution, m)), mul(c, solution));
    const km = mul(k, m);
    lines.push(given(`${dec(k, s)}(x ${s.minus} ${dec(m, s)}) = ${term(c, s)} ${signed(e, s)}`));
    let writtenKm = neg(km);
    let wrongAt: number | null = null;
    if (planted) {
      wrongAt = 0;
      if (planted === 'sign') writtenKm = km;
      else if (planted === 'operation') writtenKm = neg(add(k, m));
      else writtenKm = neg(slip(rng, km));
      if (same(writtenKm, neg(km))) writtenKm = km;
    }
    const ac = sub(k, c);
    const rhs = sub(e, writtenKm);
    const x = div(rhs, ac);
    st = states(3, wrongAt);
    lines.push(
      whole(
        `${term(k, s)} ${signed(writtenKm, s)} = ${term(c, s)} ${signed(e, s)}${note(`${s.minus} ${term(c, s)}`)}`,
        st[0]!,
      ),
    );
    lines.push(
      whole(
        `${term(ac, s)} ${signed(writtenKm, s)} = ${dec(e, s)}${note(`${writtenKm.n < 0 ? '+' : s.minus} ${dec(q(Math.abs(writtenKm.n)), s)}`)}`,
        st[1]!,
      ),
    );
    if (!same(ac, q(1))) {
      lines.push(whole(`${term(ac, s)} = ${value(rhs, s)}${note(`: ${dec(ac, s)}`)}`, st[2]!));
      st = [...st, st[2] === 'right' ? 'right' : 'follow-on'];
    }
    lines.push(whole(`x = ${value(x, s)}`, st.at(-1)!));
  } else {
    // a·x + b = c  or  a·x + b = d·x + c
    const b = q(rng.int(-20, 20) || 7);
    const d = kind === 1 ? q(rng.int(1, a.n - 1)) : q(0);
    const c = sub(add(mul(a, solution), b), mul(d, solution));
    const ad = sub(a, d);
    const first = `${term(a, s)} ${signed(b, s)} = ${kind === 1 ? `${term(d, s)} ${signed(c, s)}` : dec(c, s)}`;
    lines.push(
      given(
        first +
          (kind === 1
            ? note(`${s.minus} ${term(d, s)}`)
            : note(`${b.n < 0 ? '+' : s.minus} ${dec(q(Math.abs(b.n)), s)}`)),
      ),
    );
    if (kind === 1)
      lines.push(
        whole(
          `${term(ad, s)} ${signed(b, s)} = ${dec(c, s)}${note(`${b.n < 0 ? '+' : s.minus} ${dec(q(Math.abs(b.n)), s)}`)}`,
          'right',
        ),
      );
    // the step that moves b: a sign slip adds it instead of subtracting it
    let rhs = sub(c, b);
    let wrongAt: number | null = null;
    let x = div(rhs, ad);
    if (planted) {
      const i = rng.int(0, same(ad, q(1)) ? 0 : 1);
      wrongAt = i;
      if (i === 0) {
        if (planted === 'sign') rhs = add(c, b);
        else if (planted === 'operation') rhs = div(c, b.n === 0 ? q(2) : b);
        else rhs = slip(rng, rhs.n === 0 ? q(1) : rhs);
        if (same(rhs, sub(c, b))) rhs = add(rhs, q(1));
        x = div(rhs, ad);
      } else {
        if (planted === 'sign') x = neg(div(rhs, ad));
        else if (planted === 'operation') x = sub(rhs, ad);
        else x = slip(rng, x.n === 0 ? q(1) : terminates(x) ? x : q(Math.round(x.n / x.d)));
        if (same(x, div(rhs, ad))) x = add(x, q(1));
      }
    }
    if (same(ad, q(1))) {
      const st1 = states(1, wrongAt);
      lines.push(whole(`x = ${value(rhs, s)}`, st1[0]!));
      st = st1;
    } else {
      st = states(2, wrongAt);
      lines.push(whole(`${term(ad, s)} = ${value(rhs, s)}${note(`: ${dec(ad, s)}`)}`, st[0]!));
      lines.push(whole(`x = ${value(x, s)}`, st[1]!));
    }
  }
  if (rng.chance(0.3)) {
    const last = lines.at(-1)!;
    const x = last.text.slice(4);
    lines.push(whole(`L = {${x}}`, last.claims[0]!.state === 'wrong' ? 'follow-on' : last.claims[0]!.state));
  }
  return { lines, key: `x = ${value(solution, s)}`, planted };
};

/** x² + px + q with the signs written: "x² - 2x - 15" */
function quadratic(p: Q, c: Q, s: Style): string {
  const px = p.n === 0 ? '' : ` ${signed(p, s, same(q(Math.abs(p.n)), q(1)) ? 'x' : `${Math.abs(p.n)}x`)}`;
  return `x²${px}${c.n === 0 ? '' : ` ${signed(c, s)}`}`;
}

const pq: Gen = (rng, s, error) => {
  // two integer solutions whose sum is even, so that p/2 is an integer
  let x1 = rng.int(-9, 9);
  let x2 = rng.int(-9, 9);
  while (x1 === x2 || (x1 + x2) % 2 !== 0 || x1 + x2 === 0 || x1 * x2 === 0) {
    x1 = rng.int(-9, 9);
    x2 = rng.int(-9, 9);
  }
  const p = q(-(x1 + x2));
  const c = q(x1 * x2);
  const h = neg(div(p, q(2)));
  const radicand = sub(mul(h, h), c);
  const root = q(Math.sqrt(radicand.n));
  const index = rng.pick(['x1/2', 'x1,2', 'x₁,₂']);
  const [i1, i2] = index === 'x₁,₂' ? ['x₁', 'x₂'] : ['x1', 'x2'];
  let planted: ErrorType | null = error === 'sign' ? 'sign' : error ? 'result' : null;
  const lines: Line[] = [given(`${quadratic(p, c, s)} = 0`)];
  const showPq = rng.chance(0.5);
  // the pupil's h, radicand, root; a slip changes everything after it
  let wh = h;
  let wRad = radicand;
  let wRoot = root;
  let wrongAt: number | null = null;
  const steps = (showPq ? 1 : 0) + 3;
  if (planted) {
    if (planted === 'sign') {
      wrongAt = showPq ? 1 : 0;
      wh = neg(h);
    } else {
      wrongAt = (showPq ? 1 : 0) + rng.int(1, 2);
      if (wrongAt === steps - 2) {
        // the root slipped: √16 = 8
        wRoot = rng.pick(
          [mul(root, q(2)), add(root, q(1)), radicand].filter((r) => !same(r, root) && r.n > 0),
        );
      }
    }
  }
  const st = states(steps, wrongAt);
  let k = 0;
  if (showPq) lines.push(whole(`p = ${dec(p, s)}; q = ${dec(c, s)}`, st[k++]!));
  const cTerm = c.n < 0 ? `+ ${dec(neg(c), s)}` : `${s.minus} ${dec(c, s)}`;
  lines.push(whole(`${index} = ${dec(wh, s)} ± √(${dec(mul(wh, wh), s)} ${cTerm})`, st[k++]!));
  wRad = sub(mul(wh, wh), c);
  if (wrongAt !== steps - 2) wRoot = q(Math.sqrt(Math.max(0, wRad.n)));
  const rootOk = Number.isInteger(Math.sqrt(wRad.n)) || wrongAt === steps - 2;
  lines.push(whole(`${index} = ${dec(wh, s)} ± ${rootOk ? dec(wRoot, s) : `√${dec(wRad, s)}`}`, st[k++]!));
  let r1 = add(wh, wRoot);
  let r2 = sub(wh, wRoot);
  if (wrongAt === steps - 1) {
    if (rng.chance(0.5)) r1 = slip(rng, r1.n === 0 ? q(1) : r1);
    else r2 = slip(rng, r2.n === 0 ? q(1) : r2);
  }
  if (rng.chance(0.5)) lines.push(whole(`${i1} = ${dec(r1, s)}; ${i2} = ${dec(r2, s)}`, st[k++]!));
  else {
    lines.push(whole(`${i1} = ${dec(r1, s)}`, st[k]!), whole(`${i2} = ${dec(r2, s)}`, st[k]!));
    k++;
  }
  if (!rootOk) planted = planted ?? null;
  return { lines, key: `${i1} = ${x1}; ${i2} = ${x2}`, planted };
};

const completingSquare: Gen = (rng, s, error) => {
  let x1 = rng.int(-9, 9);
  let x2 = rng.int(-9, 9);
  while (x1 === x2 || (x1 + x2) % 2 !== 0 || x1 + x2 === 0 || x1 * x2 === 0) {
    x1 = rng.int(-9, 9);
    x2 = rng.int(-9, 9);
  }
  const p = q(-(x1 + x2));
  const c = q(x1 * x2);
  const half = div(p, q(2));
  const sq = mul(half, half);
  const rhs = sub(sq, c);
  const planted: ErrorType | null =
    error === 'sign' || error === 'operation' ? error : error ? 'result' : null;
  const lines: Line[] = [
    given(`${quadratic(p, c, s)} = 0 | ${c.n < 0 ? '+' : s.minus} ${dec(q(Math.abs(c.n)), s)}`),
  ];
  let wSq = sq;
  let wRhs = rhs;
  let wHalf = half;
  let wrongAt: number | null = null;
  if (planted === 'operation') {
    // p/2 added instead of (p/2)²: the line is wrong, the rest does not work out, so only this line is written
    wrongAt = 1;
  } else if (planted === 'sign') {
    wrongAt = 2;
    wHalf = neg(half);
  } else if (planted === 'result') {
    wrongAt = 1;
    const squares = [1, 4, 9, 16, 25, 36, 49, 64, 81, 100].filter((v) => v !== rhs.n && v > 0);
    wRhs = q(rng.pick(squares));
  }
  const st = states(5, wrongAt);
  lines.push(
    whole(
      `x² ${signed(p, s, `${Math.abs(p.n)}x`)} = ${dec(neg(c), s)} | + ${dec(q(Math.abs(half.n)), s)}²`,
      st[0]!,
    ),
  );
  if (planted === 'operation') {
    wSq = q(Math.abs(half.n));
    wRhs = add(neg(c), wSq);
    lines.push(
      whole(
        `${quadratic(p, c.n === 0 ? c : q(0), s)} + ${dec(wSq, s)} = ${dec(wRhs, s)}`.replace(' + 0', ''),
        'wrong',
      ),
    );
    return { lines, key: `x1 = ${x1}; x2 = ${x2}`, planted };
  }
  lines.push(whole(`${quadratic(p, q(0), s)} + ${dec(wSq, s)} = ${dec(wRhs, s)}`, st[1]!));
  const bracket = (h: Q) => `(x ${signed(h, s)})²`;
  lines.push(whole(`${bracket(wHalf)} = ${dec(wRhs, s)}`, st[2]!));
  const wRoot = q(Math.sqrt(wRhs.n));
  lines.push(whole(`x ${signed(wHalf, s)} = ±${dec(wRoot, s)}`, st[3]!));
  const r1 = sub(wRoot, wHalf);
  const r2 = sub(neg(wRoot), wHalf);
  lines.push(whole(`x1 = ${dec(r1, s)}; x2 = ${dec(r2, s)}`, st[4]!));
  return { lines, key: `x1 = ${x1}; x2 = ${x2}`, planted };
};

const families: { family: Family; gen: Gen; weight: number; errors: ErrorType[] }[] = [
  { family: 'Grundrechenart', gen: arith, weight: 3, errors: ['result', 'operation', 'sign'] },
  { family: 'Kette a = b = c', gen: chainItem, weight: 2, errors: ['result', 'operation'] },
  { family: 'Einkauf (€)', gen: shopping, weight: 1, errors: ['result', 'operation'] },
  {
    family: 'Größen mit Einheit',
    gen: quantities,
    weight: 2,
    errors: ['result', 'unit', 'conversion', 'operation'],
  },
  { family: 'Umrechnung', gen: conversion, weight: 2, errors: ['conversion', 'result'] },
  { family: 'Bruchrechnung', gen: fractions, weight: 2, errors: ['result', 'operation'] },
  { family: 'gemischte Zahl', gen: mixedNumbers, weight: 1, errors: ['result', 'operation'] },
  { family: 'Prozent', gen: percents, weight: 2, errors: ['result', 'operation', 'base'] },
  { family: 'Dreisatz', gen: ruleOfThree, weight: 2, errors: ['result', 'operation'] },
  { family: 'lineare Gleichung', gen: linear, weight: 2, errors: ['result', 'sign', 'operation'] },
  { family: 'pq-Formel', gen: pq, weight: 1, errors: ['result', 'sign'] },
  {
    family: 'quadratische Ergänzung',
    gen: completingSquare,
    weight: 1,
    errors: ['result', 'sign', 'operation'],
  },
];

/** One item: a family by weight, an error in about half of them (`errorShare`). */
export function generateItem(rng: Rng, errorShare = 0.5): Item {
  const total = families.reduce((sum, f) => sum + f.weight, 0);
  let r = rng.next() * total;
  const f = families.find((x) => (r -= x.weight) < 0) ?? families[0]!;
  const style: Style = {
    minus: rng.chance(0.75) ? '-' : '−',
    thousands: rng.chance(0.3),
    cents00: rng.chance(0.2),
    ganze: rng.chance(0.35),
  };
  const error = rng.chance(errorShare) ? rng.pick(f.errors) : null;
  const built = f.gen(rng, style, error);
  const planted = built.planted === undefined ? error : built.planted;
  const hasWrong = built.lines.some((l) => l.claims.some((c) => c.state === 'wrong'));
  return {
    family: f.family,
    error: hasWrong ? (planted ?? 'result') : null,
    lines: built.lines,
    key: built.key,
  };
}
