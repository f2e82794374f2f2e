/**
 * de-DE numbers without Intl (same text as `Intl.NumberFormat('de-DE')`: '.' groups thousands, ',' marks the
 * decimals). A page's first Intl call loads the locale's data, tens of milliseconds on a phone, right while a
 * pre-rendered page hydrates; the public pages only need these plain figures.
 */
export function formatNumberDe(value: number, minDecimals = 0, maxDecimals = minDecimals): string {
  const fixed = Math.abs(value).toFixed(maxDecimals);
  const [whole = '0', fraction = ''] = fixed.split('.');
  let decimals = fraction.replace(/0+$/, '');
  while (decimals.length < minDecimals) decimals += '0';
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}${decimals ? `,${decimals}` : ''}`;
}

/** Euros as `Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' })` shows them: "10 €", "9,60 €". */
export function formatEuroDe(value: number): string {
  return `${formatNumberDe(value, Number.isInteger(value) ? 0 : 2, 2)}\u00a0€`;
}
