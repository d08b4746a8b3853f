/** Writes a synthetic content folder of N markdown pages (about 1.5 KB each) using the default prose template. */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO } from './temp-project';

const WORDS = 'security cloud identity network assurance Lagos enterprise monitoring response threat resilience compliance data access platform team risk audit control service'.split(' ');

/** Deterministic filler text, so runs are comparable. */
function sentence(seed: number, words = 14): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 7 + i * 13) % WORDS.length]!);
  const text = out.join(' ');
  return text[0]!.toUpperCase() + text.slice(1) + '.';
}

export function syntheticPage(n: number, total: number): string {
  const link = (k: number) => `/page-${((n + k) % total) + 1}`;
  return `---
title: Synthetic page ${n}
description: Page ${n} of a synthetic site, used to benchmark the generator with realistic markdown.
---

## Overview of topic ${n}

${sentence(n)} ${sentence(n + 1)} See [the next page](${link(1)}) and [another one](${link(7)}).

- ${sentence(n + 2, 8)}
- ${sentence(n + 3, 8)}
- ${sentence(n + 4, 8)}

> ${sentence(n + 5, 20)}

### Details

${sentence(n + 6, 24)} ${sentence(n + 7, 18)}

\`\`\`ts
export function check${n}(input: string): boolean {
  return input.length > ${n % 97} && input.includes('ok');
}
\`\`\`

1. ${sentence(n + 8, 10)}
2. ${sentence(n + 9, 10)}

${sentence(n + 10, 30)} ${sentence(n + 11, 22)}
`;
}

export async function writeSyntheticSite(dir: string, pages: number): Promise<void> {
  await mkdir(dir, { recursive: true });
  await cp(path.join(REPO, 'pages/public/logo.svg'), path.join(dir, 'public/logo.svg'), { recursive: true });
  // The real site's config (its header and footer), pointed at pages that exist here.
  const config = (await readFile(path.join(REPO, 'pages/site.yml'), 'utf8')).replace(/^plannedRoutes:[\s\S]*$/m, 'plannedRoutes: []\n');
  await writeFile(path.join(dir, 'site.yml'), config);
  const linked = new Set([...config.matchAll(/(?:path|href): "?(\/[a-z0-9/-]*)/g)].map((m) => m[1]!.replace(/#.*/, '')));
  for (const route of linked) {
    if (route === '/' || route.startsWith('/page-')) continue;
    await mkdir(path.dirname(path.join(dir, `${route}.md`)), { recursive: true });
    await writeFile(path.join(dir, `${route}.md`), `---\ntitle: ${route.slice(1)}\ndescription: A placeholder page so the shared navigation resolves in the benchmark.\n---\n\n## Training\n\n## Certification\n\n## Workshops\n\n## Application\n\n## Software\n\n## Development\n\n## Attack surface\n`);
  }
  await writeFile(path.join(dir, 'index.md'), `---\ntitle: Synthetic home\ndescription: The home page of a synthetic site used to benchmark the generator.\n---\n\n## Pages\n\n[First page](/page-1)\n`);
  await writeFile(path.join(dir, '404.md'), `---\ntemplate: not-found\ntitle: Page Not Found\ndescription: The page you asked for does not exist on the synthetic site.\ncode: "404"\nheading: Oops! Page not found\nmessage: Nothing here.\naction: { label: Return to Home, href: / }\n---\n`);
  await Promise.all(Array.from({ length: pages }, (_, i) => writeFile(path.join(dir, `page-${i + 1}.md`), syntheticPage(i + 1, pages))));
}
