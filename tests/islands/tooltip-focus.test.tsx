// @vitest-environment jsdom
/**
 * The focus when radix arrives: the control is remounted as radix's trigger. Each test imports Tooltip anew, so
 * radix is not yet in for it (it is loaded once per page).
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.resetModules();
  // radix positions an open tooltip with a ResizeObserver, which jsdom lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(cleanup);

async function renderControls() {
  const { loadRadix, Tooltip } = await import('../../islands/lib/Tooltip');
  render(
    <>
      <Tooltip content="LinkedIn">
        <a href="#" aria-label="LinkedIn" />
      </Tooltip>
      <a href="/core-security">Core Security</a>
    </>,
  );
  const radixIn = () => act(async () => void (await loadRadix()));
  return {
    radixIn,
    control: () => screen.getByRole('link', { name: 'LinkedIn' }),
    next: screen.getByRole('link', { name: 'Core Security' }),
  };
}

describe('Tooltip, as radix arrives', () => {
  it('gives the focus back to the control that had it', async () => {
    const { radixIn, control } = await renderControls();
    act(() => control().focus());
    await radixIn();
    expect(control().hasAttribute('data-state')).toBe(true);
    expect(document.activeElement).toBe(control());
  });

  it('leaves the focus where the visitor moved it while radix loaded', async () => {
    const { radixIn, control, next } = await renderControls();
    act(() => control().focus());
    act(() => next.focus());
    await radixIn();
    expect(control().hasAttribute('data-state')).toBe(true);
    expect(document.activeElement).toBe(next);
  });
});
