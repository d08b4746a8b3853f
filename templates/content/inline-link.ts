/** A `[label](href)` link in inline text: read by the schema that checks its href and by InlineText, which renders it (in islands too, so this module imports nothing). */
export const INLINE_LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;
