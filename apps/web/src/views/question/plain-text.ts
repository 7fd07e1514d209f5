import { roughHtml } from '@kaoshi/shared';

/**
 * A stem as one line of plain text for the list: tags dropped, entities decoded, whitespace
 * collapsed. Only text is ever produced, so nothing of the HTML can run.
 */
export function plainExcerpt(html: string) {
  const full = roughHtml.text(html).replace(/\s+/g, ' ').trim();
  return {
    full,
    short: (length: number) =>
      [...full].length > length ? `${[...full].slice(0, length).join('')}…` : full,
  };
}
