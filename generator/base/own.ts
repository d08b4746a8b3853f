/**
 * A record's own value for a name that comes from input (a shortcode, a container's kind, a template's name): never
 * what the object prototype holds under that name (`constructor`, `toString`, `__proto__`), which a plain `record[name]`
 * returns for any object literal.
 */
export const ownValue = <V>(record: Readonly<Partial<Record<string, V>>>, name: string): V | undefined =>
  Object.hasOwn(record, name) ? record[name] : undefined;
