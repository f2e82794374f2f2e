import { ENGINE_VERSION, gradeBuiltin } from './compose';
import { addressReader } from './compose/audience';
import type { GradeInput, GradeOptions, GradingProvider } from './types';

/** The offline, deterministic engine. */
export const builtinProvider: GradingProvider = {
  name: 'builtin',
  describe: () => ({ engine: 'builtin', version: ENGINE_VERSION, model: null, promptVersion: null }),
  grade: gradeBuiltin,
};

/**
 * Grades a student's work: with the builtin engine unless another provider (e.g. from `createLlmProvider`)
 * is given.
 */
export async function grade(
  input: GradeInput,
  options: GradeOptions = {},
  provider: GradingProvider = builtinProvider,
) {
  return addressReader(await provider.grade(input, options), options.audience);
}
