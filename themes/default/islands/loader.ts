/**
 * The only script a page with islands loads up front. Once the page has shown
 * its first content, it hydrates each island when its trigger fires: load,
 * idle, visible or first interaction. (CSS knows
 * whether scripts run from the `scripting` media feature, so nothing here
 * marks the document: that would make the browser style it all again.)
 * Islands with the "manual" trigger wait for code to ask (ensureIsland).
 */
import { hydrateIsland } from './lib/hydrate';

const INTERACTIONS = ['pointerover', 'pointerdown', 'focusin', 'touchstart', 'keydown'] as const;
// An island that cannot start (its module failed to load) leaves its server markup as it is.
const run = (marker: HTMLElement) =>
  void hydrateIsland(marker).catch((error: unknown) =>
    console.error(
      `Island "${marker.dataset.island}" could not start; the page keeps its server-rendered markup.`,
      error,
    ),
  );

function schedule(marker: HTMLElement): void {
  switch (marker.dataset.trigger) {
    case 'load':
      return run(marker);
    case 'idle':
      return void ('requestIdleCallback' in window
        ? requestIdleCallback(() => run(marker), { timeout: 2000 })
        : setTimeout(() => run(marker), 200));
    case 'visible': {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            observer.disconnect();
            run(marker);
          }
        },
        { rootMargin: '200px' },
      );
      // The first rendered box: React may put <link rel="preload"> hints before it.
      return observer.observe(marker.querySelector('[data-island-root] > :not(link, script, style)') ?? marker);
    }
    case 'interaction': {
      // The visitor got there before the loader started (focus or pointer already inside): at once.
      if (marker.contains(document.activeElement) || marker.matches(':hover')) return run(marker);
      const start = () => {
        for (const type of INTERACTIONS) marker.removeEventListener(type, start, true);
        run(marker);
      };
      for (const type of INTERACTIONS) marker.addEventListener(type, start, { capture: true, passive: true });
      return;
    }
    default:
      // 'manual': the page starts it when it is needed (the toaster, by the form).
      return;
  }
}

/**
 * Runs `start` once the page has painted its first content, so no island's
 * script or hydration holds back the first view. Where the browser has no
 * paint timing, after the next frame instead.
 */
function afterFirstContentfulPaint(start: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint'))
    return void requestAnimationFrame(() => setTimeout(start));
  // Buffered: a paint that came before this script is delivered too.
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
}

afterFirstContentfulPaint(() => document.querySelectorAll<HTMLElement>('[data-island]').forEach(schedule));
