/**
 * The shared header: brand, five dropdown groups, plain links and the call to
 * action. It works without JavaScript: desktop panels open on hover and on
 * keyboard focus (CSS), and the small-screen menu is a <details> whose groups
 * share a `name`, so one is open at a time. The navigation island enhances it.
 */
import type { SiteConfig } from '../../generator/config';
import { Button } from '../components/Button';
import { Icon } from '../components/icons';

type Navigation = SiteConfig['navigation'];

const isCurrent = (route: string, path: string) => route === path || (path !== '/' && route.startsWith(`${path}/`));

function Brand({ site }: { site: SiteConfig }) {
  return (
    <a className="brand" href="/">
      <img src={site.logo} alt="" width={32} height={32} />
      <span>{site.name}</span>
      <span className="sr-only">, home</span>
    </a>
  );
}

function DesktopNav({ nav, route }: { nav: Navigation; route: string }) {
  return (
    <nav className="nav-desktop" aria-label="Main">
      <ul className="nav-list">
        {nav.groups.map((group, index) => {
          const panelId = `nav-panel-${index}`;
          const active = isCurrent(route, group.path) || group.items.some((item) => isCurrent(route, item.path.split('#')[0]!));
          return (
            <li className="nav-group" key={group.label} data-nav-group="">
              <button type="button" className={`nav-trigger${active ? ' is-active' : ''}`} aria-controls={panelId} data-nav-trigger="">
                {group.label}
                <Icon name="chevron-down" size={16} />
              </button>
              <div className="nav-panel" id={panelId} data-nav-panel="">
                <ul>
                  <li>
                    <a className="nav-panel-all" href={group.path} aria-current={route === group.path ? 'page' : undefined}>
                      View All {group.label}
                      <Icon name="arrow-right" size={16} />
                    </a>
                  </li>
                  {group.items.map((item) => (
                    <li key={item.path}>
                      <a href={item.path} aria-current={route === item.path ? 'page' : undefined}>
                        {item.name}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          );
        })}
        {nav.links.map((link) => (
          <li key={link.href}>
            <a className={`nav-link${isCurrent(route, link.href) ? ' is-active' : ''}`} href={link.href} aria-current={route === link.href ? 'page' : undefined}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MobileNav({ nav, route }: { nav: Navigation; route: string }) {
  return (
    <details className="nav-mobile" data-mobile-menu="">
      <summary className="nav-toggle" aria-label="Menu">
        <span className="nav-toggle-open">
          <Icon name="menu" size={24} />
        </span>
        <span className="nav-toggle-close">
          <Icon name="x" size={24} />
        </span>
      </summary>
      <nav className="nav-mobile-panel" aria-label="Main (mobile)">
        {nav.groups.map((group) => (
          <details className="accordion" name="mobile-nav-group" key={group.label} open={group.items.some((i) => route === i.path) || route === group.path}>
            <summary>
              {group.label}
              <Icon name="chevron-down" size={18} />
            </summary>
            <ul>
              <li>
                <a href={group.path}>View All {group.label}</a>
              </li>
              {group.items.map((item) => (
                <li key={item.path}>
                  <a href={item.path} aria-current={route === item.path ? 'page' : undefined}>
                    {item.name}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        ))}
        <ul className="nav-mobile-links">
          {nav.links.map((link) => (
            <li key={link.href}>
              <a href={link.href} aria-current={route === link.href ? 'page' : undefined}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <Button href={nav.cta.href} className="nav-mobile-cta">
          {nav.cta.label}
        </Button>
      </nav>
    </details>
  );
}

export function Header({ site, route }: { site: SiteConfig; route: string }) {
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Brand site={site} />
        <DesktopNav nav={site.navigation} route={route} />
        <Button href={site.navigation.cta.href} size="sm" className="header-cta">
          {site.navigation.cta.label}
        </Button>
        <MobileNav nav={site.navigation} route={route} />
      </div>
    </header>
  );
}
