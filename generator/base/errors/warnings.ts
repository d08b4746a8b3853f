/** What a build reports without failing: each kind with its title, message and hint, as errors have. */
import { briefList } from '../brief-list';

export const WARNINGS = {
  ServingBeyondLoopback: {
    title: 'Reachable from the network',
    message: (p: { host: string; url: string; watch: boolean }) =>
      `Listening on ${p.host}: anyone who can reach this machine can open ${p.url}${p.watch ? ', and the error overlay shows file paths from your project' : ''}`,
    hint: 'Leave --host out (127.0.0.1) to keep the preview on this machine.',
  },
  LongTitles: {
    title: 'Titles too long for search results',
    message: (p: { count: number; max: number; suffix: string; files: string[]; configField?: string }) =>
      `${p.count} page title${p.count === 1 ? ' is' : 's are'} longer than ${p.max} characters with "${p.suffix}" appended${p.configField ? ` (the site's ${p.configField})` : ''}: ${briefList(p.files)}`,
    hint: "Search results cut titles at about 70 characters: shorten the site name in the site config, or those pages' titles.",
  },
  NearMissKey: {
    title: 'A frontmatter key that looks like a misspelt field',
    message: (p: { file: string; line?: number; key: string; suggestion: string; template: string }) =>
      `${p.file}${p.line === undefined ? '' : `:${p.line}`} (field: ${p.key}): the template "${p.template}" takes ${p.key} as data; did you mean \`${p.suggestion}\`?`,
    hint: 'Rename the key if it was meant to be that field. A template that takes other keys as data (z.looseObject) cannot tell a slip from data of its own.',
  },
  UnknownCodeLanguage: {
    title: 'Code in a language the highlighter does not know',
    message: (p: { language: string; file: string; pages: number }) =>
      `Code blocks marked "${p.language}" are shown plain: no grammar of that name (first in ${p.file}${p.pages > 1 ? `, and ${p.pages - 1} other page${p.pages === 2 ? '' : 's'}` : ''})`,
    hint: 'Name the language as Shiki knows it (https://shiki.style/languages: rust, yaml, sh, ts, ...), or write text for none.',
  },
  PlannedRouteLinked: {
    title: 'Links to planned routes',
    message: (p: { routes: string[] }) =>
      `${p.routes.length} planned route${p.routes.length === 1 ? ' has' : 's have'} no page yet and will answer 404: ${p.routes.join(', ')}`,
    hint: 'These routes are declared in plannedRoutes in the site config and will answer 404 until their pages are written.',
  },
  OffsiteImages: {
    title: 'Images from other hosts, which the site blocks',
    message: (p: { pages: { file: string; hosts: string[] }[] }) =>
      `${p.pages.length} page${p.pages.length === 1 ? ' shows' : 's show'} images from other hosts, which the site's Content-Security-Policy (img-src 'self') blocks: ${briefList(p.pages.map((page) => `${page.file} (${page.hosts.join(', ')})`))}`,
    hint: 'Save each image beside its page and link to it there (`![diagram](images/diagram.png)`): it is then published with the page. The policy keeps other hosts from seeing your visitors, and from changing what your pages show.',
  },
  BrokenLinkAllowed: {
    title: 'Broken link',
    message: (p: { where: string; message: string }) => `${p.where}: ${p.message}`,
    hint: 'Correct the link or add what it names.',
  },
  BrokenLinksAllowed: {
    title: 'Broken links allowed',
    message: (p: { count: number; configFile: string; repeated?: string }) =>
      `${p.count === 1 ? '1 broken link or anchor was' : `${p.count} broken links or anchors were`} allowed by brokenLinks: warn in ${p.configFile}; the site was built with them${p.repeated ? `; the most repeated: ${p.repeated}` : ''}`,
    hint: 'Mend them, then take brokenLinks: warn out of site.yml so a new one fails the build again; site check fails on them meanwhile.',
  },
  MarkdownPassedOver: {
    title: 'Markdown not built',
    message: (p: { count: number; files: string }) =>
      `${p.count === 1 ? '1 markdown file is' : `${p.count} markdown files are`} not built: ${p.files}`,
    hint: 'Files and folders whose names start with _ are left out (Jekyll keeps posts, drafts and partials there; _index.md is a page), and .mdx (MDX) is not read. To build one, move it out of the _ folder or rename it .md (an .mdx file without JSX is markdown); to keep it out, leave it (docs/pages.md).',
  },
  OtherToolSyntax: {
    title: "Another tool's syntax shown as written",
    message: (p: { what: string; count: number; pages: number; places: string[]; shows: string }) =>
      `${p.what}: ${p.count === 1 ? '1 place' : `${p.count.toLocaleString('en')} places`} in ${p.pages === 1 ? '1 page' : `${p.pages.toLocaleString('en')} pages`} ${p.shows} (${briefList(p.places, 3)})`,
    hint: "site runs no other tool's templates or components: Liquid tags and output, Hugo shortcodes, kramdown attribute lists and MDX import lines are text on the page, and a component's tags are left out (what it shows from its attributes or its script is lost). Replace each with markdown or HTML that says the same, or put it in `code` to show it as an example; `{{ name }}` is a token when name is a key of site.yml (docs/pages.md).",
  },
  NoHomePage: {
    title: 'No home page',
    message: (p: { url: string; file: string }) =>
      `${p.url} will answer 404: the site has no home page (${p.file}, or a README.md with no index.md beside it, would be it)`,
    hint: 'Add the home page, if the site is meant to be visited from its root: a list of its pages, as index.md or README.md.',
  },
  GeneratedHomePage: {
    title: 'A home page was generated',
    message: (p: { url: string; file: string }) =>
      `${p.url} shows a home page the build made, listing the top level of the navigation: the site has none of its own (${p.file}, or a README.md with no index.md beside it, would be it)`,
    hint: 'Nothing to do if the list is what the home page should be; to write your own, add index.md or README.md to the pages folder.',
  },
  NoNotFoundPage: {
    title: 'No not-found page',
    message: (p: { file: string }) =>
      `The site has no not-found page (${p.file}): hosts will answer an unknown address with a page of their own, without the site's name or a way back`,
    hint: 'Add 404.md to the pages folder, with a title, a line or two and a link home (site new makes one).',
  },
  CacheUnwritable: {
    title: 'Caching elsewhere',
    message: (p: { folder: string; reason: string; fallback: string }) =>
      `${p.folder} cannot be written (${p.reason}): the build caches in ${p.fallback} instead`,
    hint: 'Builds work as they are, only slower on a fresh temporary folder. To cache in the project again, make node_modules/.cache/site a writable folder (remove whatever is in its place).',
  },
  SocialCardTextLeftOut: {
    title: 'Text left out of the social card',
    message: (p: { lines: { line: string; text: string; characters: string[] }[]; font: string }) =>
      `The social card (og-image.png) leaves out ${p.lines.map((l) => `the ${l.line} "${l.text}"`).join(' and ')}: its font, ${p.font}, has no ${[...new Set(p.lines.flatMap((l) => l.characters))].slice(0, 8).join(' ')}`,
    hint: "The card is drawn with Inter (Latin, Greek, Cyrillic); the pages show the text as written, only the image lacks it. To put words on the card, give the theme a socialCard whose lines Inter can draw (a transliteration, or the site's host).",
  },
  OutputRestored: {
    title: 'Output folder restored',
    message: (p: { folder: string; pid: number; files: number }) =>
      `${p.folder} was missing: a build (process ${p.pid}) was killed while moving its finished site into place; that site (${p.files.toLocaleString('en')} files, complete) is now in ${p.folder}`,
    hint: 'Nothing to do: the output folder holds a complete site again. Build once more if the pages changed since that build started.',
  },
} as const;
