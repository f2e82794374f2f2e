import { describe, expect, it } from 'vitest';
import type { LanguageFinding } from '../language/language-finding';
import { criteriaOf, scoreCriteria } from './criteria';

const finding = (category: LanguageFinding['category'], start: number, quoted: string): LanguageFinding => ({
  category,
  rule: category,
  title: '',
  message: '',
  suggestion: '',
  severity: 'minor',
  start,
  end: start + quoted.length,
  quoted,
});

const keyContext = 'Inhaltsangabe zu Wolfgang Borcherts „Das Brot“';

describe('criteriaOf', () => {
  it('knows writing criteria and leaves content alone', () => {
    expect(criteriaOf('Präsens, sachlicher Stil, keine wörtliche Rede')).toHaveLength(3);
    expect(criteriaOf('Sprachrichtigkeit')).toHaveLength(1);
    expect(criteriaOf('correctness')).toHaveLength(1);
    expect(criteriaOf('Einleitungssatz mit Autor, Titel, Textsorte und Thema')).toHaveLength(1);
    expect(criteriaOf('am nächsten Abend gibt die Frau ihm eine ihrer Brotscheiben ab')).toBeNull();
    expect(criteriaOf('Präsens und Kreuzreim')).toBeNull();
  });
});

describe('scoreCriteria', () => {
  it('finds direct speech and points at it', () => {
    const answer = 'Sie gibt ihm Brot und sagt: „Iss du man vier. Ich kann abends nicht so gut vertragen.“';
    const r = scoreCriteria(criteriaOf('keine wörtliche Rede')!, { answer, findings: [], keyContext });
    expect(r.credit).toBe(0);
    expect(answer.slice(r.span!.start, r.span!.end)).toBe(
      '„Iss du man vier. Ich kann abends nicht so gut vertragen.“',
    );
    // the title in quotation marks is no direct speech
    const title = scoreCriteria(criteriaOf('keine wörtliche Rede')!, {
      answer: 'In „Das Brot“ von Borchert geht es um ein Ehepaar.',
      findings: [],
      keyContext,
    });
    expect(title.credit).toBe(1);
  });

  it('rates language correctness by marked errors per 100 words, as a proposal', () => {
    const answer = Array.from({ length: 100 }, () => 'Wort').join(' ');
    const clean = scoreCriteria(criteriaOf('Sprachrichtigkeit')!, { answer, findings: [], keyContext });
    expect(clean.credit).toBe(1);
    const two = [finding('spelling', 0, 'Wort'), finding('grammar', 5, 'Wort')];
    const some = scoreCriteria(criteriaOf('Sprachrichtigkeit')!, { answer, findings: two, keyContext });
    expect(some).toMatchObject({
      credit: 0.5,
      note: '2 markierte Sprachfehler in 100 Wörtern',
      proposal: true,
    });
  });

  it('checks the introduction for title, author and text type', () => {
    const check = criteriaOf('Einleitungssatz mit Autor, Titel, Textsorte und Thema')!;
    const full = scoreCriteria(check, {
      answer: 'In der Kurzgeschichte „Das Brot“ von Wolfgang Borchert geht es um ein Ehepaar. Dann …',
      findings: [],
      keyContext,
    });
    expect(full.credit).toBe(1);
    const partial = scoreCriteria(check, {
      answer: 'In der Geschichte geht es um ein Ehepaar, das sich belügt.',
      findings: [],
      keyContext,
    });
    expect(partial.credit).toBe(0);
    expect(partial.note).toBe('im Einleitungssatz fehlt: Titel, Autor, Textsorte');
  });

  it('finds past tense outside quotations in a summary', () => {
    const r = scoreCriteria(criteriaOf('Präsens')!, {
      answer: 'Die Frau wachte auf und ging in die Küche. Sie fand ihren Mann.',
      findings: [],
      keyContext,
    });
    expect(r.credit).toBe(0);
    expect(r.note).toContain('„wachte“');
  });
});
