import path from 'node:path';

/**
 * True when `child` is `parent` or inside it (both absolute, and both real paths when links matter). The one
 * "is this path inside that folder" test of the engine: a caller that wants strictly inside adds `child !== parent`.
 */
export function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

/** A path as errors show it: relative to the working folder when inside it, else absolute. */
export function displayPath(file: string): string {
  const absolute = path.resolve(file);
  const relative = path.relative(process.cwd(), absolute);
  return relative !== '' && isInside(absolute, process.cwd()) ? relative : absolute;
}
