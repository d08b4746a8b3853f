/** Errors of writing the site: the output folder, the public files, the build cache, and the link check. */
export const OUTPUT_ERRORS = {
  WriteFailed: {
    title: 'Writing the site failed',
    message: (p: { file: string; problem: string }) => `Could not write ${p.file}: ${p.problem}`,
    hint: 'Check the output folder is writable; the previous output was left as it was.',
  },
  MoveIntoPlaceFailed: {
    title: 'The new site could not be moved into place',
    message: (p: { folder: string; problem: string }) => `Could not move the new site into ${p.folder}: ${p.problem}`,
    hint: 'The previous output was put back as it was. Check that the folder around the output folder is writable and that no other program holds the output folder (a server, a sync tool), then build again.',
  },
  OutputIsMountPoint: {
    title: 'The output folder is a mount point',
    message: (p: { folder: string; why: string }) =>
      `${p.folder} is a mount point (${p.why}): a build swaps a new output folder into its place whole, and a mount point cannot be renamed`,
    hint: 'Build into a folder inside the mount (site build --out dist/site) and publish or serve that folder, or mount the volume at the folder that holds the output folder. The previous output was left as it was.',
  },
  FolderInTheWay: {
    title: 'A folder stands where the site writes a file',
    message: (p: { file: string; folder: string }) => `Could not write ${p.file}: ${p.folder} is a folder`,
    hint: 'Remove the folder from the output folder; the build writes a file there.',
  },
  UnsafeOutputFolder: {
    title: 'Unsafe output folder',
    message: (p: { folder: string; why: string }) =>
      `The output folder ${p.folder} ${p.why}; the build replaces everything in it`,
    hint: 'Choose a folder of its own for the site, such as dist/ inside the project: the build replaces everything in its output folder.',
  },
  OutputIsFile: {
    title: 'The output folder is a file',
    message: (p: { role: string; folder: string }) => `The ${p.role} ${p.folder} is an existing file, not a folder`,
    hint: 'Choose a folder for --out, or move the file away; the build never overwrites a file it did not write.',
  },
  OutputFolderNotOurs: {
    title: 'Output folder holds files site did not write',
    message: (p: { role: string; folder: string; some: string; mark: string }) =>
      `The ${p.role} ${p.folder} is not empty (${p.some}) and no build of site wrote it: it has no ${p.mark}`,
    hint: 'Choose a new or empty folder for --out. If this folder is the output of an earlier version of site, delete it once by hand.',
  },
  ForeignFileInOutput: {
    title: 'A file in the output folder was not written by site',
    message: (p: { file: string; role: string; folder: string; more?: string }) =>
      `${p.file} is in the ${p.role} ${p.folder}, but no build of site wrote it${p.more ?? ''}`,
    hint: 'Move the file out of the output folder (keep your own files in pages/public/ to publish them), or delete it; the build replaces the folder and would lose it.',
  },
  OutputSymlink: {
    title: 'Symbolic link in the output folder',
    message: (p: { role: string; folder: string; target?: string }) =>
      `The ${p.role} ${p.folder} is a symbolic link${p.target === undefined ? '' : ` (to ${p.target})`}; site never writes through one`,
    hint: 'Point --out at a real folder and remove the link: site never writes through a symbolic link.',
  },
  // One kind for a link met on the way to a file and a link the build would replace: the same link, refused alike.
  SymlinkInOutput: {
    title: 'Symbolic link inside the output folder',
    message: (p: { file: string; inside: string; replaced?: true }) =>
      p.replaced
        ? `${p.file} in the ${p.inside} is a symbolic link, which site never writes: the build would replace it`
        : `${p.file} in the ${p.inside} is a symbolic link; site never writes through one`,
    hint: 'Remove the link from the output folder (to publish a file, put it in pages/public/): site never writes through a symbolic link.',
  },
  PublicFileCollision: {
    title: 'A public file would overwrite a generated file',
    message: (p: {
      file: string;
      generated: string;
      madeBy: string;
      clash: 'same' | 'case' | 'folder needed' | 'file needed';
    }) =>
      p.clash === 'same' || p.clash === 'case'
        ? `${p.file} would overwrite ${p.generated}, ${p.madeBy}${p.clash === 'case' ? ' (the names differ only in case)' : ''}`
        : p.clash === 'folder needed'
          ? `${p.file} is a file where the build needs a folder for ${p.generated}, ${p.madeBy}`
          : `${p.file} needs ${p.generated} to be a folder, but the build writes it as a file, ${p.madeBy}`,
    hint: 'Rename or remove the file in the public folder: the build writes this file itself.',
  },
  CacheUnwritable: {
    title: 'The build cache cannot be written',
    message: (p: { folder: string; reason: string; fallback: string; problem: string }) =>
      `${p.folder} cannot be written (${p.reason}), and neither can ${p.fallback}: ${p.problem}`,
    hint: 'Make node_modules/.cache/site a writable folder (it only holds what builds can remake), or delete it.',
  },
  ThemeBundleUnwritable: {
    title: 'The theme bundle cannot be written',
    message: (p: { themeBundle: string; problem: string }) =>
      `Could not write the theme bundle ${p.themeBundle}: ${p.problem}`,
    hint: 'Make node_modules/.cache/site a writable folder with room in it (it only holds what builds can remake), or delete it.',
  },
  SearchIndexFailed: {
    title: 'The search index could not be made',
    message: (p: { file: string; problem: string }) => `Pagefind could not index ${p.file}: ${p.problem}`,
    hint: 'Check that the pagefind package and its binary for this platform (@pagefind/<platform>) are installed (npm ci), and that the page is valid HTML; the previous output was left as it was.',
  },
  BrokenLink: {
    title: 'Broken internal link',
    message: (p: { href: string; route: string; problem: string }) =>
      `Link "${p.href}" on ${p.route} is broken: ${p.problem}`,
    hint: 'Link to an existing route or anchor, or declare the route in plannedRoutes in the site config.',
  },
} as const;
