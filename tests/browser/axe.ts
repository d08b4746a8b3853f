/** axe-core (WCAG 2.0/2.1/2.2 A and AA) run in a page, its violations described for a failure message. */
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe in the page (through the DevTools protocol, so the page's CSP still applies to the page itself). */
export async function axe(page: Page, context = 'body'): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ context, tags }) => {
      const result = await (
        window as unknown as {
          axe: {
            run(
              c: string,
              o: object,
            ): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations.map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}${v.nodes.length > 3 ? ` … ${v.nodes.length} nodes` : ''})`,
      );
    },
    { context, tags: TAGS },
  );
}
