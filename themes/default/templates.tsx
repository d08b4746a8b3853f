/**
 * The theme's templates. `prose` (every page without a `template:`) shows the title, a table of contents when the
 * page has two or more sections, and the markdown; it takes any other frontmatter key (`date`, `tags`, `sidebar`:
 * what other tools' pages carry) as data. `not-found` is the 404 page.
 */
import { z } from 'zod';
import { defineTemplate, type Heading } from 'site';

/** The headings a table of contents lists: sections and their subsections. */
const contentsOf = (headings: Heading[]) => headings.filter((heading) => heading.depth === 2 || heading.depth === 3);

function TableOfContents({ headings }: { headings: Heading[] }) {
  return (
    <nav className="toc" aria-labelledby="toc-title">
      <h2 id="toc-title">On this page</h2>
      <ol>
        {headings.map((heading) => (
          <li key={heading.id} className={heading.depth === 3 ? 'toc-sub' : undefined}>
            <a href={`#${heading.id}`}>{heading.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export const prose = defineTemplate({
  schema: z.looseObject({}),
  component: ({ page }) => {
    const contents = contentsOf(page.headings);
    return (
      <article className={contents.length >= 2 ? 'page page-with-toc' : 'page'}>
        <header className="page-header">
          <h1 id="page-title">{page.title}</h1>
        </header>
        {contents.length >= 2 && <TableOfContents headings={contents} />}
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      </article>
    );
  },
});

export const notFound = defineTemplate({
  schema: z.looseObject({}),
  component: ({ page }) => (
    <article className="page not-found">
      <header className="page-header">
        <p className="not-found-code">404</p>
        <h1 id="page-title">{page.title}</h1>
      </header>
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      <p>
        <a className="home-link" href="/">
          Go to the home page
        </a>
      </p>
    </article>
  ),
});
