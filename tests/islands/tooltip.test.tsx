// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRadix, Tooltip, TOOLTIP_DELAY, TooltipProvider } from '../../islands/lib/Tooltip';

beforeEach(() => {
  vi.useFakeTimers();
  // radix positions an open tooltip with a ResizeObserver, which jsdom lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const renderControl = () =>
  render(
    <TooltipProvider>
      <Tooltip content="Next slide">
        <button type="button" aria-label="Next slide" />
      </Tooltip>
      <button type="button">elsewhere</button>
    </TooltipProvider>,
  );
const control = () => screen.getByRole('button', { name: 'Next slide' });
/** Lets the dynamic import of radix settle and React render what it brings. */
const radixIn = async () => {
  await act(async () => {
    await loadRadix();
  });
};

describe('Tooltip', () => {
  it('renders the control plain, with its name, and loads no radix until it is pointed at or focused', async () => {
    renderControl();
    act(() => vi.advanceTimersByTime(5000));
    expect(control().hasAttribute('data-state')).toBe(false);
    expect(control().getAttribute('aria-label')).toBe('Next slide');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  // radix is loaded once per page: this is the first test that asks for it.
  it('on the first hover: loads radix, becomes its trigger and opens after the delay, not before', async () => {
    renderControl();
    fireEvent.pointerEnter(control());
    await radixIn();
    expect(control().getAttribute('data-state')).toBe('closed');
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY - 100));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('tooltip').textContent).toBe('Next slide');
  });

  it('on focus (radix in): keeps the focus on the control and shows its tooltip at once', async () => {
    renderControl();
    act(() => control().focus());
    await radixIn();
    act(() => vi.advanceTimersByTime(0));
    expect(document.activeElement).toBe(control());
    expect(control().getAttribute('data-state')).toMatch(/open/);
    expect(screen.getByRole('tooltip').textContent).toBe('Next slide');
  });

  it('leaves the focus where it was when the control was only pointed at', async () => {
    renderControl();
    const elsewhere = screen.getByRole('button', { name: 'elsewhere' });
    act(() => elsewhere.focus());
    fireEvent.pointerEnter(control());
    await radixIn();
    expect(control().getAttribute('data-state')).not.toBeNull();
    expect(document.activeElement).toBe(elsewhere);
  });
});
