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
    // the parts of a language criterion in brackets or with a slash
    expect(criteriaOf('Sprache (Grammatik, Wortschatz, Satzbau)')).toHaveLength(1);
    expect(criteriaOf('Rechtschreibung und Satzbau')).toHaveLength(2);
    expect(criteriaOf('langue')).toHaveLength(1);
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

describe('criteria counted by sentences', () => {
  const grammar = (start: number, quoted: string) => finding('grammar', start, quoted);

  it('knows "jeder richtige Satz …" and leaves a rule about sentences as content', () => {
    expect(criteriaOf('jeder richtige Satz im simple past')).toHaveLength(1);
    expect(criteriaOf('jede Antwort im passé composé, sinnvoll und richtig pro Satz')).toHaveLength(1);
    expect(criteriaOf('Jeder Satz beginnt mit einem Großbuchstaben')).toBeNull();
  });

  it('counts the sentences the task asks for, half for one with a language error, and asks to confirm', () => {
    const answer =
      'Last weekend I visited my uncle. We played football. We watched a film and eated popcorn.';
    const r = scoreCriteria(criteriaOf('jeder richtige Satz im simple past')!, {
      answer,
      findings: [grammar(answer.indexOf('eated'), 'eated')],
      keyContext: 'Write three sentences about your last weekend.',
    });
    expect(r.credit).toBeCloseTo(2.5 / 3);
    expect(r.proposal).toBe(true);
    // one sentence asked: the best one counts, the teacher still confirms what the program cannot read
    const one = scoreCriteria(criteriaOf('jeder grammatisch richtige Satz mit allen drei Wortarten')!, {
      answer: 'Emil isst einen leckeren Apfel. Ich finde das Emil nett ist.',
      findings: [grammar(37, 'das')],
      keyContext: 'Schreibe einen Satz mit einem Nomen, einem Verb und einem Adjektiv.',
    });
    expect(one.credit).toBe(1);
    expect(one.proposal).toBe(true);
    const none = scoreCriteria(criteriaOf('jeder richtige Satz')!, {
      answer: 'Keine Zeit.',
      findings: [],
      keyContext: 'Schreibe zwei Sätze.',
    });
    expect(none.credit).toBe(0);
  });
});

describe('criteria of a free text in a foreign language', () => {
  it('proposes the content by the length written against the length asked, for the teacher to confirm', () => {
    const context = { findings: [], keyContext: 'C  Write an e-mail about your holidays (about 60 words).' };
    const sixty = Array.from({ length: 60 }, () => 'word').join(' ');
    expect(criteriaOf('content')).toHaveLength(1);
    expect(criteriaOf('content/arguments')).toHaveLength(1);
    expect(criteriaOf('contenido: dónde, con quién, qué hiciste')).toHaveLength(1);
    expect(criteriaOf('lengua')).toHaveLength(1);
    expect(criteriaOf('language: correct conditionals, range of vocabulary, few mistakes')).toHaveLength(1);
    // content named with its facts is content
    expect(criteriaOf('Inhalt: Zellkern, Zellwand, Chloroplasten')).toBeNull();
    const full = scoreCriteria(criteriaOf('content')!, { answer: sixty, ...context });
    expect(full).toMatchObject({ credit: 1, proposal: true });
    expect(full.note).toContain('60 Wörter geschrieben (verlangt: etwa 60)');
    const short = scoreCriteria(criteriaOf('content')!, { answer: 'word '.repeat(20), ...context });
    expect(short.credit).toBe(0.25);
  });

  it('gives no credit for language where nothing is written', () => {
    const r = scoreCriteria(criteriaOf('Sprachrichtigkeit')!, { answer: '', findings: [], keyContext });
    expect(r.credit).toBe(0);
  });
});

describe('criteria: an answer sentence', () => {
  it('finds „Das Gewitter ist 1020 m entfernt.“, and no sentence in a calculation alone', () => {
    const [check] = criteriaOf('Antwortsatz')!;
    const context = (answer: string) => ({ answer, findings: [], keyContext: '' });
    expect(check!(context('340 · 3 = 1020 m. Das Gewitter ist 1020 m entfernt.')).credit).toBe(1);
    expect(check!(context('340 · 3 = 1020 m')).credit).toBe(0);
  });
});
