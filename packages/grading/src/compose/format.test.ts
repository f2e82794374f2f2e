import { describe, expect, it } from 'vitest';
import { quote } from './format';

describe('quote', () => {
  it('puts German quotation marks around a phrase', () => {
    expect(quote('Prädikat: liest')).toBe('„Prädikat: liest“');
  });

  it('nests quotes inside the phrase as ‚…‘', () => {
    expect(quote('„dass“ ist eine Konjunktion')).toBe('„‚dass‘ ist eine Konjunktion“');
    expect(quote('man fragt mit "Wer oder was?"')).toBe('„man fragt mit ‚Wer oder was?‘“');
  });
});
