/**
 * The Snowball German stemmer ("german2" variant: ae/oe/ue count as umlauts, because students type them
 * on keyboards without umlauts). Follows https://snowballstem.org/algorithms/german/stemmer.html.
 * Input must be one lower-case word.
 */
const vowels = new Set(['a', 'e', 'i', 'o', 'u', 'y', 'ä', 'ö', 'ü']);
const sEnding = new Set(['b', 'd', 'f', 'g', 'h', 'k', 'l', 'm', 'n', 'r', 't']);
const stEnding = new Set(['b', 'd', 'f', 'g', 'h', 'k', 'l', 'm', 'n', 't']);

function isVowel(ch: string | undefined): boolean {
  return ch !== undefined && vowels.has(ch);
}

/** Start of the region after the first non-vowel that follows a vowel, from `from`. */
function regionStart(w: string, from: number): number {
  for (let i = from + 1; i < w.length; i++) {
    if (!isVowel(w[i]) && isVowel(w[i - 1])) return i + 1;
  }
  return w.length;
}

export function stemGerman(word: string): string {
  let w = word.replace(/ß/g, 'ss');
  // german2: ae, oe, ue (not after q) are umlauts
  w = w
    .replace(/(?<!q)ue/g, 'ü')
    .replace(/ae/g, 'ä')
    .replace(/oe/g, 'ö');
  if (w.length <= 2) return stripUmlauts(w);
  // u and y between vowels are consonants
  const chars = [...w];
  for (let i = 1; i < chars.length - 1; i++) {
    if ((chars[i] === 'u' || chars[i] === 'y') && isVowel(chars[i - 1]) && isVowel(chars[i + 1])) {
      chars[i] = chars[i]!.toUpperCase();
    }
  }
  w = chars.join('');

  let r1 = Math.max(3, regionStart(w, 0));
  const r2 = regionStart(w, Math.min(r1, w.length) - 1 < 0 ? 0 : r1 - 1);
  r1 = Math.min(r1, w.length);

  const inR1 = (suffix: string) => w.length - suffix.length >= r1;
  const inR2 = (suffix: string) => w.length - suffix.length >= r2;

  // step 1
  const s1 = longest(w, ['ern', 'em', 'er', 'en', 'es', 'e', 's']);
  if (s1 && inR1(s1)) {
    if (s1 === 's') {
      if (sEnding.has(w[w.length - 2] ?? '')) w = w.slice(0, -1);
    } else {
      w = w.slice(0, -s1.length);
      if ((s1 === 'en' || s1 === 'es' || s1 === 'e') && w.endsWith('niss')) w = w.slice(0, -1);
    }
  }
  // step 2
  const s2 = longest(w, ['est', 'en', 'er', 'st']);
  if (s2 && inR1(s2)) {
    if (s2 === 'st') {
      const before = w[w.length - 3] ?? '';
      if (stEnding.has(before) && w.length - 3 >= 3) w = w.slice(0, -2);
    } else {
      w = w.slice(0, -s2.length);
    }
  }
  // step 3
  const s3 = longest(w, ['heit', 'lich', 'keit', 'isch', 'end', 'ung', 'ig', 'ik']);
  if (s3 && inR2(s3)) {
    if (s3 === 'end' || s3 === 'ung') {
      w = w.slice(0, -s3.length);
      if (w.endsWith('ig') && !w.endsWith('eig') && inR2('ig')) w = w.slice(0, -2);
    } else if (s3 === 'ig' || s3 === 'ik' || s3 === 'isch') {
      if (w[w.length - s3.length - 1] !== 'e') w = w.slice(0, -s3.length);
    } else if (s3 === 'lich' || s3 === 'heit') {
      w = w.slice(0, -s3.length);
      const s = longest(w, ['er', 'en']);
      if (s && inR1(s)) w = w.slice(0, -s.length);
    } else if (s3 === 'keit') {
      w = w.slice(0, -s3.length);
      const s = longest(w, ['lich', 'ig']);
      if (s && inR2(s)) w = w.slice(0, -s.length);
    }
  }
  return stripUmlauts(w.replace(/U/g, 'u').replace(/Y/g, 'y'));
}

function longest(w: string, suffixes: string[]): string | undefined {
  return suffixes.filter((s) => w.endsWith(s)).sort((a, b) => b.length - a.length)[0];
}

function stripUmlauts(w: string): string {
  return w.replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u');
}
