import { formatNumber } from '../maths/check-calculations';

/** Points rounded to two decimals (quarter points exist; sums must not drift: 0.1 + 0.2). */
export const round2 = (x: number) => Math.round(x * 100) / 100;
/**
 * German quotation marks around a word or phrase; quotes inside it become the inner ‚…‘, as German nests
 * them (a key's aspect like „dass“ leitet einen Nebensatz ein would otherwise read „„dass“ leitet …“).
 */
export const quote = (s: string) => `„${s.replace(/[„"“]([^„"“”]*)[“”"]/g, '‚$1‘')}“`;
/** "1 von 1 Punkt", "3 von 4 Punkten" */
export const pointsOf = (achieved: number, max: number) =>
  `${formatNumber(achieved)} von ${formatNumber(max)} ${max === 1 ? 'Punkt' : 'Punkten'}`;
