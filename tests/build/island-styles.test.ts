/**
 * The website's islands inject no stylesheet: the CSP allows styles from the site's own files only (style-src
 * 'self'), so sonner's <style>, which its module creates at load, is cut as the islands are bundled (the theme's
 * islandSourceEdits, templates/index.ts), and the toaster links sonner's stylesheet as a file instead.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtRealSite, type BuiltSite } from '../support/built-site';

let site: BuiltSite;
let scripts: Map<string, string>;

beforeAll(async () => {
  site = await builtRealSite();
  const files = (await readdir(path.join(site.outDir, 'assets'))).filter((file) => file.endsWith('.js'));
  scripts = new Map(
    await Promise.all(files.map(async (file) => [file, (await site.file(`assets/${file}`)).toString('utf8')] as const)),
  );
});

describe("the website's island scripts", () => {
  it('bundle sonner, without the call that puts its stylesheet in a <style> element', () => {
    const withSonner = [...scripts].filter(([, code]) => code.includes('data-sonner-toaster'));
    expect(withSonner.length).toBeGreaterThan(0);
    // sonner's stylesheet as a string in a script, and the <style type="text/css"> it was written into.
    const injecting = [...scripts]
      .filter(([, code]) => /\[data-sonner-toaster\]\[dir=ltr\]|\.type\s*=\s*["']text\/css["']/.test(code))
      .map(([file]) => file);
    expect(injecting).toEqual([]);
  });

  it("link sonner's stylesheet as a file of the site", async () => {
    const sheets = (await readdir(path.join(site.outDir, 'assets'))).filter((file) => /^toaster-.*\.css$/.test(file));
    expect(sheets).toHaveLength(1);
    expect((await site.file(`assets/${sheets[0]}`)).toString('utf8')).toContain('[data-sonner-toaster]');
  });
});
