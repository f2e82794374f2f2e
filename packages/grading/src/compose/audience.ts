import { studentAudienceRewrites, type AnalysisResult } from '@korrigo/domain';

/** What the pupil wrote herself, and what a teacher wrote in the review: never rewritten. */
const ownWords = new Set(['answer_text', 'quoted_text', 'teacher_texts', 'title', 'student_name']);

function rewrite(text: string): string {
  let out = text;
  for (const [teacher, student] of studentAudienceRewrites) out = out.split(teacher).join(student);
  return out;
}

function walk(value: unknown, key = ''): unknown {
  if (ownWords.has(key)) return value;
  if (typeof value === 'string') return rewrite(value);
  if (Array.isArray(value)) return value.map((item) => walk(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
  }
  return value;
}

/**
 * A result as its reader should read it (ADR 0013): for a pupil's own analysis the engine's texts that tell
 * a teacher what to do speak to the pupil ('die Punkte legen Sie fest' has no reader in a self-check).
 * Marks the result, so that the finalise step after a change keeps speaking to her.
 */
export function addressReader(result: AnalysisResult, audience: 'teacher' | 'student' | undefined) {
  if (audience !== 'student') return result;
  return { ...(walk(result) as AnalysisResult), audience: 'student' as const };
}
