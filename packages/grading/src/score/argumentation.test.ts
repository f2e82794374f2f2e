import { describe, expect, it } from 'vitest';
import { criteriaOf, scoreCriteria } from './criteria';

const keyContext =
  'Nimm Stellung: „Hausaufgaben sollten abgeschafft werden.“ eigene Position (1); zwei Argumente (je 1)';
const score = (criterion: string, answer: string) =>
  scoreCriteria(criteriaOf(criterion)!, { answer, findings: [], keyContext });

const argued =
  'Ich bin dafür, dass Hausaufgaben bleiben. Erstens üben wir zu Hause, was wir gelernt haben. ' +
  'Außerdem merkt die Lehrerin so, wer etwas nicht verstanden hat, weil sie die Hefte ansieht. ' +
  'Zum Beispiel hat meine Schwester so ihre Mathelücken gefunden. Zwar ist es anstrengend, aber es lohnt sich. ' +
  'Insgesamt finde ich Hausaufgaben sinnvoll.';

describe('argumentation criteria', () => {
  it('reads the parts of an argument a key names, not their words', () => {
    for (const criterion of [
      'eindeutige Position',
      'zwei Argumente',
      'mindestens drei Argumente mit Begründung/Beispiel',
      'jeweils Begründung',
      'Beispiel aus der Gegenwart',
      'ein Gegenargument wird berücksichtigt',
      'Auseinandersetzung mit der Gegenposition',
      'begründetes eigenes Urteil',
      'eigenes Urteil mit Begründung',
      'Fazit',
    ])
      expect(criteriaOf(criterion), criterion).not.toBeNull();
    // content stays content
    expect(criteriaOf('Bezug zum Gleichnis')).toBeNull();
    expect(criteriaOf('Argumente: Währungsreform, Blockade')).toBeNull();
  });

  it('credits what it finds, as a proposal the teacher confirms', () => {
    expect(score('eindeutige Position', argued)).toMatchObject({ credit: 1, proposal: true });
    expect(score('zwei Argumente', argued).credit).toBe(1);
    expect(score('Fazit', argued).credit).toBe(1);
    expect(score('ein Gegenargument wird berücksichtigt', argued).credit).toBe(1);
    expect(score('begründetes eigenes Urteil', argued).note).toContain('mit Begründung');
  });

  it('counts what is asked and says what was found', () => {
    const one = 'Ich finde, Hausaufgaben sollten bleiben, weil man übt.';
    const r = score('mindestens drei Argumente', one);
    expect(r.credit).toBeCloseTo(1 / 3);
    expect(r.note).toBe(
      'Argumente: 1 von 3 genannt („Ich finde, Hausaufgaben sollten bleiben, weil man übt.“)',
    );
    // "jeweils": one for each argument the task asks for (two, from the key)
    expect(score('jeweils Begründung', one).credit).toBe(0.5);
  });

  it('marks a criterion without any sign as resting on words not found', () => {
    const plain = 'Hausaufgaben sind gut. Man lernt viel. Das ist wichtig für die Arbeit.';
    const r = score('ein Gegenargument wird berücksichtigt', plain);
    expect(r).toMatchObject({ credit: 0, notFound: true, note: 'Gegenargument: keine Stelle gefunden' });
    // "Ich bin dagegen" is a position, not the other side
    expect(
      score('ein Gegenargument wird berücksichtigt', 'Ich bin dagegen, weil es zu viel ist.').credit,
    ).toBe(0);
  });
});
