/**
 * The only script a page with islands loads up front. It hydrates each island
 * when its trigger fires: load, idle, visible or first interaction. (CSS knows
 * whether scripts run from the `scripting` media feature, so nothing here
 * marks the document: that would make the browser style it all again.)
 * Islands with the "manual" trigger wait for code to ask (ensureIsland).
 */
import { hydrateIsland } from './lib/hydrate';

const INTERACTIONS = ['pointerover', 'pointerdown', 'focusin', 'touchstart', 'keydown'] as const;
const run = (marker: HTMLElement) => void hydrateIsland(marker).catch((error: unknown) => console.error(error));

function schedule(marker: HTMLElement): void {
  switch (marker.dataset.trigger) {
    case 'load':
      return run(marker);
    case 'idle':
      return void ('requestIdleCallback' in window ? requestIdleCallback(() => run(marker), { timeout: 2000 }) : setTimeout(() => run(marker), 200));
    case 'visible': {
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          run(marker);
        }
      }, { rootMargin: '200px' });
      // The first rendered box: React may put <link rel="preload"> hints before it.
      return observer.observe(marker.querySelector('[data-island-root] > :not(link, script, style)') ?? marker);
    }
    case 'interaction': {
      const start = () => {
        for (const type of INTERACTIONS) marker.removeEventListener(type, start, true);
        run(marker);
      };
      for (const type of INTERACTIONS) marker.addEventListener(type, start, { capture: true, passive: true });
      return;
    }
  }
}

document.querySelectorAll<HTMLElement>('[data-island]').forEach(schedule);
