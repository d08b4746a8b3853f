/**
 * The card: one component for service cards, feature cards, programmes,
 * courses, job openings and info cards; they differ only in data.
 */
import type { ReactNode } from 'react';
import { ActionButton } from './ActionButton';
import { Icon } from './icons';
import type { Card as CardData } from '../content/schemas';

export function Card({
  card,
  headingLevel = 3,
  children,
}: {
  card: CardData;
  headingLevel?: 3 | 4;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <article className="card" id={card.id}>
      {card.icon && (
        <div className="card-icon">
          <Icon name={card.icon} size={24} />
        </div>
      )}
      {card.eyebrow && <p className="card-eyebrow">{card.eyebrow}</p>}
      <Heading className="card-title">{card.title}</Heading>
      {card.description && <p className="card-text">{card.description}</p>}
      {card.meta && card.meta.length > 0 && (
        <dl className="card-meta">
          {card.meta.map((m) => (
            <div key={m.label}>
              <dt>
                {m.icon && <Icon name={m.icon} size={16} />}
                {m.label}
              </dt>
              <dd>{m.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {card.features && card.features.length > 0 && <CheckList items={card.features} />}
      {children}
      {card.actions && card.actions.length > 0 && (
        <div className="card-actions">
          {card.actions.map((action) => (
            <ActionButton key={action.label} action={action} fallback="outline" context={card.title} />
          ))}
        </div>
      )}
    </article>
  );
}

export function CheckList({ items, className }: { items: string[]; className?: string }) {
  return (
    <ul className={['checklist', className].filter(Boolean).join(' ')}>
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={16} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
