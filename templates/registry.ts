/** Template name (as written in a page's `template:` field) → component and schema. */
import type { TemplateDefinition } from '../generator/theme';
import { home } from './pages/home';
import { notFound } from './pages/not-found';
import { page, service } from './pages/page';
import { legal, prose } from './pages/prose';

export const templates: Record<string, TemplateDefinition> = {
  prose,
  legal,
  home,
  page,
  service,
  'not-found': notFound,
};
