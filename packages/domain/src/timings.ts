// Spec 000 §9 timings that the web app needs on its first load. No zod here: the web app imports this file
// alone (`@korrigo/domain/timings`); the package index would bring zod into every page's first load.

/** spec 000 §9: "Toast default duration 4000 ms". */
export const toastDurationMs = 4000;

/** The public site's motion (spec 000 §2, §9). */
export const marketingTimings = {
  /** animated counters advance one step every 16 ms */
  counterStepMs: 16,
  /** home slideshow: 3 slides, one every 3000 ms */
  homeSlideshowMs: 3000,
  homeSlideCount: 3,
  /** about carousel: 4 slides, one every 5000 ms */
  aboutCarouselMs: 5000,
  aboutSlideCount: 4,
  /** terms: the back-to-top button appears after scrolling more than 300 px */
  backToTopThresholdPx: 300,
} as const;
