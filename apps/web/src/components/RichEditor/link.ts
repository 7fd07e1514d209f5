import { LINK_DEFAULT_PROTOCOL, LINK_PREVIEW_CUT, LINK_PREVIEW_MAX } from './constants';

/** A scheme ("https:", "mailto:") or a path or anchor on this site needs no protocol added. */
const HAS_PROTOCOL = /^[a-z][a-z0-9+.-]*:/i;

/** docs/spec.md §5: a link without a protocol gets http:// added. */
export function normalizeLinkUrl(input: string): string {
  const url = input.trim();
  if (!url || HAS_PROTOCOL.test(url) || url.startsWith('/') || url.startsWith('#')) return url;
  return LINK_DEFAULT_PROTOCOL + url;
}

/** Link previews longer than 30 characters are cut to 20 plus an ellipsis. */
export function linkPreview(text: string): string {
  const chars = Array.from(text);
  return chars.length > LINK_PREVIEW_MAX ? `${chars.slice(0, LINK_PREVIEW_CUT).join('')}…` : text;
}
