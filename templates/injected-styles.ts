/**
 * Stylesheets that client libraries inject at run time as <style> elements.
 * The CSP allows exactly these by hash (never 'unsafe-inline'), so the build
 * reads the text the library will insert: sonner passes its CSS to
 * __insertCSS("…") in its ES module.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function sonnerStyle(): string {
  const file = fileURLToPath(import.meta.resolve('sonner'));
  const source = readFileSync(file, 'utf8');
  const call = source.match(/^__insertCSS\(("(?:[^"\\]|\\.)*")\);?$/m);
  if (!call) throw new Error(`Could not find sonner's stylesheet in ${file}: the CSP hash cannot be computed`);
  return JSON.parse(call[1]!) as string;
}
