/**
 * The header's colour scheme button: each press goes to the next of system, light and dark, shown at once and
 * remembered (lib/color-scheme-choice.ts). Its markup names all three; the stylesheet shows the one that is in force
 * (from data-theme on <html>, which the head script set before the first paint), so the server's markup is right
 * before the island hydrates and React keeps no state of its own. Without JavaScript it is hidden: there is nothing
 * it could do, and the system's setting applies.
 */
import type { ReactNode } from 'react';
import { applyScheme, readScheme, type Scheme } from '../lib/color-scheme-choice';
import { hydrator } from '../lib/runtime';

const NEXT: Record<Scheme, Scheme> = { system: 'light', light: 'dark', dark: 'system' };
const LABEL: Record<Scheme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

const ICONS: Record<Scheme, ReactNode> = {
  system: (
    <>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
    </>
  ),
  light: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  dark: <path d="M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z" />,
};

export function ThemeToggle() {
  return (
    <button type="button" className="theme-toggle" onClick={() => applyScheme(NEXT[readScheme()])}>
      {(Object.keys(LABEL) as Scheme[]).map((scheme) => (
        <span key={scheme} className={`theme-toggle-${scheme}`}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            {ICONS[scheme]}
          </svg>
          <span className="visually-hidden">Colour scheme: {LABEL[scheme]}</span>
        </span>
      ))}
    </button>
  );
}

export const hydrate = hydrator(ThemeToggle);
