/**
 * A function of the theme the engine calls outside a component (a collection's filter, paginate.title, breadcrumbs,
 * layoutKey, a template's jsonLd, socialCard, formEndpoint): what it throws is the theme's mistake, named as a
 * component's is (RenderFailure names its template), never an InternalError ("a bug in site").
 */
import { SiteError } from './errors';

export interface ThemeCallPlace {
  /** The function, as the theme names it: `collections.posts.filter`, `paginate.title`, `layoutKey`. */
  fn: string;
  /** The template it belongs to, when it is a template's. */
  template?: string;
  /** The page it was called for, when it was called for one: its route and file. */
  route?: string;
  file?: string;
}

export function callTheme<T>(place: ThemeCallPlace, run: () => T): T {
  try {
    return run();
  } catch (cause) {
    if (SiteError.is(cause)) throw cause;
    const problem = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    throw new SiteError(
      'ThemeFunctionFailed',
      { fn: place.fn, template: place.template, route: place.route, problem },
      { file: place.file, cause },
    );
  }
}
