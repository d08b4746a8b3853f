/** Prose pages: the default template (title, description, markdown body) and legal pages with a table of contents. */
import { z } from 'zod';
import { defineTemplate } from '../../generator/theme';
import { PageHero } from '../components/PageHero';
import { crumbsOf } from './helpers';

export const prose = defineTemplate({
  schema: z.strictObject({}),
  component: ({ page }) => (
    <>
      <PageHero hero={{ title: page.title, lead: page.description, actions: [] }} breadcrumbs={crumbsOf(page)} />
      <div className="section">
        <div className="container container-narrow">
          <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
        </div>
      </div>
    </>
  ),
});

export const legal = defineTemplate({
  schema: z.strictObject({
    lastUpdated: z
      .string()
      .regex(
        /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
        'expected a month and year like January 2024',
      ),
    summary: z.string().min(1),
  }),
  component: ({ page }) => {
    const toc = page.headings.filter((h) => h.depth === 2);
    return (
      <>
        <PageHero
          hero={{
            eyebrow: `Last updated ${page.data.lastUpdated}`,
            title: page.title,
            lead: page.data.summary,
            actions: [],
          }}
          breadcrumbs={crumbsOf(page)}
        />
        <div className="section">
          <div className="container legal-layout">
            {toc.length > 0 && (
              <nav className="toc" aria-labelledby="toc-title">
                <h2 id="toc-title" className="toc-title">
                  On this page
                </h2>
                <ol>
                  {toc.map((h) => (
                    <li key={h.id}>
                      <a href={`#${h.id}`}>{h.text}</a>
                    </li>
                  ))}
                </ol>
              </nav>
            )}
            <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
          </div>
        </div>
      </>
    );
  },
});
