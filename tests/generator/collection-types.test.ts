/**
 * The types of the collections API (checked by tsc, as `npm test` runs it over tests/): a template that declares a
 * collection with a schema receives entries whose `data` is that schema's output, and the props its declaration
 * promises (`pagination`, `neighbours`, `collections`, `feeds`) without `!`; props it did not declare are not there.
 * Each @ts-expect-error below fails the typecheck when what it forbids becomes allowed.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  dateField,
  defineCollection,
  defineTemplate,
  type CollectionEntry,
  type FeedLink,
  type TemplateDefinition,
  type TemplateProps,
} from '../../generator/theme';

const postSchema = z.object({ date: dateField(), rating: z.number() });
const posts = defineCollection({ folder: 'blog', schema: postSchema, sort: 'date' });
type Post = CollectionEntry<typeof posts>;

describe('collection types', () => {
  it('types an entry by its collection schema', () => {
    expectTypeOf<Post['data']['date']>().toEqualTypeOf<string>();
    expectTypeOf<Post['data']['rating']>().toEqualTypeOf<number>();
    // The fields every page has are there too.
    expectTypeOf<Post['data']['tags']>().toEqualTypeOf<string[] | undefined>();
    // A filter sees the typed entry.
    defineCollection({ schema: postSchema, filter: (entry) => entry.data.rating > 3 });
    // @ts-expect-error rating is a number, not a string
    defineCollection({ schema: postSchema, filter: (entry) => entry.data.rating.startsWith('x') });
    // Without a schema, data is only the fields every page has, and unknown ones.
    expectTypeOf<CollectionEntry<{ folder: 'blog' }>['data']['rating']>().toEqualTypeOf<unknown>();
  });

  it('gives a paginating template its pagination, typed, and its feeds', () => {
    const template = defineTemplate({
      schema: z.object({}),
      collections: { posts },
      paginate: { collection: 'posts', size: 10 },
      feed: { collection: 'posts' },
      component: ({ pagination, feeds }) => {
        expectTypeOf(pagination.entries[0]!.data.date).toEqualTypeOf<string>();
        expectTypeOf(feeds).toEqualTypeOf<FeedLink[]>();
        return null;
      },
    });
    expectTypeOf(template).toEqualTypeOf<TemplateDefinition>();
    expect(template.paginate).toEqual({ collection: 'posts', size: 10 });
  });

  it('gives a template its neighbours, typed, and its other collections whole; nothing it did not declare', () => {
    defineTemplate({
      schema: postSchema,
      collections: { posts, latest: { ...posts, limit: 3 } },
      neighbours: 'posts',
      component: ({ neighbours, entry, collections, page }) => {
        expectTypeOf(neighbours.previous).toEqualTypeOf<Post | undefined>();
        // A page outside its collection has no entry of its own.
        expectTypeOf(entry).toEqualTypeOf<Post | undefined>();
        expectTypeOf(collections.latest).toEqualTypeOf<Post[]>();
        // @ts-expect-error the collection it takes neighbours in is not given whole
        void collections.posts;
        expectTypeOf(page.data.rating).toEqualTypeOf<number>();
        return null;
      },
    });
    defineTemplate({
      schema: z.object({}),
      collections: { posts },
      // @ts-expect-error a template that does not paginate has no pagination
      component: ({ pagination }) => pagination.entries.length,
    });
    defineTemplate({
      schema: z.object({}),
      collections: { posts },
      // @ts-expect-error paginate names one of the template's collections
      paginate: { collection: 'post', size: 10 },
      component: () => null,
    });
    defineTemplate({
      schema: z.object({}),
      collections: { posts },
      // @ts-expect-error feed names one of the template's collections
      feed: { collection: 'articles' },
      component: () => null,
    });
  });

  it('leaves a template without collections as it was', () => {
    defineTemplate({
      schema: z.object({ title: z.string() }),
      component: ({ page, pagination }) => {
        expectTypeOf(page.data.title).toEqualTypeOf<string>();
        expectTypeOf(pagination).toEqualTypeOf<TemplateProps['pagination']>();
        return null;
      },
    });
  });
});
