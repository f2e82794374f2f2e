import { builtinGradingMessages as msg, type AnalysisResult } from '@korrigo/domain';
import type { checkCalculations } from '../maths/check-calculations';
import type { LanguageFinding } from '../language/check-language';
import { pointsOf, round2 } from './format';

/**
 * The builtin engine's rubrics (spec 000 §3 "Rubric") and the competencies that mirror them. The checks'
 * rubrics (calculations, spelling, grammar, expression, structure) are measured once, when the work is
 * graded; the content rubric follows the points and is written by `finalise` (see `withContentRubric`), so a
 * teacher's change of points changes it too.
 */

type Rubric = AnalysisResult['evaluation_criteria']['rubrics'][number];

export const contentRubricName = 'Inhalt';

/** How much each rubric counts; the weights of the rubrics a result has are scaled to sum to 1. */
const rubricWeights: Record<string, number> = {
  Inhalt: 0.5,
  Rechnen: 0.2,
  Rechtschreibung: 0.15,
  Grammatik: 0.15,
  Ausdruck: 0.1,
  Struktur: 0.1,
};

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/** The rubrics the checks measure in the student's text; weights are set by `withContentRubric`. */
export function checkRubrics(measured: {
  text: string;
  languageFindings: LanguageFinding[];
  calc: ReturnType<typeof checkCalculations>;
  mathsUsed: boolean;
  answered: number;
  units: number;
  recognisedTasks: number;
}): Rubric[] {
  const { text, languageFindings, calc, mathsUsed } = measured;
  const words = (text.match(/\p{L}+/gu) ?? []).length;
  const count = (category: string) => languageFindings.filter((f) => f.category === category).length;
  const sentences = Math.max(1, (text.match(/[.!?](\s|$)/g) ?? []).length);
  const answeredShare = measured.units > 0 ? measured.answered / measured.units : 0;
  const wrongSteps = calc.findings.filter((f) => f.kind === 'wrong').length;
  const per100 = (n: number) => (words > 0 ? (n / words) * 100 : 0);

  const rubrics: Rubric[] = [];
  if (mathsUsed && calc.steps > 0) {
    rubrics.push({
      criterion_name: 'Rechnen',
      score: round2(clamp01((calc.steps - wrongSteps) / calc.steps)),
      description: msg.rubrics.calculation(calc.steps - wrongSteps, calc.steps),
      weight: 0,
    });
  }
  rubrics.push(
    {
      criterion_name: 'Rechtschreibung',
      // 15 spelling errors per 100 words (10 grammar errors) or more score 0
      score: round2(clamp01(1 - per100(count('spelling')) / 15)),
      description: msg.rubrics.spelling(count('spelling'), words),
      weight: 0,
    },
    {
      criterion_name: 'Grammatik',
      score: round2(clamp01(1 - per100(count('grammar')) / 10)),
      description: msg.rubrics.grammar(count('grammar'), words),
      weight: 0,
    },
    {
      criterion_name: 'Ausdruck',
      score: round2(clamp01(1 - count('style') / Math.max(sentences, words / 15))),
      description: msg.rubrics.style(count('style'), sentences),
      weight: 0,
    },
    {
      criterion_name: 'Struktur',
      score: round2(clamp01(answeredShare)),
      description: msg.rubrics.structure(measured.answered, measured.units, measured.recognisedTasks),
      weight: 0,
    },
  );
  return rubrics;
}

/**
 * The rubrics with the content rubric for the current points (first, as the points' share; none while points
 * are open), the weights scaled over the rubrics present, and the competencies that mirror them.
 */
export function withContentRubric(
  rubricsIn: Rubric[],
  achieved: number | null,
  total: number | null,
): AnalysisResult['evaluation_criteria'] {
  const rubrics = rubricsIn.filter((r) => r.criterion_name !== contentRubricName).map((r) => ({ ...r }));
  const content = contentRubric(achieved, total);
  if (content) rubrics.unshift(content);
  const weightSum = rubrics.reduce((sum, r) => sum + (rubricWeights[r.criterion_name] ?? 0), 0);
  for (const r of rubrics) r.weight = round2((rubricWeights[r.criterion_name] ?? 0) / (weightSum || 1));
  const competencies = rubrics.map((r) => ({
    competency: competencyName(r.criterion_name),
    level:
      r.score >= 0.8
        ? msg.competencyLevels.sure
        : r.score >= 0.5
          ? msg.competencyLevels.partly
          : msg.competencyLevels.unsure,
    description: r.description,
  }));
  return { rubrics, competencies };
}

/** The content rubric: the share of the points achieved; null while points are open. Weight 0 until set. */
export function contentRubric(achieved: number | null, total: number | null): Rubric | null {
  if (achieved === null || total === null || total <= 0) return null;
  return {
    criterion_name: contentRubricName,
    score: round2(clamp01(achieved / total)),
    description: msg.rubrics.content(pointsOf(achieved, total)),
    weight: 0,
  };
}

/** The competency a rubric stands for (spec 000 §3 "Competency"). */
function competencyName(criterion: string): string {
  return msg.competencies[criterion as keyof typeof msg.competencies] ?? msg.competencies.Struktur;
}
