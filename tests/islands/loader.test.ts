// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const hydrateIsland = vi.fn(async (_marker: HTMLElement) => {});
vi.mock('../../themes/default/islands/lib/hydrate', () => ({ hydrateIsland }));

/** A stand-in PerformanceObserver that records observers, so a test can deliver paint entries. */
const observers: { callback: PerformanceObserverCallback; disconnected: boolean }[] = [];
class FakeObserver {
  static supportedEntryTypes = ['paint'];
  record: (typeof observers)[number];
  constructor(callback: PerformanceObserverCallback) {
    this.record = { callback, disconnected: false };
    observers.push(this.record);
  }
  observe() {}
  disconnect() {
    this.record.disconnected = true;
  }
}
const deliver = (...names: string[]) => {
  for (const o of observers.filter((x) => !x.disconnected)) {
    const list = { getEntriesByName: (name: string) => names.filter((n) => n === name).map((n) => ({ name: n })) };
    o.callback(list as unknown as PerformanceObserverEntryList, o as unknown as PerformanceObserver);
  }
};

beforeEach(() => {
  vi.resetModules();
  hydrateIsland.mockClear();
  observers.length = 0;
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  document.body.innerHTML = `
    <div data-island="a" data-trigger="load"><div data-island-root=""><p>a</p></div></div>
    <div data-island="b" data-trigger="interaction"><div data-island-root=""><button>b</button></div></div>`;
});
afterEach(() => vi.unstubAllGlobals());

const hydrated = () => hydrateIsland.mock.calls.map(([marker]) => marker.dataset.island);

describe('the island loader', () => {
  it('schedules no island before the first contentful paint, then each by its trigger', async () => {
    await import('../../themes/default/islands/loader');
    document.querySelector('[data-island="b"] button')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(hydrated()).toEqual([]);
    deliver('first-paint');
    expect(hydrated()).toEqual([]);
    deliver('first-contentful-paint');
    expect(hydrated()).toEqual(['a']);
    document.querySelector('[data-island="b"] button')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(hydrated()).toEqual(['a', 'b']);
    // Scheduled once: a later paint entry changes nothing.
    deliver('first-contentful-paint');
    expect(hydrated()).toEqual(['a', 'b']);
  });

  it('hydrates at once an interaction island the focus reached before the first paint', async () => {
    await import('../../themes/default/islands/loader');
    document.querySelector<HTMLButtonElement>('[data-island="b"] button')!.focus();
    expect(hydrated()).toEqual([]);
    deliver('first-contentful-paint');
    expect(hydrated()).toEqual(['a', 'b']);
  });

  it('logs an island that cannot start by its name, and starts the others', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('Failed to fetch dynamically imported module');
    hydrateIsland.mockImplementationOnce(() => Promise.reject(failure));
    try {
      await import('../../themes/default/islands/loader');
      deliver('first-contentful-paint');
      document.querySelector('[data-island="b"] button')!.dispatchEvent(new Event('focusin', { bubbles: true }));
      expect(hydrated()).toEqual(['a', 'b']);
      await vi.waitFor(() => expect(errors).toHaveBeenCalledOnce());
      expect(errors).toHaveBeenCalledWith(
        'Island "a" could not start; the page keeps its server-rendered markup.',
        failure,
      );
    } finally {
      errors.mockRestore();
    }
  });

  it('waits for the next frame where the browser has no paint timing', async () => {
    FakeObserver.supportedEntryTypes = [];
    vi.useFakeTimers();
    try {
      await import('../../themes/default/islands/loader');
      expect(hydrated()).toEqual([]);
      await vi.advanceTimersByTimeAsync(100);
      expect(hydrated()).toEqual(['a']);
    } finally {
      vi.useRealTimers();
      FakeObserver.supportedEntryTypes = ['paint'];
    }
  });
});
