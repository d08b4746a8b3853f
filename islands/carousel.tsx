/**
 * The home hero carousel. The server renders slide 1 active and complete;
 * hydrated, it rotates every 6 s (wrapping), moves by one with the arrows,
 * jumps with the dots, and cross-fades the backgrounds (CSS, 1 s, 30%).
 * Beyond the spec, for WCAG 2.2.2 and the WAI-ARIA carousel pattern: a
 * pause/play control first in tab order; rotation stops while focus is inside
 * the hero or the pointer rests on what a visitor reads or uses (the slide's
 * text, the controls, the highlights), and never starts under reduced motion;
 * the live region is polite only while rotation is off. The pointer merely
 * crossing the full-screen background does not stop it, so the slides do
 * advance every 6 s as the spec says.
 *
 * Before the script arrives the dots are links to the slides' anchors (CSS
 * :target shows the slide), and the arrows, pause and counter are not shown
 * (their space is kept): nothing a visitor sees ignores a tap. Once hydrated
 * the hero is marked live, the slide a dot linked to stays shown, and each
 * click moves exactly one slide from the slide shown, however fast clicks come.
 *
 * The highlights (slide 1 only) sit after the controls, outside the stacked
 * slides: otherwise the stack takes slide 1's height and every other slide
 * leaves a screen of empty hero between its button and the controls.
 *
 * Only slide 1's image is in the server markup (it is the page's largest
 * paint). Each other image joins the page when it is about to be needed:
 * halfway through the slide before it while rotating, or when the visitor
 * reaches the controls (both neighbours), or at once for a slide jumped to.
 * So the page's load fetches and decodes one image, not six, and a rotating
 * slide still fades in with its image there.
 *
 * A background fades in only once its image is decoded: a slide jumped to
 * before its image has arrived shows its text at once, keeps the previous
 * background meanwhile, then cross-fades to its own over the same 1 s (never
 * an image popping in half-loaded, or appearing without its fade).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../templates/components/Button';
import ArrowRight from 'lucide-react/icons/arrow-right';
import ChevronDown from 'lucide-react/icons/chevron-down';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import { svgProps } from '../templates/components/svg';
import { hydrator } from 'site/theme/islands/lib/runtime';
import { Tooltip, TooltipProvider } from './lib/Tooltip';

export const SLIDE_INTERVAL = 6000;
/** How long into a slide the next slide's image starts loading while rotating. */
export const PRELOAD_AFTER = SLIDE_INTERVAL / 2;

export interface Slide {
  title: string;
  subtitle: string;
  description: string;
  image: string;
  cta: string;
  link: string;
}

export interface HeroCarouselProps {
  label: string;
  slides: Slide[];
  highlights: { iconSvg: string; title: string; description: string }[];
  secondaryAction: { label: string; href?: string };
  scrollLabel: string;
}

export const slideId = (index: number) => `hero-slide-${index + 1}`;
export const wrap = (index: number, count: number) => ((index % count) + count) % count;

