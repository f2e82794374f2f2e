import { useEffect, useState } from 'react';
import { marketingTimings } from '@korrigo/domain/timings';
import { prefersReducedMotion } from './use-in-view';

/** Steps of one count-up: at 16 ms a step (spec 000 §9) about 1.5 seconds. */
const COUNT_UP_STEPS = 94;

/**
 * Counts from 0 to `target` in equal steps, one every 16 ms (spec 000 §9), once `start` is true. People who
 * asked for reduced motion see the final value at once.
 */
export function useCountUp(target: number, start: boolean): number {
  const [value, setValue] = useState(0);
  const reduced = prefersReducedMotion();
  useEffect(() => {
    if (!start || reduced) return;
    let step = 0;
    const timer = setInterval(() => {
      step += 1;
      if (step >= COUNT_UP_STEPS) {
        setValue(target);
        clearInterval(timer);
      } else {
        setValue((target * step) / COUNT_UP_STEPS);
      }
    }, marketingTimings.counterStepMs);
    return () => clearInterval(timer);
  }, [target, start, reduced]);
  return start && reduced ? target : value;
}
