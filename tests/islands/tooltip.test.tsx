// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TooltipProvider } from '../../islands/lib/Tooltip';

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
// jsdom has no requestIdleCallback, so "idle" is a short timeout there.
const idle = () => act(() => vi.advanceTimersByTime(250));

describe('Tooltip', () => {
  it('renders the control plain at first (so hydration is cheap), and arms the radix trigger once idle', () => {
    renderControl();
    expect(control().hasAttribute('data-state')).toBe(false);
    idle();
    expect(control().getAttribute('data-state')).toBe('closed');
  });

  it('keeps the focus on a control focused before it was armed, which then shows its tooltip as focus does', () => {
    renderControl();
    act(() => control().focus());
    idle();
    expect(document.activeElement).toBe(control());
    expect(control().getAttribute('data-state')).toMatch(/open/);
    expect(screen.getByRole('tooltip').textContent).toBe('Next slide');
  });

  it('leaves the focus where it was when the control did not have it', () => {
    renderControl();
    const elsewhere = screen.getByRole('button', { name: 'elsewhere' });
    act(() => elsewhere.focus());
    idle();
    expect(control().getAttribute('data-state')).not.toBeNull();
    expect(document.activeElement).toBe(elsewhere);
  });
});
