import { useEffect, useState, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { cn } from '@/lib/cn';
import { usePrefersReducedMotion } from '../hooks/use-in-view';

export type Slide = { id: string; label: string; content: ReactNode };

type CarouselProps = {
  /** accessible name of the whole carousel */
  label: string;
  slides: Slide[];
  intervalMs: number;
  /** previous/next buttons (about page) */
  withArrows?: boolean;
  className?: string;
  slideClassName?: string;
};

/**
 * Auto-advancing slides with wraparound (spec 000 §2, §9). Every change of slide, by the timer or by a
 * button, starts a fresh interval, so a click on a dot restarts the timer. A pause button stops the motion
 * (WCAG 2.2.2); people who asked for reduced motion start paused.
 */
export function Carousel({
  label,
  slides,
  intervalMs,
  withArrows = false,
  className,
  slideClassName,
}: CarouselProps) {
  const [index, setIndex] = useState(0);
  // bumped on every manual choice, so choosing the slide already shown still restarts the timer
  const [restart, setRestart] = useState(0);
  // null until someone presses pause or play: then playing unless reduced motion was asked for, which the
  // page learns after hydration (the pre-rendered HTML shows the carousel playing).
  const [chosen, setChosen] = useState<boolean | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const playing = chosen ?? !reducedMotion;
  const setPlaying = (update: (playing: boolean) => boolean) => setChosen(update(playing));
  const count = slides.length;

  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [index, restart, playing, count, intervalMs]);

  const go = (next: number) => {
    setIndex(((next % count) + count) % count);
    setRestart((n) => n + 1);
  };

  return (
    <section
      aria-roledescription="Karussell"
      aria-label={label}
      className={cn('flex flex-col gap-3', className)}
    >
      <div className="relative overflow-hidden rounded-card">
        <div aria-live={playing ? 'off' : 'polite'}>
          {slides.map((slide, i) => (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="Folie"
              aria-label={`${i + 1} von ${count}: ${slide.label}`}
              hidden={i !== index}
              data-testid="carousel-slide"
              data-active={i === index}
              className={cn('animate-fade-in', slideClassName)}
            >
              {slide.content}
            </div>
          ))}
        </div>
        {withArrows ? (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              aria-label="Vorherige Folie"
              className="absolute top-1/2 left-2 flex size-10 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-white/95 text-slate-800 shadow-card hover:bg-white"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              aria-label="Nächste Folie"
              className="absolute top-1/2 right-2 flex size-10 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-white/95 text-slate-800 shadow-card hover:bg-white"
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </>
        ) : null}
      </div>
      <div className="flex items-center justify-center gap-1">
        <button
          type="button"
          onClick={() => setPlaying((p) => !p)}
          aria-label={playing ? 'Automatischen Wechsel anhalten' : 'Automatischen Wechsel starten'}
          className="mr-2 flex size-8 cursor-pointer items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
        >
          {playing ? (
            <Pause aria-hidden="true" className="size-4" />
          ) : (
            <Play aria-hidden="true" className="size-4" />
          )}
        </button>
        {slides.map((slide, i) => (
          <button
            key={slide.id}
            type="button"
            onClick={() => go(i)}
            aria-label={`Folie ${i + 1}: ${slide.label}`}
            aria-current={i === index ? 'true' : undefined}
            className="group flex size-8 cursor-pointer items-center justify-center rounded-full"
          >
            <span
              className={cn(
                'block h-2.5 rounded-full transition-all',
                i === index ? 'w-6 bg-primary-700' : 'w-2.5 bg-slate-300 group-hover:bg-slate-400',
              )}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
