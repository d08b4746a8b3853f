/**
 * The page watch mode shows while the last build failed: headed by the error's own title (a content typo is an
 * "Invalid frontmatter", not an application error), and "Unexpected Application Error!" when rendering failed or
 * the error is not one of the catalogue's. Stacks only with --verbose: they name the engine's compiled chunks, which
 * help no one fixing a page.
 */
import { renderToStaticMarkup } from '../render/react-server';
import { siteErrorsOf } from '../base/errors';

const UNEXPECTED = 'Unexpected Application Error!';

export function overlayHtml(error: unknown, route: string, verbose = false): string {
  const errors = siteErrorsOf(error);
  const items =
    errors.length > 0
      ? errors
      : [
          {
            kind: (error as Error)?.name ?? 'Error',
            title: 'Build failed',
            message: String((error as Error)?.message ?? error),
            location: '',
            hint: '',
            stack: (error as Error)?.stack,
          },
        ];
  const kinds = new Set(errors.map((e) => e.kind));
  const heading =
    errors.length === 0 || kinds.has('RenderFailure') || kinds.has('InternalError')
      ? UNEXPECTED
      : errors.length === 1
        ? errors[0]!.title
        : `${errors[0]!.title} (and ${errors.length - 1} more)`;
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{heading}</title>
        <link rel="stylesheet" href="/__site/overlay.css" />
        <script type="module" src={`/__site/client.js?route=${encodeURIComponent(route)}`} />
      </head>
      <body>
        <main>
          <h1>{heading}</h1>
          <p>The last build failed; this page reloads by itself when the next save builds.</p>
          {items.map((e, i) => (
            <section key={i}>
              <h2>
                {e.kind}: {e.title}
              </h2>
              {e.location && <p className="where">{e.location}</p>}
              <pre>{e.message}</pre>
              {e.hint && <p className="hint">hint: {e.hint}</p>}
              {verbose && e.stack && <pre>{e.stack}</pre>}
            </section>
          ))}
        </main>
      </body>
    </html>,
  )}`;
}
