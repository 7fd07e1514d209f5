/** Tags that end a line of text: replaced by a space, the others by nothing ("安<b>全</b>" → "安全"). */
const BLOCK_TAG = /<\/?(p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|pre|hr)\b[^>]*>/gi;
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/**
 * A stem as one line of plain text for the list: tags dropped, entities decoded, whitespace
 * collapsed. Only text is ever produced, so nothing of the HTML can run.
 */
export function plainExcerpt(html: string) {
  const full = html
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return {
    full,
    short: (length: number) =>
      [...full].length > length ? `${[...full].slice(0, length).join('')}…` : full,
  };
}
