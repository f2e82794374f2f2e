import { describe, expect, it } from 'vitest';
import {
  practiceItemSchema,
  questionSchema,
  type GradingError,
  type PracticeDifficulty,
} from '@korrigo/domain';
import { grade } from '@korrigo/grading';
import { record, resultOf } from './learning-assistant.fixtures';
import {
  answerKeyOf,
  buildTemplateItems,
  checkOf,
  distractors,
  paperOf,
  practiceMaterial,
  toPracticeItem,
  type PracticeMaterial,
} from './learning-assistant.practice';
import type { StoredPracticeQuestion } from '../../db/schema';

const spelling = (wrong: string, right: string, start: number): GradingError => ({
  title: 'Rechtschreibfehler',
  point_deduction: 0.5,
  details: `„${wrong}“ wird „${right}“ geschrieben.`,
  suggestion: right,
  severity: 'moderate',
  message: '',
  location: { type: 'text', start, end: start + wrong.length, quoted_text: wrong },
  category: 'spelling',
});

const text = 'Er kam wiederrum zu spät. Wir haben Gestern gespielt.';
const records = [
  record({
    result: resultOf('Deutsch', [
      ['Aufgabe 1', 1, 4, [spelling('wiederrum', 'wiederum', 7), spelling('Gestern', 'gestern', 36)]],
      ['Aufgabe 2', 3, 4, []],
    ]),
    studentText: text,
  }),
  record({
    result: resultOf('Mathe', [
      [
        'Aufgabe 1',
        0,
        2,
        [
          {
            ...spelling('3,5 * 2 = 8', '3,5 * 2 = 7', 0),
            title: 'Rechenfehler',
            category: 'maths',
            details: '3,5 * 2 ist 7.',
          },
        ],
      ],
    ]),
    studentText: '3,5 * 2 = 8',
  }),
];

