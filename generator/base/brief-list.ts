/**
 * A list for one line of a message: the first few items, and how many more. A folder of thousands of pages moved
 * in `site watch`, or thousands of long titles, would otherwise print a line of tens of thousands of characters.
 */
export function briefList(items: readonly string[], shown = 5): string {
  const rest = items.length - shown;
  return rest > 0 ? `${items.slice(0, shown).join(', ')}, and ${rest.toLocaleString('en')} more` : items.join(', ');
}
