/**
 * The built-in theme's head script (theme.headScript): what must run before the first paint or before any island
 * starts. The colour scheme a visitor chose (color-scheme.ts), the search box's keys (search-shortcut.ts) and what starts the code blocks' copy buttons (code-copy-trigger.ts).
 */
import './color-scheme';
import './search-shortcut';
import './code-copy-trigger';
