/**
 * The table of Shiki's regular expressions made when the engine is compiled (markdown/code-regexes.ts): each RegExp
 * it rebuilds is the one Shiki's own constructor makes of the pattern (source, flags, class and EmulatedRegExp
 * options), so highlighting with it gives the same tokens as without; a table of another key, or one that is not what
 * the compile writes, is not used; the compile writes one into lib/.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import {
  CODE_REGEXES_FILE,
  hasCodeRegexes,
  readCodeRegexes,
  writeCodeRegexes,
} from '../../generator/markdown/code-regexes';
import { createCodeHighlighter } from '../../generator/markdown/highlight';
import { REPO } from '../support/fixture';

/** Languages whose grammars need oniguruma-to-es's emulation (lookbehind, possessive and atomic groups) and not. */
const LANGUAGES = ['typescript', 'shellscript', 'json', 'python', 'cpp'];

const SAMPLES: Record<string, string> = {
  typescript:
    'export async function check<T extends object>(input: T): Promise<boolean> {\n  // a comment\n  return `${input}`.length > 3 && /ok/u.test(String(input));\n}\nclass A { private readonly b?: number = 0x1f; }\n',
  shellscript:
    'for f in *.md; do\n  echo "$f" | sed -e \'s/a/b/\' > "${f%.md}.txt"\ndone\nexport PATH="$HOME/bin:$PATH"\n',
  json: '{ "name": "site", "version": 1.5, "ok": true, "list": [null, "a\\n"] }\n',
  python: 'import os\n\n@decorator\ndef main(x: int = 3) -> str:\n    """Doc."""\n    return f"{x!r:>10}"  # comment\n',
  cpp: '#include <vector>\ntemplate <typename T>\nauto sum(const std::vector<T>& v) -> T { return std::accumulate(v.begin(), v.end(), T{}); }\n',
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'code-regexes-'));
  await writeCodeRegexes(dir, LANGUAGES);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("the table of Shiki's regular expressions", () => {
  it("rebuilds every pattern's RegExp as Shiki's own constructor makes it", async () => {
    const table = JSON.parse(await readFile(path.join(dir, CODE_REGEXES_FILE), 'utf8')) as {
      entries: [string, ...unknown[]][];
    };
    expect(table.entries.length).toBeGreaterThan(500);
    const made = (await readCodeRegexes(dir))!;
    let emulated = 0;
    for (const [pattern] of table.entries) {
      const shiki = defaultJavaScriptRegexConstructor(pattern, { target: 'auto' }) as RegExp & {
        rawOptions?: object;
      };
      const rebuilt = made(pattern) as RegExp & { rawOptions?: object };
      expect(rebuilt.constructor).toBe(shiki.constructor);
      expect([rebuilt.source, rebuilt.flags, rebuilt.rawOptions]).toEqual([
        shiki.source,
        shiki.flags,
        shiki.rawOptions,
      ]);
      if (shiki.rawOptions && Object.keys(shiki.rawOptions).length > 0) emulated++;
    }
    // The table holds emulated ones (lookbehind, hidden captures, lazily compiled long patterns), not only plain ones.
    expect(emulated).toBeGreaterThan(20);
    expect(made('a pattern no grammar has')).toBeUndefined();
  });

  it('highlights as Shiki does without it', async () => {
    const [withTable, without] = await Promise.all([createCodeHighlighter(dir), createCodeHighlighter(os.tmpdir())]);
    await Promise.all([withTable.load(LANGUAGES), without.load(LANGUAGES)]);
    for (const language of LANGUAGES)
      expect(withTable.highlight(SAMPLES[language]!, language)).toEqual(
        without.highlight(SAMPLES[language]!, language),
      );
  });

  it('is not used when made for another converter, grammar or V8, or when it is not what the compile writes', async () => {
    const text = await readFile(path.join(dir, CODE_REGEXES_FILE), 'utf8');
    const table = JSON.parse(text) as { key: string; entries: unknown[][] };
    const other = await mkdtemp(path.join(os.tmpdir(), 'code-regexes-other-'));
    try {
      const tried = async (contents: string) => {
        await writeFile(path.join(other, CODE_REGEXES_FILE), contents);
        return [await readCodeRegexes(other), await hasCodeRegexes(other)];
      };
      expect(await tried(JSON.stringify({ ...table, key: table.key.replace(process.versions.v8, '1.2.3') }))).toEqual([
        undefined,
        false,
      ]);
      expect(await tried(text.slice(0, 1000))).toEqual([undefined, false]);
      expect(await tried(JSON.stringify({ key: table.key, entries: [['a', 'a', 'g', 'not options']] }))).toEqual([
        undefined,
        true,
      ]);
      // An entry whose RegExp cannot be made is converted as without a table.
      const made = (await readCodeRegexes(other).then(async () => {
        await writeFile(
          path.join(other, CODE_REGEXES_FILE),
          JSON.stringify({ key: table.key, entries: [['(', '(', 'g', 0]] }),
        );
        return readCodeRegexes(other);
      }))!;
      expect(made('(')).toBeUndefined();
      expect(await readCodeRegexes(path.join(other, 'missing'))).toBeUndefined();
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it("is written into lib/ by the engine's compile", async () => {
    expect(await hasCodeRegexes(path.join(REPO, 'lib'))).toBe(true);
  });
});
