/**
 * A light English suffix stripper (a subset of Porter's step 1 and 2): enough to match "transmits",
 * "transmitted", "transmission" style variants in short answers. Input: one lower-case word.
 */
const rules: [RegExp, string][] = [
  [/ies$/, 'y'],
  [/sses$/, 'ss'],
  [/([^s])s$/, '$1'],
  [/eed$/, 'ee'],
  [/(\w{3,})ing$/, '$1'],
  [/(\w{3,})ed$/, '$1'],
  [/(\w{3,})ational$/, '$1ate'],
  [/(\w{3,})ation$/, '$1ate'],
  [/(\w{3,})ssion$/, '$1t'],
  [/(\w{3,})ness$/, '$1'],
  [/(\w{3,})ment$/, '$1'],
  [/(\w{3,})ly$/, '$1'],
  [/(\w{3,})er$/, '$1'],
  [/(\w{3,})e$/, '$1'],
];

export function stemEnglish(word: string): string {
  let w = word;
  for (const [pattern, replacement] of rules) {
    w = w.replace(pattern, replacement);
  }
  // doubled final consonant after stripping: "transmitt" -> "transmit"
  return w.replace(/([bdfgklmnprt])\1$/, '$1');
}
