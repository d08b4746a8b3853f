/**
 * The shared header. Without JavaScript it already works: desktop panels open
 * on hover and keyboard focus (CSS), and the small-screen menu is a <details>
 * whose groups share a `name` (one open at a time). Hydrated, it adds:
 * dropdowns that open on mouse enter and close on mouse leave after a short
 * grace delay, open from the keyboard, close on Escape with focus returned to
 * the trigger, and expose aria-expanded; a mobile menu whose accordion keeps
 * one group open, and which closes when any link is chosen, on Escape, when
 * focus moves on past it, and on a tap outside it.
 *
 * The small-screen menu opens with every group closed, so all of its top-level
 * entries fit on the screen at once; the group holding the current page is
 * marked, and opening it shows that page's link as the current one.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../templates/components/Button';
import ArrowRight from 'lucide-react/icons/arrow-right';
import ChevronDown from 'lucide-react/icons/chevron-down';
import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { svgProps } from '../templates/components/svg';
import { hydrator } from 'site/theme/islands/lib/runtime';

export const CLOSE_DELAY = 150;

export interface NavItem {
  name: string;
  path: string;
}
export interface NavigationProps {
  name: string;
  logo: string;
  route: string;
  navigation: {
    groups: { label: string; path: string; items: NavItem[] }[];
    links: { label: string; href: string }[];
    cta: { label: string; href: string };
  };
}

const isCurrent = (route: string, path: string) => route === path || (path !== '/' && route.startsWith(`${path}/`));

type Group = NavigationProps['navigation']['groups'][number];

/** A navigation link, marked as the current page when it leads to it. */
function NavLink({
  href,
  route,
  className,
  children,
}: {
  href: string;
  route: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a className={className} href={href} aria-current={route === href ? 'page' : undefined}>
      {children}
    </a>
  );
}

