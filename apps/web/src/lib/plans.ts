import type { Plan } from '@korrigo/domain';

/**
 * spec 000 §2 / 001 §2: the upgrade button is hidden on the premium plan. Enterprise has nothing above it,
 * so it is hidden there as well.
 */
export function canUpgrade(plan: Plan): boolean {
  return plan === 'free';
}
