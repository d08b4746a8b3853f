/** Tag slugs: a tag's route segment, safe whatever the tag's text. */
import { createHash } from 'node:crypto';

/**
 * `Cloud Security` → `cloud-security`; `Zero-Day!` → `zero-day`; accents are dropped (`Sécurité` → `securite`).
 * A tag with no letter or digit of the Latin alphabet (`安全`) takes a slug made of its digest, so it is still a safe
 * route segment and still its own.
 */
export function tagSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || `tag-${createHash('sha256').update(name).digest('hex').slice(0, 8)}`;
}
