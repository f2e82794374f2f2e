const numberFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/** 87.5 -> '87,5 %' (German decimal comma and the space before the sign) */
export const formatPercent = (value: number) => `${numberFormat.format(value)} %`;

/** points with a decimal comma: 1.5 -> '1,5' */
export const formatPoints = (value: number) => numberFormat.format(value);

/**
 * '2026-12-03' -> '03.12.2026'. Split by hand: `new Date('2026-12-03')` is midnight UTC and would show the
 * day before west of Greenwich.
 */
export function formatIsoDate(value: string): string {
  const [year, month, day] = value.split('-');
  return year && month && day ? `${day}.${month}.${year}` : value;
}
