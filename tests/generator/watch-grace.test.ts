/**
 * The grace a watch update's search index and content store give the browsers its pages reload (dev/watch.ts): they
 * wait RELOAD_GRACE_MS after the pages are told, or less when a change comes first, which ends the grace at once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { graceOf, RELOAD_GRACE_MS } from '../../generator/dev/watch';

afterEach(() => {
  vi.useRealTimers();
});

describe("an update's grace for the reloads it caused", () => {
  it('ends when its time is up, and not before', async () => {
    vi.useFakeTimers();
    const grace = graceOf(RELOAD_GRACE_MS);
    let ended = false;
    void grace.wait.then(() => (ended = true));
    await vi.advanceTimersByTimeAsync(RELOAD_GRACE_MS - 1);
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ended).toBe(true);
  });

  it('ends at once when a change comes, its timer cleared', async () => {
    vi.useFakeTimers();
    const grace = graceOf(RELOAD_GRACE_MS);
    let ended = false;
    void grace.wait.then(() => (ended = true));
    grace.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(ended).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
