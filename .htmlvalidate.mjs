/**
 * html-validate configuration for the built pages (tests/build/html-validate.test.ts).
 * The recommended rules apply, except these, which only restate how React's
 * server renderer serialises markup (all valid HTML):
 */
export default {
  extends: ['html-validate:recommended'],
  rules: {
    // React writes <meta charSet="utf-8">; attribute names are case-insensitive in HTML.
    'attr-case': 'off',
    // React closes void elements as <meta /> and <img />, which HTML allows.
    'void-style': 'off',
    // React writes boolean attributes as open="" and hidden="", which HTML allows.
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
  },
};
