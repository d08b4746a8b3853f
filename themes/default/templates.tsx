/**
 * The theme's templates. `prose` (every page without a `template:`) shows the page's breadcrumbs and title, a table
 * of contents when the page has two or more sections, the markdown, its footer (PageFooter.tsx: an edit link and the
 * date of its last commit, when site.yml asks for them), and the previous and next pages, beside the
 * site's navigation; it takes any other frontmatter key (`date`, `tags`, `sidebar`: what other tools' pages carry) as
 * data, and shows the hero and features a home page written for VitePress, VuePress or Starlight gives (Hero.tsx). `section` is the page the engine makes for a folder with no page of its own: its entries, listed.
 * `not-found` is the 404 page.
 */
import { z } from 'zod';
import { defineTemplate, Island, type Heading, type NavItem } from 'site';
import { CodeCopy } from './islands/features/code-copy';
import { Hero, homeOf } from './Hero';
import { Breadcrumbs, Pager, WithNavigation } from './Navigation';
import { PageFooter } from './PageFooter';

/** The page's markdown, with a copy button on each code block when it has one (islands/features/code-copy.tsx). */
function Prose({ html }: { html: string }) {
  return (
    <>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
      {html.includes('<pre') && <Island name="code-copy" component={CodeCopy} props={{}} trigger="interaction" />}
    </>
  );
}

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
  navigation: true,
  component: ({ page, site, navigation }) => {
    const contents = contentsOf(page.headings);
    const home = homeOf(page.data, page.route, page.source);
    return (
      <WithNavigation navigation={navigation}>
        <article className={contents.length >= 2 ? 'page page-with-toc' : 'page'}>
          <header className="page-header">
            {navigation && <Breadcrumbs crumbs={page.breadcrumbs} />}
            <h1 id="page-title">{page.title}</h1>
          </header>
          {home && <Hero home={home} />}
          {contents.length >= 2 && <TableOfContents headings={contents} />}
          <Prose html={page.html} />
          <PageFooter page={page} site={site} />
          {navigation && <Pager navigation={navigation} />}
        </article>
      </WithNavigation>
    );
  },
});

/** A section's entries as its page lists them: each a link (or a label), with its own entries counted. */
function SectionEntries({ items }: { items: NavItem[] }) {
  return (
    <ul className="section-list">
      {items.map((item, i) => (
        <li key={item.route ?? `label-${i}`}>
          {item.route ? <a href={item.route}>{item.title}</a> : <span className="nav-label">{item.title}</span>}
        </li>
      ))}
    </ul>
  );
}

export const section = defineTemplate({
  schema: z.looseObject({}),
  navigation: true,
  component: ({ page, navigation }) => (
    <WithNavigation navigation={navigation}>
      <article className="page">
        <header className="page-header">
          {navigation && <Breadcrumbs crumbs={page.breadcrumbs} />}
          <h1 id="page-title">{page.title}</h1>
        </header>
        <Prose html={page.html} />
        {navigation?.children && <SectionEntries items={navigation.children} />}
        {navigation && <Pager navigation={navigation} />}
      </article>
    </WithNavigation>
  ),
});

export const notFound = defineTemplate({
  schema: z.looseObject({}),
  component: ({ page }) => (
    <article className="page not-found">
      <header className="page-header">
        <p className="not-found-code">404</p>
        <h1 id="page-title">{page.title}</h1>
      </header>
      <Prose html={page.html} />
      <p>
        <a className="home-link" href="/">
          Go to the home page
        </a>
      </p>
    </article>
  ),
});
