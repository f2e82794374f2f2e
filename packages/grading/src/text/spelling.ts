/**
 * A word in a spelling German writes both ways, folded to one: "Kohlenstoffdioxyd" (the older spelling) and
 * "Kohlenstoffdioxid", "Photosynthese" and "Fotosynthese", "Calcium" and "Kalzium", "Cytoplasma" and
 * "Zytoplasma", "Glucose" and "Glukose". Only these interchangeable letters are folded (y/i, ph/f, th/t,
 * c/k before a, o, u and consonants, c/z before e, i, y, ck/k); "ch" is one sound and stays.
 */
export function spellingFold(stem: string): string {
  return stem
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/ck/g, 'k')
    .replace(/c(?=[eiyäö])/g, 'z')
    .replace(/c(?!h)/g, 'k')
    .replace(/y/g, 'i');
}
