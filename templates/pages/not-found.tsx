/** The not-found page (404.html): the message, a way home, and a script that logs the attempted path. */
import { z } from 'zod';
import { defineTemplate } from '../../generator/theme';
import { ActionButton } from '../components/ActionButton';
import { Icon } from '../components/icons';
import { action } from '../content/schemas';

export const notFound = defineTemplate({
  schema: z.strictObject({
    code: z.string().min(1),
    heading: z.string().min(1),
    message: z.string().min(1),
    action,
    links: z.array(z.strictObject({ label: z.string().min(1), href: z.string().regex(/^\//) })).default([]),
  }),
  scripts: ['log-path'],
  component: ({ page }) => (
    <section className="not-found" aria-labelledby="page-title">
      <div className="container container-narrow">
        <p className="not-found-code" aria-hidden="true">
          <Icon name="shield-alert" size={40} />
          {page.data.code}
        </p>
        <h1 id="page-title">{page.data.heading}</h1>
        <p className="lead">{page.data.message}</p>
        <ActionButton action={page.data.action} size="lg" />
        {page.data.links.length > 0 && (
          <ul className="not-found-links">
            {page.data.links.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  ),
});
