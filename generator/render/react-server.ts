/**
 * react-dom/server, loaded with require. It is a CommonJS package: imported
 * from an ES module, Node first scans its 300 KB of source for export names
 * (cjs-module-lexer), on every thread of a build; require skips that scan.
 */
import { createRequire } from 'node:module';

type ReactDomServer = typeof import('react-dom/server');

export const { renderToStaticMarkup, renderToString } = createRequire(import.meta.url)(
  'react-dom/server',
) as ReactDomServer;
