/** Inline point marks of an Erwartungshorizont: "(2 P)", "(0.25 P)", "(0,5 Punkte)", "(3 BE)", "(1 Pkt.)". */
export const pointMarkPattern = /\(\s*(\d+(?:[.,]\d+)?)\s*(?:P|Pkt\.?|Punkte?|BE)\s*\)/g;

export function parsePointNumber(s: string): number {
  return Number(s.replace(',', '.'));
}
