/** The page watch mode shows while the last build failed, headed "Unexpected Application Error!". */
import { renderToStaticMarkup } from '../render/react-server';
import { siteErrorsOf } from '../core/errors';

export function overlayHtml(error: unknown, route: string): string {
  const errors = siteErrorsOf(error);
  const items = errors.length > 0 ? errors : [{ kind: (error as Error)?.name ?? 'Error', title: 'Build failed', message: String((error as Error)?.message ?? error), location: '', hint: '', stack: (error as Error)?.stack }];
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>Unexpected Application Error!</title>
        <link rel="stylesheet" href="/__site/overlay.css" />
        <script type="module" src={`/__site/client.js?route=${encodeURIComponent(route)}`} />
      </head>
      <body>
        <main>
          <h1>Unexpected Application Error!</h1>
          <p>The last build failed; this page reloads by itself when the next save builds.</p>
          {items.map((e, i) => (
            <section key={i}>
              <h2>
                {e.kind}: {e.title}
              </h2>
              {e.location && <p className="where">{e.location}</p>}
              <pre>{e.message}</pre>
              {e.hint && <p className="hint">hint: {e.hint}</p>}
              {e.stack && <pre>{e.stack}</pre>}
            </section>
          ))}
        </main>
      </body>
    </html>,
  )}`;
}
