/**
 * The theme's head script (theme.headScript): runs in <head> before the first paint, so a page shown to a visitor
 * who chose dark (or light) over their system's setting is painted in that scheme from its first frame. It only
 * reads the choice the theme toggle stored (islands/features/theme-toggle.tsx) and puts it on <html> as data-theme; the
 * stylesheet does the rest. Without a stored choice nothing is set, and the system's setting applies.
 */
import { readScheme } from './islands/lib/color-scheme-choice';

const scheme = readScheme();
if (scheme !== 'system') document.documentElement.dataset.theme = scheme;
