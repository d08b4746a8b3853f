// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_DELAY, Header, type NavigationProps } from '../../islands/navigation';

const props: NavigationProps = {
  name: 'Co',
  logo: '/logo.svg',
  route: '/',
  navigation: {
    groups: [
      {
        label: 'Core Security',
        path: '/core-security',
        items: [
          { name: 'Cyber Security', path: '/cyber-security' },
          { name: 'Cloud Security', path: '/cloud-security' },
        ],
      },
      { label: 'Academy', path: '/academy', items: [{ name: 'Training', path: '/academy#training' }] },
    ],
    links: [{ label: 'About', href: '/about' }],
    cta: { label: 'Get Started', href: '/contact' },
  },
};

beforeEach(() => {
  vi.useFakeTimers();
  window.requestAnimationFrame = ((cb: FrameRequestCallback) => setTimeout(() => cb(0), 0)) as never;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const trigger = (name: string) => screen.getByRole('button', { name });
const group = (name: string) => trigger(name).closest('li')!;

describe('desktop dropdowns', () => {
  it('expose aria-expanded, open on mouse enter and close on mouse leave after a grace delay', () => {
    render(<Header {...props} />);
    expect(trigger('Core Security').getAttribute('aria-expanded')).toBe('false');
    fireEvent.mouseEnter(group('Core Security'));
    expect(trigger('Core Security').getAttribute('aria-expanded')).toBe('true');
    fireEvent.mouseLeave(group('Core Security'));
    act(() => vi.advanceTimersByTime(CLOSE_DELAY - 10));
    expect(trigger('Core Security').getAttribute('aria-expanded')).toBe('true');
    // The pointer travels back in: the panel stays.
    fireEvent.mouseEnter(group('Core Security'));
    act(() => vi.advanceTimersByTime(CLOSE_DELAY));
    expect(trigger('Core Security').getAttribute('aria-expanded')).toBe('true');
    fireEvent.mouseLeave(group('Core Security'));
    act(() => vi.advanceTimersByTime(CLOSE_DELAY));
    expect(trigger('Core Security').getAttribute('aria-expanded')).toBe('false');
  });

  it('opens from the keyboard, moves with arrows, and closes on Escape with focus back on the trigger', () => {
    render(<Header {...props} />);
    const button = trigger('Core Security');
    act(() => button.focus());
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    act(() => vi.runOnlyPendingTimers());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('View All Core Security');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Cyber Security');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('toggles with Enter or a click on the trigger, one group at a time', () => {
    render(<Header {...props} />);
    fireEvent.click(trigger('Core Security'));
    fireEvent.click(trigger('Academy'));
    expect(trigger('Core Security').getAttribute('aria-expanded')).toBe('false');
    expect(trigger('Academy').getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(trigger('Academy'));
    expect(trigger('Academy').getAttribute('aria-expanded')).toBe('false');
  });
});

describe('mobile menu', () => {
  const menu = () => document.querySelector('details.nav-mobile') as HTMLDetailsElement;
  const accordions = () => [...document.querySelectorAll('details.accordion')] as HTMLDetailsElement[];
  const toggle = (details: HTMLDetailsElement, open: boolean) => {
    details.open = open;
    fireEvent(details, new Event('toggle'));
  };

  it('opens and closes from its toggle, and keeps one group open at a time', () => {
    render(<Header {...props} />);
    toggle(menu(), true);
    expect(menu().open).toBe(true);
    const [core, academy] = accordions();
    toggle(core!, true);
    toggle(academy!, true);
    expect([core!.open, academy!.open]).toEqual([false, true]);
    // Clicking the open group closes it.
    toggle(academy!, false);
    expect(accordions().map((d) => d.open)).toEqual([false, false]);
    toggle(menu(), false);
    expect(menu().open).toBe(false);
  });

  it('closes when any link is chosen, in-page anchors included', () => {
    render(<Header {...props} />);
    toggle(menu(), true);
    toggle(accordions()[1]!, true);
    fireEvent.click(menu().querySelector('a[href="/academy#training"]')!);
    expect(menu().open).toBe(false);
  });

  it('closes on Escape with focus back on the toggle', () => {
    render(<Header {...props} />);
    toggle(menu(), true);
    fireEvent.keyDown(menu().querySelector('a')!, { key: 'Escape' });
    expect(menu().open).toBe(false);
    expect(document.activeElement).toBe(menu().querySelector('summary'));
  });
});