/** A group's links: "View All {group}" first, then its items (a desktop panel or a mobile accordion). */
function GroupLinks({ group, route, desktop = false }: { group: Group; route: string; desktop?: boolean }) {
  return (
    <ul>
      <li>
        <NavLink className={desktop ? 'nav-panel-all' : undefined} href={group.path} route={route}>
          View All {group.label}
          {desktop && <ArrowRight {...svgProps(16)} />}
        </NavLink>
      </li>
      {group.items.map((item) => (
        <li key={item.path}>
          <NavLink href={item.path} route={route}>
            {item.name}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function DesktopNav({
  navigation,
  route,
  enhanced,
}: {
  navigation: NavigationProps['navigation'];
  route: string;
  enhanced: boolean;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const triggers = useRef<(HTMLButtonElement | null)[]>([]);
  const panels = useRef<(HTMLDivElement | null)[]>([]);

  const cancelClose = () => clearTimeout(closeTimer.current);
  const closeSoon = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(null), CLOSE_DELAY);
  };
  useEffect(() => cancelClose, []);

  // Hydration is triggered by the first hover or focus, whose own events came too early for React:
  // keep open the panel that the pointer or focus is already in.
  useEffect(() => {
    if (!enhanced) return;
    const index = triggers.current.findIndex((t) => {
      const group = t?.closest('.nav-group');
      return group?.matches(':hover') || group?.contains(document.activeElement);
    });
    if (index !== -1) setOpen(index);
  }, [enhanced]);

  const focusLink = (index: number, which: 'first' | 'last') => {
    const links = panels.current[index]?.querySelectorAll('a');
    (which === 'first' ? links?.[0] : links?.[links.length - 1])?.focus();
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open === index) {
      event.preventDefault();
      setOpen(null);
      triggers.current[index]?.focus();
    } else if (event.key === 'ArrowDown' && event.target === triggers.current[index]) {
      event.preventDefault();
      setOpen(index);
      requestAnimationFrame(() => focusLink(index, 'first'));
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && event.target !== triggers.current[index]) {
      event.preventDefault();
      const links = [...(panels.current[index]?.querySelectorAll('a') ?? [])];
      const at = links.indexOf(event.target as HTMLAnchorElement);
      links[(at + (event.key === 'ArrowDown' ? 1 : -1) + links.length) % links.length]?.focus();
    }
  };

  return (
    <nav className="nav-desktop" aria-label="Main" data-enhanced={enhanced ? '' : undefined}>
      <ul className="nav-list">
        {navigation.groups.map((group, index) => {
          const panelId = `nav-panel-${index}`;
          const active =
            isCurrent(route, group.path) || group.items.some((item) => isCurrent(route, item.path.split('#')[0]!));
          const isOpen = open === index;
          return (
            <li
              className={`nav-group${isOpen ? ' is-open' : ''}`}
              key={group.label}
              onMouseEnter={() => {
                cancelClose();
                setOpen(index);
              }}
              onMouseLeave={closeSoon}
              onKeyDown={onKeyDown(index)}
              onBlur={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null))
                  setOpen((o) => (o === index ? null : o));
              }}
            >
              <button
                type="button"
                ref={(el) => {
                  triggers.current[index] = el;
                }}
                className={`nav-trigger${active ? ' is-active' : ''}`}
                aria-controls={panelId}
                aria-expanded={enhanced ? isOpen : undefined}
                onClick={() => setOpen(isOpen ? null : index)}
              >
                {group.label}
                <ChevronDown {...svgProps(16)} />
              </button>
              <div
                className="nav-panel"
                id={panelId}
                ref={(el) => {
                  panels.current[index] = el;
                }}
              >
                <GroupLinks group={group} route={route} desktop />
              </div>
            </li>
          );
        })}
        {navigation.links.map((link) => (
          <li key={link.href}>
            <NavLink
              className={`nav-link${isCurrent(route, link.href) ? ' is-active' : ''}`}
              href={link.href}
              route={route}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MobileNav({ navigation, route }: { navigation: NavigationProps['navigation']; route: string }) {
  const currentGroup = navigation.groups.findIndex(
    (g) => isCurrent(route, g.path) || g.items.some((i) => isCurrent(route, i.path.split('#')[0]!)),
  );
  const [menuOpen, setMenuOpen] = useState(false);
  const [group, setGroup] = useState<number | null>(null);
  const summary = useRef<HTMLElement>(null);
  const menu = useRef<HTMLDetailsElement>(null);

  // A tap or click outside the open menu closes it: elsewhere in the header, or on the page a tablet's side panel dims.
  // That dimming layer belongs to the menu's <details> itself, so the click lands on it, not on a link beneath; the
  // menu closes on the click, not before it, or the click would go through to the page once the layer is gone.
  useEffect(() => {
    if (!menuOpen) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target as Node;
      if (target === menu.current || !menu.current?.contains(target)) setMenuOpen(false);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [menuOpen]);

  // Hydration is triggered by the first tap or key, whose toggle can come before the island listens:
  // start from what the page shows.
  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    setMenuOpen(details.open);
    const openGroup = [...details.querySelectorAll<HTMLDetailsElement>('details.accordion')].findIndex((d) => d.open);
    setGroup(openGroup === -1 ? null : openGroup);
  }, []);

  const close = () => setMenuOpen(false);
  return (
    <details
      ref={menu}
      className="nav-mobile"
      open={menuOpen}
      onToggle={(event) => setMenuOpen(event.currentTarget.open)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && menuOpen) {
          close();
          summary.current?.focus();
        }
      }}
      onBlur={(event) => {
        // Focus moved on past the menu (Tab from its last entry, Shift+Tab from its toggle): the menu would cover it.
        const next = event.relatedTarget as Node | null;
        if (menuOpen && next && !event.currentTarget.contains(next)) close();
      }}
      onClick={(event) => {
        // Choosing any link closes the menu, in-page anchors included.
        if ((event.target as Element).closest('a')) close();
      }}
    >
      <summary className="nav-toggle" aria-label="Menu" ref={summary}>
        <span className="nav-toggle-open">
          <Menu {...svgProps(24)} />
        </span>
        <span className="nav-toggle-close">
          <X {...svgProps(24)} />
        </span>
      </summary>
      <nav className="nav-mobile-panel" aria-label="Main (mobile)">
        {navigation.groups.map((g, index) => (
          <details
            className="accordion"
            name="mobile-nav-group"
            key={g.label}
            open={group === index}
            onToggle={(event) => {
              const isOpen = event.currentTarget.open;
              setGroup((current) => (isOpen ? index : current === index ? null : current));
            }}
          >
            <summary className={index === currentGroup ? 'is-active' : undefined}>
              {g.label}
              <ChevronDown {...svgProps(18)} />
            </summary>
            <GroupLinks group={g} route={route} />
          </details>
        ))}
        <ul className="nav-mobile-links">
          {navigation.links.map((link) => (
            <li key={link.href}>
              <NavLink href={link.href} route={route}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <Button href={navigation.cta.href} className="nav-mobile-cta">
          {navigation.cta.label}
        </Button>
      </nav>
    </details>
  );
}

export function Header({ name, logo, route, navigation }: NavigationProps) {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  return (
    <header className="site-header">
      <div className="container header-inner">
        <a className="brand" href="/">
          <img src={logo} alt="" width={32} height={32} />
          <span>{name}</span>
          <span className="sr-only">, home</span>
        </a>
        <DesktopNav navigation={navigation} route={route} enhanced={enhanced} />
        <Button href={navigation.cta.href} size="sm" className="header-cta">
          {navigation.cta.label}
        </Button>
        <MobileNav navigation={navigation} route={route} />
      </div>
    </header>
  );
}

export const hydrate = hydrator(Header);
