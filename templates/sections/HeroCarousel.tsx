/**
 * The home hero: six slides over cross-fading background art. The server
 * renders slide 1 active and complete; without JavaScript the dots are
 * in-page links that show their slide (CSS :target), so every slide can be
 * read. The carousel island adds rotation, arrows, pause and the live counter.
 */
import { Button } from '../components/Button';
import { Icon, type IconName } from '../components/icons';

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
  highlights: { icon: IconName; title: string; description: string }[];
  secondaryAction: { label: string; href?: string };
  scrollLabel: string;
  /** Index of the active slide (0-based); the server renders 0. */
  current?: number;
  paused?: boolean;
}

export const slideId = (index: number) => `hero-slide-${index + 1}`;

export function HeroCarousel({ label, slides, highlights, secondaryAction, scrollLabel, current = 0 }: HeroCarouselProps) {
  const count = slides.length;
  return (
    <section className="hero" aria-roledescription="carousel" aria-label={label} data-current={current}>
      <div className="hero-art" aria-hidden="true">
        {slides.map((slide, index) => (
          <img
            key={slide.image}
            className={`hero-image${index === current ? ' is-active' : ''}`}
            src={slide.image}
            alt=""
            width={1600}
            height={900}
            decoding="async"
            loading={index === 0 ? 'eager' : 'lazy'}
          />
        ))}
      </div>
      <div className="container hero-inner">
        <div className="hero-slides">
          {slides.map((slide, index) => {
            const Title = index === 0 ? 'h1' : 'h2';
            return (
              <div
                key={slide.title}
                id={slideId(index)}
                className={`hero-slide${index === current ? ' is-active' : ''}`}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}`}
              >
                <p className="hero-subtitle">{slide.subtitle}</p>
                <Title className="hero-title">{slide.title}</Title>
                <p className="hero-description">{slide.description}</p>
                <div className="hero-actions">
                  <Button href={slide.link} size="lg" trailingIcon="arrow-right">
                    {slide.cta}
                  </Button>
                  {index === 0 && (
                    <Button href={secondaryAction.href} size="lg" variant="outline" className="btn-on-dark">
                      {secondaryAction.label}
                    </Button>
                  )}
                </div>
                {index === 0 && (
                  <ul className="hero-features">
                    {highlights.map((h) => (
                      <li key={h.title}>
                        <span className="hero-feature-icon">
                          <Icon name={h.icon} size={20} />
                        </span>
                        <span>
                          <strong>{h.title}</strong>
                          <span>{h.description}</span>
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            );
          })}
        </div>
        <div className="hero-controls">
          <button type="button" className="hero-arrow hero-prev" aria-label="Previous slide" data-tooltip="Previous slide">
            <Icon name="chevron-left" size={20} />
          </button>
          <ol className="hero-dots">
            {slides.map((slide, index) => (
              <li key={slide.title}>
                <a
                  className={`hero-dot${index === current ? ' is-active' : ''}`}
                  href={`#${slideId(index)}`}
                  aria-label={`Slide ${index + 1}: ${slide.title}`}
                  aria-current={index === current ? 'true' : undefined}
                />
              </li>
            ))}
          </ol>
          <button type="button" className="hero-arrow hero-next" aria-label="Next slide" data-tooltip="Next slide">
            <Icon name="chevron-right" size={20} />
          </button>
          <p className="hero-counter">
            <span className="sr-only">Slide </span>
            {current + 1} / {count}
          </p>
        </div>
      </div>
      <a className="hero-scroll" href="#services">
        <span>{scrollLabel}</span>
        <Icon name="chevron-down" size={20} />
      </a>
    </section>
  );
}
