// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeroCarousel, PRELOAD_AFTER, SLIDE_INTERVAL, wrap, type HeroCarouselProps } from '../../islands/carousel';

const props: HeroCarouselProps = {
  label: 'Highlights',
  scrollLabel: 'Explore',
  secondaryAction: { label: 'View All Services', href: '#services' },
  highlights: [{ iconSvg: '<svg></svg>', title: '24/7 Protection', description: 'Round-the-clock monitoring' }],
  slides: Array.from({ length: 6 }, (_, i) => ({
    title: `Slide title ${i + 1}`,
    subtitle: 's',
    description: 'd',
    image: `/img/${i}.svg`,
    cta: `Go ${i + 1}`,
    link: '/contact',
  })),
};

let reducedMotion = false;
beforeEach(() => {
  vi.useFakeTimers();
  reducedMotion = false;
  window.matchMedia = ((query: string) => ({
    matches: query.includes('reduce') && reducedMotion,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as never;
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const counter = () => document.querySelector('.hero-counter')!.textContent;
const active = () => document.querySelector('.hero-slide.is-active')!.id;
const tick = (ms: number) => {
  act(() => vi.advanceTimersByTime(ms));
};
const images = () => [...document.querySelectorAll('.hero-image')].map((img) => img.getAttribute('src'));
const activeImage = () => document.querySelector('.hero-image.is-active')?.getAttribute('src');

describe('wrap', () => {
  it('wraps both ways', () => {
    expect([wrap(6, 6), wrap(-1, 6), wrap(3, 6)]).toEqual([0, 5, 3]);
  });
});

describe('HeroCarousel', () => {
  it('starts on slide 1 and advances every 6000 ms, wrapping from the last to the first', () => {
    render(<HeroCarousel {...props} />);
    expect(counter()).toBe('Slide 1 / 6');
    tick(SLIDE_INTERVAL - 1);
    expect(counter()).toBe('Slide 1 / 6');
    tick(1);
    expect(counter()).toBe('Slide 2 / 6');
    tick(SLIDE_INTERVAL * 4);
    expect(active()).toBe('hero-slide-6');
    tick(SLIDE_INTERVAL);
    expect(active()).toBe('hero-slide-1');
    expect(document.querySelector('.hero-image.is-active')!.getAttribute('src')).toBe('/img/0.svg');
  });

  it('moves by one with the arrows, wrapping both ways, and jumps with the dots', () => {
    render(<HeroCarousel {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(counter()).toBe('Slide 6 / 6');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(counter()).toBe('Slide 1 / 6');
    fireEvent.click(screen.getByRole('link', { name: 'Slide 4: Slide title 4' }));
    expect(active()).toBe('hero-slide-4');
    expect(screen.getByRole('link', { name: 'Slide 4: Slide title 4' }).getAttribute('aria-current')).toBe('true');
  });

  it('pauses and resumes with the pause control, which comes first in tab order', () => {
    render(<HeroCarousel {...props} />);
    const focusable = document.querySelectorAll('.hero button, .hero a');
    expect(focusable[0]!.getAttribute('aria-label')).toBe('Pause slide rotation');
    fireEvent.click(screen.getByRole('button', { name: 'Pause slide rotation' }));
    expect(document.querySelector('.hero-slides')!.getAttribute('aria-live')).toBe('polite');
    tick(SLIDE_INTERVAL * 3);
    expect(counter()).toBe('Slide 1 / 6');
    fireEvent.click(screen.getByRole('button', { name: 'Start slide rotation' }));
    expect(document.querySelector('.hero-slides')!.getAttribute('aria-live')).toBe('off');
    tick(SLIDE_INTERVAL);
    expect(counter()).toBe('Slide 2 / 6');
  });

  it('counts every click, however fast: two quick "next" then one "previous" in one batch move one slide on', () => {
    render(<HeroCarousel {...props} />);
    const next = screen.getByRole('button', { name: 'Next slide' });
    const previous = screen.getByRole('button', { name: 'Previous slide' });
    act(() => {
      next.click();
      next.click();
      previous.click();
    });
    expect(counter()).toBe('Slide 2 / 6');
    act(() => {
      previous.click();
      previous.click();
      next.click();
    });
    expect(counter()).toBe('Slide 1 / 6');
  });

  it('stops while the pointer rests on the slide or the controls, and resumes when it leaves', () => {
    render(<HeroCarousel {...props} />);
    for (const target of [
      document.querySelector('.hero-slide.is-active')!,
      document.querySelector('.hero-controls')!,
    ]) {
      const held = counter();
      fireEvent.pointerEnter(target);
      tick(SLIDE_INTERVAL * 2);
      expect(counter()).toBe(held);
      fireEvent.pointerLeave(target);
      tick(SLIDE_INTERVAL);
      expect(counter()).not.toBe(held);
    }
    expect(counter()).toBe('Slide 3 / 6');
  });

  it('keeps rotating while the pointer is only over the background', () => {
    render(<HeroCarousel {...props} />);
    fireEvent.pointerEnter(document.querySelector('.hero')!);
    fireEvent.pointerEnter(document.querySelector('.hero-art')!);
    tick(SLIDE_INTERVAL);
    expect(counter()).toBe('Slide 2 / 6');
  });

  it('is marked live only once hydrated, so the server markup shows no control that needs the script', () => {
    expect(renderToStaticMarkup(<HeroCarousel {...props} />)).not.toContain('is-live');
    render(<HeroCarousel {...props} />);
    expect(document.querySelector('.hero')!.classList.contains('is-live')).toBe(true);
  });

  it('stops while focus is inside it', () => {
    render(<HeroCarousel {...props} />);
    act(() => screen.getByRole('link', { name: /Go 1/ }).focus());
    tick(SLIDE_INTERVAL * 2);
    expect(counter()).toBe('Slide 1 / 6');
    act(() => (document.activeElement as HTMLElement).blur());
    tick(SLIDE_INTERVAL);
    expect(counter()).toBe('Slide 2 / 6');
  });

  it('does not start under prefers-reduced-motion', () => {
    reducedMotion = true;
    render(<HeroCarousel {...props} />);
    tick(SLIDE_INTERVAL * 3);
    expect(counter()).toBe('Slide 1 / 6');
    expect(screen.getByRole('button', { name: 'Start slide rotation' })).toBeTruthy();
  });

  it('labels slides as groups "n of 6" and shows highlights on slide 1 only', () => {
    render(<HeroCarousel {...props} />);
    const slides = document.querySelectorAll('[aria-roledescription="slide"]');
    expect([...slides].map((s) => s.getAttribute('aria-label'))).toEqual([
      '1 of 6',
      '2 of 6',
      '3 of 6',
      '4 of 6',
      '5 of 6',
      '6 of 6',
    ]);
    // Outside the stacked slides (so they do not set every slide's height), shown with slide 1 only.
    const features = document.querySelector('.hero-features')!;
    expect(features.closest('[aria-roledescription="slide"]')).toBeNull();
    expect([features.classList.contains('is-shown'), features.getAttribute('aria-hidden')]).toEqual([true, null]);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect([features.classList.contains('is-shown'), features.getAttribute('aria-hidden')]).toEqual([false, 'true']);
  });

  it("starts with slide 1's image only, and adds the next one halfway through each slide while rotating", () => {
    render(<HeroCarousel {...props} />);
    expect(images()).toEqual(['/img/0.svg']);
    tick(PRELOAD_AFTER - 1);
    expect(images()).toEqual(['/img/0.svg']);
    tick(1);
    expect(images()).toEqual(['/img/0.svg', '/img/1.svg']);
    expect(activeImage()).toBe('/img/0.svg');
    tick(SLIDE_INTERVAL - PRELOAD_AFTER);
    expect([counter(), activeImage()]).toEqual(['Slide 2 / 6', '/img/1.svg']);
    tick(PRELOAD_AFTER);
    expect(images()).toEqual(['/img/0.svg', '/img/1.svg', '/img/2.svg']);
  });

  it('adds both neighbouring images when the visitor reaches the controls, and the image of a slide jumped to', () => {
    render(<HeroCarousel {...props} />);
    fireEvent.pointerEnter(document.querySelector('.hero-controls')!);
    expect(images()).toEqual(['/img/0.svg', '/img/1.svg', '/img/5.svg']);
    fireEvent.click(screen.getByRole('link', { name: 'Slide 4: Slide title 4' }));
    expect(activeImage()).toBe('/img/3.svg');
    expect(images()).toEqual(['/img/0.svg', '/img/1.svg', '/img/2.svg', '/img/3.svg', '/img/4.svg', '/img/5.svg']);
  });

  it('loads no other image while paused and left alone', () => {
    reducedMotion = true;
    render(<HeroCarousel {...props} />);
    tick(SLIDE_INTERVAL * 3);
    expect(images()).toEqual(['/img/0.svg']);
  });

  it('opens on the slide a #hero-slide-n link points at', () => {
    window.history.replaceState(null, '', '/#hero-slide-3');
    render(<HeroCarousel {...props} />);
    expect(active()).toBe('hero-slide-3');
    expect(activeImage()).toBe('/img/2.svg');
  });
});
