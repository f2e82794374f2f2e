import './styles.css';

// The entry is small on purpose. On a pre-rendered page (ADR 0005) the HTML is already the page: the app's
// code is fetched once the page has painted, so that on a slow connection it does not compete with the
// page's HTML, styles and font for the first paint. Every other page starts the app at once.

/** Resolves after the first contentful paint (or at once where the browser does not report paints). */
function firstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    // A page opened in a background tab paints later; its code need not wait for that.
    setTimeout(resolve, 3000);
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('#root fehlt in index.html');
if (root.dataset.prerendered !== undefined) await firstPaint();
const { start } = await import('./app/start');
await start(root);
