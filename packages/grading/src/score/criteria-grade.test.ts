import { describe, expect, it } from 'vitest';
import { grade } from '../index';

const options = { subject: 'Englisch', gradeLevel: '6', date: '2025-03-12' };

describe('grade: a key that counts right sentences', () => {
  it('scores the sentences written as a proposal the teacher confirms', async () => {
    const key =
      '1\nWrite three sentences about your last weekend. (3 Punkte)\n(jeder richtige Satz im simple past 1 Punkt)';
    const r = await grade(
      {
        text: '1\nLast weekend I visited my uncle. We played football in the park. In the evening we watched a film and eated popcorn.',
        answerKey: { kind: 'text', text: key },
      },
      options,
    );
    expect(r.achieved_points).toBeCloseTo(2.5);
    expect(r.total_points).toBe(3);
    expect(r.status).toBe('needs_review');
    // the first grade() loads the dictionaries
  }, 60_000);
});
