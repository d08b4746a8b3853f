/** The site's config file, in the pages folder: its own module, so listing the pages does not load the config's parser. */
export const CONFIG_FILE = 'site.yml';
