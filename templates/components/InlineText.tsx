import { Fragment } from 'react';
import { INLINE_LINK } from '../content/inline-link';

/** Plain text with `[label](href)` links: enough markup for form labels and short notes, no HTML. */
export function InlineText({ text }: { text: string }) {
  const parts: (string | { label: string; href: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE_LINK)) {
    parts.push(text.slice(last, match.index), { label: match[1]!, href: match[2]! });
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <a key={i} href={part.href}>
            {part.label}
          </a>
        ),
      )}
    </>
  );
}
