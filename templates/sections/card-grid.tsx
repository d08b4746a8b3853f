/** What the card-grid sections (cards, programs, courses) share: the grid's column count and the footnotes under it. */

export const gridClass = (count: number, columns?: number) =>
  `grid grid-${columns ?? (count % 3 === 0 || count > 4 ? 3 : count === 4 ? 4 : 2)}`;

export function Footnotes({ items }: { items?: string[] }) {
  if (!items?.length) return null;
  return (
    <ul className="footnotes">
      {items.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}
