/**
 * What templates declare they read of other pages (collections, paginate, neighbours, feed), checked before a plan
 * is made of it: each mistake is an InvalidCollectionUse naming the template and the field.
 */
import { SiteError } from '../base/errors';
import type { Theme } from '../pages/theme-types';
import type { CollectionUse } from '../pages/collection-types';
import type { Source } from './query';

/** What each template reads, checked; templates that read nothing are left out. */
export function usesOf(theme: Theme, errors: SiteError[]): Map<string, CollectionUse> {
  const uses = new Map<string, CollectionUse>();
  for (const [name, template] of Object.entries(theme.templates)) {
    const use = template as CollectionUse;
    if (!use.collections && !use.paginate && !use.neighbours && !use.feed && use.navigation === undefined) continue;
    const problems = useProblems(use);
    for (const [field, problem] of problems)
      errors.push(new SiteError('InvalidCollectionUse', { template: name, field, problem }, { field }));
    if (problems.length === 0) uses.set(name, use);
  }
  return uses;
}

const wholeFrom1 = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 1;

function useProblems(use: CollectionUse): [string, string][] {
  const problems: [string, string][] = [];
  const names = Object.keys(use.collections ?? {});
  const named = (field: string, name: string | undefined) => {
    if (name !== undefined && !names.includes(name))
      problems.push([field, `names "${name}", not one of its collections (${names.join(', ') || 'none'})`]);
  };
  for (const [name, query] of Object.entries(use.collections ?? {})) {
    if (query.limit !== undefined && !wholeFrom1(query.limit))
      problems.push([`collections.${name}.limit`, 'is not a whole number from 1']);
    if (
      query.sort !== undefined &&
      !['date', 'title', 'route'].includes(query.sort) &&
      !/^data\.[^.]+$/.test(query.sort)
    )
      problems.push([`collections.${name}.sort`, 'is not date, title, route or data.<field>']);
  }
  named('paginate.collection', use.paginate?.collection);
  if (use.paginate && !wholeFrom1(use.paginate.size)) problems.push(['paginate.size', 'is not a whole number from 1']);
  named('neighbours', use.neighbours);
  named('feed.collection', use.feed?.collection);
  if (use.navigation !== undefined && typeof use.navigation !== 'boolean')
    problems.push(['navigation', 'is not true or false']);
  if (use.feed?.limit !== undefined && !wholeFrom1(use.feed.limit))
    problems.push(['feed.limit', 'is not a whole number from 1']);
  return problems;
}

/**
 * A collection that names a schema types its entries' data with it: each of its pages must have been validated by
 * that very schema (its template's), or the types would lie.
 */
export function schemaProblems(
  sources: readonly Source[],
  schema: unknown,
  theme: Theme,
  template: string,
  name: string,
  errors: SiteError[],
): void {
  let fitting: string[] | undefined;
  for (const { page } of sources) {
    if (theme.templates[page.template]?.schema === schema) continue;
    // The templates whose schema it is: a page brought from another tool has none named, and needs one of these.
    fitting ??= Object.keys(theme.templates).filter((other) => theme.templates[other]?.schema === schema);
    const give =
      fitting.length === 0 ? 'a template with this schema' : fitting.map((t) => `template: ${t}`).join(' or ');
    errors.push(
      new SiteError(
        'InvalidCollectionUse',
        {
          template,
          field: `collections.${name}.schema`,
          problem: `is not the schema of ${page.file}'s template "${page.template}"${'template' in page.data ? '' : ' (it names none, so the default)'}: give the page ${give}, or narrow the collection (folder, template)`,
        },
        {
          file: page.file,
          field: 'template',
          hint: `A collection that names a schema lists pages of that schema's templates only: write ${give} in the frontmatter of each page it lists.`,
        },
      ),
    );
  }
}