const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export function HeroCarousel({ label, slides, highlights, secondaryAction, scrollLabel }: HeroCarouselProps) {
  const count = slides.length;
  const [current, setCurrent] = useState(0);
  /** Rotation switched off by the visitor (or by reduced motion). */
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  /** Slides whose image is in the page; the server renders slide 1's. */
  const [withImage, setWithImage] = useState<ReadonlySet<number>>(() => new Set([0]));
  const addImages = useCallback(
    (...indexes: number[]) =>
      setWithImage((shown) => (indexes.every((i) => shown.has(i)) ? shown : new Set([...shown, ...indexes]))),
    [],
  );
  /** Slides whose image is decoded, ready to fade in; slide 1's came with the page. */
  const [decoded, setDecoded] = useState<ReadonlySet<number>>(() => new Set([0]));
  /** The background shown: the current slide's once its image is decoded, until then the one before. */
  const [background, setBackground] = useState(0);
  useEffect(() => {
    if (decoded.has(current)) setBackground(current);
  }, [current, decoded]);
  /** One stable ref callback per later slide's image: it runs once, when the image joins the page. */
  const imageRefs = useRef(new Map<number, (img: HTMLImageElement | null) => void>());
  const imageRef = (index: number) => {
    let ref = imageRefs.current.get(index);
    if (!ref) {
      ref = (img) => {
        if (!img) return;
        const ready = () => setDecoded((done) => (done.has(index) ? done : new Set([...done, index])));
        // Computing the image's style now fixes its starting opacity (0), so turning it active later fades it in.
        void getComputedStyle(img).opacity;
        // Where decoding cannot be awaited (an older browser, a test DOM), show the image at once; a broken one too.
        if (typeof img.decode !== 'function') ready();
        else img.decode().then(ready, ready);
      };
      imageRefs.current.set(index, ref);
    }
    return ref;
  };

  useEffect(() => {
    setHydrated(true);
    if (prefersReducedMotion()) setPaused(true);
    // A slide linked by its anchor (the no-JavaScript dots) stays shown.
    const linked = slides.findIndex((_, i) => `#${slideId(i)}` === window.location.hash);
    if (linked > 0) setCurrent(linked);
  }, [slides]);

  const rotating = hydrated && !paused && !hovered && !focused && count > 1;
  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setCurrent((i) => wrap(i + 1, count)), SLIDE_INTERVAL);
    return () => clearInterval(timer);
  }, [rotating, count]);

  /** Moves from the slide shown now, not the one this render saw: clicks faster than React renders each count. */
  const step = useCallback((by: number) => setCurrent((i) => wrap(i + by, count)), [count]);
  const go = useCallback((index: number) => setCurrent(wrap(index, count)), [count]);
  const hover = {
    onPointerEnter: () => setHovered(true),
    onPointerLeave: () => setHovered(false),
  };

  // The shown slide has its image; the visitor at the controls may step either way.
  const engaged = hovered || focused;
  useEffect(() => {
    if (engaged) addImages(current, wrap(current - 1, count), wrap(current + 1, count));
    else addImages(current);
  }, [current, engaged, count, addImages]);
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => addImages(wrap(current + 1, count)), PRELOAD_AFTER);
    return () => clearTimeout(timer);
  }, [rotating, current, count, addImages]);

  return (
    <TooltipProvider>
      <section
        className={`hero${hydrated ? ' is-live' : ''}`}
        aria-roledescription="carousel"
        aria-label={label}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        <div className="hero-art" aria-hidden="true">
          {slides.map((slide, index) =>
            withImage.has(index) ? (
              <img
                key={slide.image}
                ref={index === 0 ? undefined : imageRef(index)}
                className={`hero-image${index === background ? ' is-active' : ''}`}
                src={slide.image}
                alt=""
                width={1600}
                height={900}
                decoding="async"
                fetchPriority={index === 0 ? 'high' : undefined}
              />
            ) : null,
          )}
        </div>
        <div className="container hero-inner">
          <div className="hero-controls" {...hover}>
            <Tooltip content={paused ? 'Start rotation' : 'Pause rotation'}>
              <button
                type="button"
                className="hero-pause"
                aria-label={paused ? 'Start slide rotation' : 'Pause slide rotation'}
                onClick={() => setPaused((p) => !p)}
              >
                {paused ? <Play {...svgProps(18)} /> : <Pause {...svgProps(18)} />}
              </button>
            </Tooltip>
            <Tooltip content="Previous slide">
              <button
                type="button"
                className="hero-arrow hero-prev"
                aria-label="Previous slide"
                aria-controls="hero-slides"
                onClick={() => step(-1)}
              >
                <ChevronLeft {...svgProps(20)} />
              </button>
            </Tooltip>
            <ol className="hero-dots">
              {slides.map((slide, index) => (
                <li key={slide.title}>
                  <a
                    className={`hero-dot${index === current ? ' is-active' : ''}`}
                    href={`#${slideId(index)}`}
                    aria-label={`Slide ${index + 1}: ${slide.title}`}
                    aria-current={index === current ? 'true' : undefined}
                    aria-controls="hero-slides"
                    onClick={(event) => {
                      event.preventDefault();
                      go(index);
                    }}
                  />
                </li>
              ))}
            </ol>
            <Tooltip content="Next slide">
              <button
                type="button"
                className="hero-arrow hero-next"
                aria-label="Next slide"
                aria-controls="hero-slides"
                onClick={() => step(1)}
              >
                <ChevronRight {...svgProps(20)} />
              </button>
            </Tooltip>
            <p className="hero-counter">
              <span className="sr-only">Slide </span>
              {current + 1} / {count}
            </p>
          </div>
          <div className="hero-slides" id="hero-slides" aria-live={rotating ? 'off' : 'polite'}>
            {slides.map((slide, index) => {
              const Title = index === 0 ? 'h1' : 'h2';
              const active = index === current;
              return (
                <div
                  key={slide.title}
                  id={slideId(index)}
                  className={`hero-slide${active ? ' is-active' : ''}`}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${index + 1} of ${count}`}
                  {...hover}
                >
                  <p className="hero-subtitle">{slide.subtitle}</p>
                  <Title className="hero-title">{slide.title}</Title>
                  <p className="hero-description">{slide.description}</p>
                  <div className="hero-actions">
                    <Button href={slide.link} size="lg" trailingIcon={<ArrowRight {...svgProps(18)} />}>
                      {slide.cta}
                    </Button>
                    {index === 0 && (
                      <Button href={secondaryAction.href} size="lg" variant="outline">
                        {secondaryAction.label}
                      </Button>
                    )}
                  </div>
                </div>
              );
            })}
          </div>
          {highlights.length > 0 && (
            <ul
              className={`hero-features${current === 0 ? ' is-shown' : ''}`}
              aria-hidden={current === 0 ? undefined : true}
              {...hover}
            >
              {highlights.map((h) => (
                <li key={h.title}>
                  {/* The icon arrives rendered by the server, so the icon map stays out of the browser. */}
                  <span className="hero-feature-icon" dangerouslySetInnerHTML={{ __html: h.iconSvg }} />
                  <span>
                    <strong>{h.title}</strong>
                    <span>{h.description}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <a className="hero-scroll" href="#services">
          <span>{scrollLabel}</span>
          <ChevronDown {...svgProps(20)} />
        </a>
      </section>
    </TooltipProvider>
  );
}

export const hydrate = hydrator(HeroCarousel);
