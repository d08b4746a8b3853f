/**
 * What a page's rendering read of the site's routes. The Layout and the JSON-LD are given the set of routes, so a
 * page's HTML may change when a page is added or removed; rather than re-render every page then, a watch update
 * re-renders the pages whose rendering asked about a route that came or went. The set they are given records every
 * question (`has` names a route; iterating or `size` reads them all), so what is recorded is what was read: a
 * template cannot read the routes past it.
 */

/** The routes one rendering asked about, or all of them. */
export interface RouteReads {
  asked: ReadonlySet<string>;
  all: boolean;
}

/** A view of `routes` that records what is read of it, and the record. */
export function recordRoutes(routes: ReadonlySet<string>): { routes: ReadonlySet<string>; reads: RouteReads } {
  const asked = new Set<string>();
  const reads = { asked, all: false };
  const readAll = () => {
    reads.all = true;
    return routes;
  };
  const view: ReadonlySet<string> = {
    has: (route) => {
      asked.add(route);
      return routes.has(route);
    },
    get size() {
      return readAll().size;
    },
    forEach: (callback, thisArg?: unknown) => {
      readAll().forEach((value) => callback.call(thisArg, value, value, view));
    },
    entries: () => readAll().entries(),
    keys: () => readAll().keys(),
    values: () => readAll().values(),
    [Symbol.iterator]: () => readAll()[Symbol.iterator](),
  } as ReadonlySet<string>;
  return { routes: view, reads };
}

/** Whether any of `reads` may read differently once the routes of `changed` came or went. */
export function readsAny(reads: readonly RouteReads[], changed: ReadonlySet<string>): boolean {
  return reads.some((read) => read.all || [...changed].some((route) => read.asked.has(route)));
}
