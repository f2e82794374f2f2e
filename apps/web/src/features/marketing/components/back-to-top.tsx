import { useEffect, useState } from 'react';
import { ArrowUp } from 'lucide-react';
import { marketingTimings } from '@korrigo/domain/timings';
import { prefersReducedMotion } from '../hooks/use-in-view';

/** spec 000 §2, §9: shown once the page is scrolled more than 300 px. */
export function BackToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > marketingTimings.backToTopThresholdPx);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })}
      className="fixed right-4 bottom-4 z-30 flex cursor-pointer items-center gap-2 rounded-full bg-primary-700 px-4 py-3 text-sm font-medium text-white shadow-popover hover:bg-primary-800 sm:right-6 sm:bottom-6"
    >
      <ArrowUp aria-hidden="true" className="size-4" />
      Nach oben
    </button>
  );
}
