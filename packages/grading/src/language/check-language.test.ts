import { beforeAll, describe, expect, it } from 'vitest';
import { checkLanguage, loadDictionaries } from './check-language';
import { checkGermanRules } from './german-rules';

// the German dictionary takes a few seconds to load, once per process
beforeAll(async () => {
  await loadDictionaries();
}, 120_000);

function expectExactOffsets(text: string, findings: { start: number; end: number; quoted: string }[]) {
  for (const f of findings) expect(text.slice(f.start, f.end)).toBe(f.quoted);
}

describe('German rules', () => {
  it.each([
    ['Ich glaube das die Schüler viel lernen.', 'das-dass', 'das', 'dass'],
    ['Seid gestern regnet es.', 'seid-seit', 'Seid', 'Seit'],
    ['Ihr seit heute sehr leise.', 'seid-seit', 'seit', 'seid'],
    ['Das wiederspricht der Regel.', 'wider-wieder', 'wiederspricht', 'widerspricht'],
    ['Wir sehen uns widerholt im Park.', 'wider-wieder', 'widerholt', 'wiederholt'],
    ['Wir bleiben zu Hause weil es regnet.', 'comma-conjunction', 'Hause weil', 'Hause, weil'],
    ['Ich frage mich ob das stimmt.', 'comma-conjunction', 'mich ob', 'mich, ob'],
    ['Das ist ist gut.', 'repeated-word', 'ist ist', 'ist'],
    ['Das war echt krass.', 'colloquial', 'krass', 'erstaunlich, stark'],
  ])('%s -> %s', (text, rule, quoted, suggestion) => {
    const found = checkGermanRules(text).filter((f) => f.rule === rule);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ quoted, suggestion });
    expectExactOffsets(text, found);
  });

  it('leaves correct sentences alone', () => {
    const text =
      'Ich weiß, dass das Buch, das ich gelesen habe, spannend ist. Seit gestern regnet es, weil ein Tief kommt. Ihr seid wieder da, obwohl es spät ist.';
    expect(checkGermanRules(text)).toEqual([]);
  });

  it('flags overlong sentences', () => {
    const text = `${Array.from({ length: 40 }, () => 'Wort').join(' ')}.`;
    expect(checkGermanRules(text).map((f) => f.rule)).toContain('long-sentence');
  });
});

describe('checkLanguage', () => {
  it('finds spelling errors with suggestions and exact offsets', async () => {
    const text = 'Die Fotosynthese findet in den Chloroplasten statt. Die Pflanze braucht Wasser und Licth.';
    const findings = await checkLanguage(text, 'de');
    const spelling = findings.filter((f) => f.rule === 'spelling');
    expect(spelling.map((f) => f.quoted)).toEqual(['Licth']);
    expect(spelling[0]!.suggestion).toContain('Licht');
    expectExactOffsets(text, findings);
  });

  it('accepts German compounds and flags lower-case nouns', async () => {
    const findings = await checkLanguage('Das Hausaufgabenheft liegt auf dem tisch.', 'de');
    expect(findings.map((f) => [f.rule, f.quoted, f.suggestion])).toEqual([
      ['noun-capitalisation', 'tisch', 'Tisch'],
    ]);
  });

  it('prefers the rule over the spell checker for the same word', async () => {
    const findings = await checkLanguage('Er wiederspricht mir.', 'de');
    expect(findings.map((f) => f.rule)).toEqual(['wider-wieder']);
  });

  it('checks English with the English dictionary and without German rules', async () => {
    const findings = await checkLanguage('The weather is beautifull today because the sun shines.', 'en');
    expect(findings.map((f) => f.quoted)).toEqual(['beautifull']);
  });

  it('leaves chemical formulas alone', async () => {
    const text = 'Es entsteht MgO und NaCl, dazu 2 H2O und Ca(OH)2.';
    const flagged = (await checkLanguage(text, 'de')).map((f) => f.quoted);
    expect(flagged).toEqual([]);
  });

  it('returns nothing for empty text', async () => {
    expect(await checkLanguage('', 'de')).toEqual([]);
  });
});

describe('das/dass after verbs of wanting', () => {
  it('flags "wollen das ihre" but not "will das Auto"', () => {
    expect(checkGermanRules('Die Eltern wollen das ihre Kinder früh kommen.').map((f) => f.rule)).toEqual([
      'das-dass',
    ]);
    expect(checkGermanRules('Ich will das Auto kaufen.')).toEqual([]);
  });
});
