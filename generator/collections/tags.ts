/** Tag slugs: a tag's route segment, safe whatever the tag's text. */
import { createHash } from 'node:crypto';

/**
 * A tag's page is `<route>/tags/<slug>`, written as `<slug>.html`: the slug `index` would be written as the tags
 * folder's index (`tags/index.html`), served at `<route>/tags` and never at its own address, so a tag `Index` takes
 * `tag-index`, as a tag with no Latin letter takes `tag-<digest>`. (A tag written `Tag index` has that slug too: the
 * two are a TagSlugCollision, an error naming both, never one page shadowing another.)
 *
 * `Cloud Security` → `cloud-security`; `Zero-Day!` → `zero-day`; accents are dropped (`Sécurité` → `securite`).
 * A `+` (or a run of them) or a `#` right after a letter or a digit is a word, as it is read in a language's or a tool's name
 * (`C++` → `c-plus-plus`, `C#` → `c-sharp`, `Notepad++`, `Google+`): a blog about C, C++ and C# gets three tag pages,
 * where dropping the signs made the three one slug, a TagSlugCollision. Elsewhere they are punctuation (`#security`
 * → `security`). A tag with no letter or digit of the Latin alphabet (`安全`) takes a slug made of its digest, so it is
 * still a safe route segment and still its own.
 */
export function tagSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/(?<=[a-z0-9])\++/g, (signs) => `${'-plus'.repeat(signs.length)}-`)
    .replace(/(?<=[a-z0-9])#/g, '-sharp-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  if (slug === 'index') return 'tag-index';
  return slug || `tag-${createHash('sha256').update(name).digest('hex').slice(0, 8)}`;
}
