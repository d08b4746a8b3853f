import { ActionButton } from './ActionButton';
import { Icon, type IconName } from './icons';

export interface PageHeroData {
  eyebrow?: string;
  title: string;
  lead: string;
  icon?: IconName;
  actions: {
    label: string;
    href: string;
    variant?: 'default' | 'destructive' | 'outline' | 'secondary' | 'ghost' | 'link';
    icon?: IconName;
  }[];
  highlights?: string[];
}

/**
 * The dark band that opens every inner page, with the page's one h1. From laptops up, the page's icon drawn large
 * (decoration only) fills the right of the band, which the copy alone left empty.
 */
export function PageHero({
  hero,
  breadcrumbs,
}: {
  hero: PageHeroData;
  breadcrumbs?: { label: string; href?: string }[];
}) {
  return (
    <section className="page-hero" aria-labelledby="page-title">
      <div className="container page-hero-inner">
        <div className="page-hero-copy">
          {breadcrumbs && breadcrumbs.length > 1 && (
            <nav className="breadcrumbs" aria-label="Breadcrumb">
              <ol>
                {breadcrumbs.map((crumb) => (
                  <li key={crumb.label}>
                    {crumb.href ? (
                      <a href={crumb.href}>{crumb.label}</a>
                    ) : (
                      <span aria-current="page">{crumb.label}</span>
                    )}
                  </li>
                ))}
              </ol>
            </nav>
          )}
          {hero.icon && (
            <div className="page-hero-icon">
              <Icon name={hero.icon} size={28} />
            </div>
          )}
          {hero.eyebrow && <p className="eyebrow">{hero.eyebrow}</p>}
          <h1 id="page-title">{hero.title}</h1>
          <p className="page-hero-lead">{hero.lead}</p>
          {hero.highlights && hero.highlights.length > 0 && (
            <ul className="hero-highlights">
              {hero.highlights.map((h) => (
                <li key={h}>
                  <Icon name="check" size={16} />
                  {h}
                </li>
              ))}
            </ul>
          )}
          {hero.actions.length > 0 && (
            <div className="hero-actions">
              {hero.actions.map((action, i) => (
                <ActionButton key={action.label} action={action} size="lg" fallback={i === 0 ? 'default' : 'outline'} />
              ))}
            </div>
          )}
        </div>
        <div className="page-hero-art" aria-hidden="true">
          <Icon name={hero.icon ?? 'shield-check'} size={88} />
        </div>
      </div>
    </section>
  );
}
