import type { ReactNode } from 'react';

export type Tone = 'default' | 'muted' | 'dark';

/** A page band: full-width background by tone, centred container, optional heading block. */
export function Section({
  id,
  tone = 'default',
  className,
  children,
  labelledBy,
}: {
  id?: string;
  tone?: Tone;
  className?: string;
  children: ReactNode;
  labelledBy?: string;
}) {
  return (
    <section
      id={id}
      className={['section', `tone-${tone}`, className].filter(Boolean).join(' ')}
      aria-labelledby={labelledBy}
    >
      <div className="container">{children}</div>
    </section>
  );
}

/** Eyebrow, h2 title and intro, centred above a section's content. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = 'center',
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  align?: 'center' | 'start';
}) {
  return (
    <header className={`section-heading align-${align}`}>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id}>{title}</h2>
      {intro && <p className="lead">{intro}</p>}
    </header>
  );
}

export function Badge({ children, tone = 'accent' }: { children: ReactNode; tone?: 'accent' | 'neutral' | 'inverse' }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