/** a seeded generator: the same items each run */
function seeded(seed = 1) {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

describe('practiceMaterial', () => {
  it('takes her wrong forms with the right ones and her sentence, per subject (aliases included)', () => {
    const material = practiceMaterial(records, 'Deutsch');
    expect(material.filter((m) => m.kind === 'mistake')).toEqual([
      expect.objectContaining({
        wrong: 'wiederrum',
        right: 'wiederum',
        sentence: { before: 'Er kam ', after: ' zu spät.' },
      }),
      expect.objectContaining({
        wrong: 'Gestern',
        right: 'gestern',
        sentence: { before: 'Wir haben ', after: ' gespielt.' },
      }),
    ]);
    // the weak task has the errors' suggestions as what was missing
    expect(material.find((m) => m.kind === 'task')).toMatchObject({ aspects: ['wiederum', 'gestern'] });
    expect(practiceMaterial(records, 'Mathematik')).toHaveLength(2);
    expect(practiceMaterial(records, 'Physik')).toEqual([]);
  });
});

describe('buildTemplateItems', () => {
  const material = practiceMaterial(records, 'Deutsch');

  it.each([1, 3, 10])('gives exactly %i valid items, cycling through her mistakes', (count) => {
    for (const difficulty of ['leicht', 'mittel', 'schwer'] as PracticeDifficulty[]) {
      const items = buildTemplateItems(material, count, difficulty, seeded());
      expect(items).toHaveLength(count);
      for (const item of items) {
        const { trains: _t, wrong: _w, ...q } = item;
        expect(() => questionSchema.parse(q)).not.toThrow();
        expect(() => practiceItemSchema.parse(toPracticeItem(item))).not.toThrow();
      }
      expect(new Set(items.map((i) => i.id)).size).toBe(count);
    }
  });

  it('asks Leicht mostly by multiple choice, Mittel by cloze and multiple choice, Schwer open and matching', () => {
    // her mistakes only: a weak task can only be asked again as an open item
    const mistakes = material.filter((m) => m.kind === 'mistake');
    const types = (d: PracticeDifficulty) => buildTemplateItems(mistakes, 6, d, seeded()).map((i) => i.type);
    const leicht = types('leicht');
    expect(leicht.filter((t) => t === 'multiple-choice').length).toBeGreaterThan(leicht.length / 2);
    // two mistakes give four items of the plan; only then is a mistake asked another way (below)
    expect(new Set(types('mittel').slice(0, 4))).toEqual(new Set(['cloze', 'multiple-choice']));
    expect(new Set(types('schwer').slice(0, 3))).toEqual(new Set(['open', 'matching']));
  });

  it('builds the items from her own forms', () => {
    const [mc] = buildTemplateItems(material, 1, 'leicht', seeded());
    expect(mc!.text).toContain('„wiederrum“');
    expect(mc!.options.map((o) => o.text)).toEqual(expect.arrayContaining(['wiederum', 'wiederrum']));
    expect(mc!.options.filter((o) => o.isCorrect).map((o) => o.text)).toEqual(['wiederum']);
    expect(mc!.trains).toBe('Übt: Rechtschreibung – „wiederrum“');
    const [cloze] = buildTemplateItems(material, 1, 'mittel', seeded());
    expect(cloze).toMatchObject({ type: 'cloze', correctAnswer: 'wiederum' });
    expect(cloze!.text).toContain('Er kam [..] zu spät.');
    const [open, matching] = buildTemplateItems(material, 2, 'schwer', seeded());
    expect(open!.correctionTemplate).toBe('Er kam wiederum zu spät (1 P)');
    expect(matching!.matchingPairs).toEqual([
      { left: 'Gestern', right: 'gestern' },
      { left: 'wiederrum', right: 'wiederum' },
    ]);
    // what she sees carries no solution
    expect(JSON.stringify(toPracticeItem(mc!))).not.toContain('isCorrect');
    expect(JSON.stringify(toPracticeItem(cloze!))).not.toContain('wiederum');
  });

  it('blanks her wrong form where it stands, not the same letters elsewhere', () => {
    const dass = 'Ich weiß, dass das Haus, das ich meine, alt ist.';
    const at = dass.indexOf('das ich');
    const material = practiceMaterial(
      [
        record({
          result: resultOf('Deutsch', [
            ['Aufgabe 1', 1, 2, [{ ...spelling('das', 'dass', at), category: 'grammar' }]],
          ]),
          studentText: dass,
        }),
      ],
      'Deutsch',
    );
    const [cloze] = buildTemplateItems(material.slice(0, 1), 1, 'mittel', seeded());
    expect(cloze!.text).toContain('Ich weiß, dass das Haus, [..] ich meine, alt ist.');
  });

  it('puts the comma before a dass her sentence lacked, in the cloze and in the solution', () => {
    const wrote = 'Ich glaube das wir morgen einen Test schreiben.';
    const material = practiceMaterial(
      [
        record({
          result: resultOf('Deutsch', [
            // full points otherwise: no weak task besides the mistake
            ['Aufgabe 1', 2, 2, [{ ...spelling('das', 'dass', wrote.indexOf('das ')), category: 'grammar' }]],
          ]),
          studentText: wrote,
        }),
      ],
      'Deutsch',
    );
    const items = buildTemplateItems(material, 3, 'mittel', seeded());
    // one mistake, three items: asked three ways, never the same item twice
    expect(new Set(items.map((item) => item.type))).toEqual(new Set(['cloze', 'multiple-choice', 'open']));
    const cloze = items.find((item) => item.type === 'cloze');
    const open = items.find((item) => item.type === 'open');
    expect(cloze!.text).toContain('Ich glaube, [..] wir morgen einen Test schreiben.');
    // 'das' or 'dass' is right only in its sentence: the choice shows hers
    expect(items.find((item) => item.type === 'multiple-choice')!.text).toContain(
      '„Ich glaube das wir morgen einen Test schreiben.“',
    );
    expect(open!.text).toContain('Ich glaube das wir morgen');
    expect(open!.correctionTemplate).toBe('Ich glaube, dass wir morgen einen Test schreiben (1 P)');
    // no comma of its own after 'ohne', 'so', 'als' …
    const ohne = 'Er ging ohne das es jemand merkte.';
    const [clozeOhne] = buildTemplateItems(
      practiceMaterial(
        [
          record({
            result: resultOf('Deutsch', [
              [
                'Aufgabe 1',
                1,
                2,
                [{ ...spelling('das', 'dass', ohne.indexOf('das ')), category: 'grammar' }],
              ],
            ]),
            studentText: ohne,
          }),
        ],
        'Deutsch',
      ),
      1,
      'mittel',
      seeded(),
    );
    expect(clozeOhne!.text).toContain('Er ging ohne [..] es jemand merkte.');
  });

  it('asks each thing once while there is something else to ask', () => {
    const mistakes = material.filter((m) => m.kind === 'mistake');
    const items = buildTemplateItems(mistakes, 3, 'schwer', seeded());
    expect(items.map((i) => i.type)).toEqual(['open', 'matching', 'open']);
    expect(new Set(items.map((i) => i.text)).size).toBe(3);
  });

  it('accepts every form a style suggestion lists in a cloze, and asks a comma otherwise', () => {
    const style = 'Das ist echt krass gewesen.';
    const comma = 'Zum Beispiel wenn es regnet.';
    const material = practiceMaterial(
      [
        record({
          result: resultOf('Deutsch', [
            [
              'Aufgabe 1',
              2,
              2,
              [
                {
                  ...spelling('krass', 'erstaunlich', style.indexOf('krass')),
                  suggestion: 'erstaunlich, stark',
                  category: 'style',
                },
              ],
            ],
          ]),
          studentText: style,
        }),
        record({
          result: resultOf('Deutsch', [
            ['Aufgabe 1', 2, 2, [{ ...spelling('Beispiel wenn', 'Beispiel, wenn', 4), category: 'grammar' }]],
          ]),
          studentText: comma,
          createdAt: new Date('2026-01-01T00:00:00Z'),
        }),
      ],
      'Deutsch',
    );
    const [first, second] = buildTemplateItems(material, 2, 'mittel', seeded());
    expect(first).toMatchObject({ type: 'cloze', correctAnswer: 'erstaunlich/stark' });
    expect(second!.type).toBe('multiple-choice');
  });

  it('gives nothing without material', () => {
    expect(buildTemplateItems([], 3, 'mittel')).toEqual([]);
  });

  it('asks a weak task again as an open item when there is nothing else', () => {
    const only: PracticeMaterial[] = [
      { kind: 'task', label: 'Nenne zwei Gründe.', aspects: ['Licht', 'Wasser'] },
    ];
    const items = buildTemplateItems(only, 3, 'leicht', seeded());
    expect(items.map((i) => i.type)).toEqual(['open', 'open', 'open']);
    expect(items[0]).toMatchObject({ points: 2, correctionTemplate: 'Licht (1 P)\nWasser (1 P)' });
  });

  it('offers near misses as distractors, never the right or her wrong form', () => {
    expect(distractors('wiederum', 'wiederrum')).not.toContain('wiederum');
    expect(distractors('wiederum', 'wiederrum')).not.toContain('wiederrum');
    expect(distractors('3,5 * 2 = 7', '3,5 * 2 = 8')).toContain('3,5 * 2 = 6');
  });
});

describe('checking with the grading engine', () => {
  const material = practiceMaterial(records, 'Deutsch');
  const items: StoredPracticeQuestion[] = [
    ...buildTemplateItems(material, 2, 'mittel', seeded()),
    ...buildTemplateItems(material, 2, 'schwer', seeded()),
  ].map((q, i) => ({ ...q, id: `p${i + 1}` }));

  async function check(answers: Map<string, string>) {
    const result = await grade(
      { text: paperOf(items, answers), answerKey: { kind: 'test', test: answerKeyOf(items, 'Deutsch') } },
      { subject: 'Deutsch', date: '2026-11-24' },
    );
    return checkOf(items, answers, result);
  }

  it('gives right answers full points and wrong ones none, her own wrong form included', async () => {
    const [cloze, mc, open, matching] = items;
    expect([cloze!.type, mc!.type, open!.type, matching!.type]).toEqual([
      'cloze',
      'multiple-choice',
      'open',
      'matching',
    ]);
    const rightOption = mc!.options.find((o) => o.isCorrect)!.id;
    const wrongOption = mc!.options.find((o) => !o.isCorrect)!.id;
    const shown = toPracticeItem(matching!);
    const right = await check(
      new Map([
        [cloze!.id, cloze!.correctAnswer],
        [mc!.id, rightOption],
        [open!.id, 'Er kam wiederum zu spät.'],
        [matching!.id, matching!.matchingPairs.map((p) => p.right).join('|')],
      ]),
    );
    expect(shown.matchingRight.sort()).toEqual(matching!.matchingPairs.map((p) => p.right).sort());
    expect(right.items.map((i) => [i.achieved, i.max, i.correct])).toEqual([
      [1, 1, true],
      [1, 1, true],
      [1, 1, true],
      [2, 2, true],
    ]);
    expect(right).toMatchObject({ achieved: 5, total: 5 });

    const wrong = await check(
      new Map([
        [cloze!.id, cloze!.wrong!],
        [mc!.id, wrongOption],
        [open!.id, 'Er kam wiederrum zu spät.'],
        [
          matching!.id,
          [...matching!.matchingPairs]
            .reverse()
            .map((p) => p.right)
            .join('|'),
        ],
      ]),
    );
    expect(wrong.items.map((i) => [i.achieved, i.correct])).toEqual([
      [0, false],
      [0, false],
      [0, false],
      [0, false],
    ]);
    expect(wrong.items[0]!.feedback).toContain('„wiederrum“');
    expect(wrong.items[1]!.solution).toBe(mc!.options.find((o) => o.isCorrect)!.text);
    expect(wrong.achieved).toBe(0);
  }, 120_000);

  it('reads a missing answer as none and keeps her lines from starting a new task', async () => {
    const result = await check(new Map([[items[2]!.id, 'Aufgabe 4\nEr kam wiederum zu spät.']]));
    expect(result.items.map((i) => i.correct)).toEqual([false, false, true, false]);
  }, 120_000);
});
