/**
 * The ONE allow-list for HTML written by users (questions, options, analyses, exam notices).
 * The server sanitizes with it on save (sanitize-html) and the web app again on render (DOMPurify):
 * both engines are configured from these tables, so what one keeps the other keeps.
 *
 * It holds what the rich-text editor produces and nothing that can run code: no script, style, iframe,
 * object, form or SVG elements, no event-handler attributes, no URLs but http(s), mailto and our own
 * paths, and inline styles limited to presentational properties whose values cannot fetch or execute.
 * Images and media load only stored files or other hosts' https: a browser loads them by itself, so
 * any other path of ours would be a request the viewer never chose (DESIGN rule 14).
 */

import { FILE_SERVE_PATH } from '../schemas/files.js';

/** Elements kept; any other element is dropped (its text kept, except for the elements below). */
export const HTML_ALLOWED_TAGS = [
  'p',
  'div',
  'span',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'sub',
  'sup',
  'mark',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'video',
  'audio',
  'table',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'caption',
] as const;

/** Elements dropped together with everything inside them (their text is code or markup, not prose). */
export const HTML_DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'textarea',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'title',
  'head',
  'select',
  'option',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
] as const;

/** Attributes any kept element may carry. */
export const HTML_GLOBAL_ATTRIBUTES = ['style', 'class', 'title', 'data-type'] as const;

/** Further attributes per element. */
export const HTML_TAG_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  video: ['src', 'controls', 'width', 'height', 'poster', 'preload'],
  audio: ['src', 'controls', 'preload'],
  span: ['data-latex'],
  table: ['data-chart', 'border', 'cellpadding', 'cellspacing'],
  col: ['span', 'width'],
  colgroup: ['span'],
  td: ['colspan', 'rowspan', 'colwidth'],
  th: ['colspan', 'rowspan', 'colwidth', 'scope'],
  ol: ['start', 'type'],
};

/** Attributes holding a URL, checked with {@link isSafeUrl}. */
export const HTML_URL_ATTRIBUTES = ['href', 'src', 'poster'] as const;

/** `class` values kept: the editor's own classes only (they carry no behaviour, only our CSS). */
export const HTML_CLASS_PREFIX = 'ke-';

/** Values some attributes may take; others are dropped. */
export const HTML_ATTRIBUTE_VALUES: Readonly<Record<string, RegExp>> = {
  target: /^_blank$/,
  'data-type': /^(formula|attachment|blank|custom-style-[a-z-]+)$/,
  'data-chart': /^(bar|line|pie)$/,
  width: /^\d{1,4}(\.\d+)?(px|%)?$/,
  height: /^\d{1,4}(\.\d+)?(px|%)?$/,
  colspan: /^\d{1,3}$/,
  rowspan: /^\d{1,3}$/,
  colwidth: /^\d{1,4}(,\d{1,4})*$/,
  span: /^\d{1,3}$/,
  start: /^-?\d{1,6}$/,
  type: /^[1aAiI]$/,
  border: /^\d{1,2}$/,
  cellpadding: /^\d{1,2}$/,
  cellspacing: /^\d{1,2}$/,
  scope: /^(row|col|rowgroup|colgroup)$/,
  preload: /^(none|metadata|auto)$/,
};

const length = String.raw`-?\d{1,5}(\.\d+)?(px|em|rem|%|pt)?`;
const colour = String.raw`(#[0-9a-fA-F]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)|[a-zA-Z]{3,20})`;
const whole = (pattern: string) => new RegExp(`^(${pattern})$`);

/**
 * Inline style properties kept, each with the values it may take. A value never contains `url(`,
 * `expression(`, backslash escapes or comments: the patterns admit only lengths, colours and keywords.
 */
export const HTML_STYLE_PROPERTIES: Readonly<Record<string, RegExp>> = {
  color: whole(colour),
  'background-color': whole(colour),
  'font-size': whole(length),
  'font-weight': whole('normal|bold|bolder|lighter|[1-9]00'),
  'font-style': whole('normal|italic|oblique'),
  'text-decoration': whole('none|underline|line-through|overline|underline line-through'),
  'text-align': whole('left|right|center|justify|start|end'),
  'text-indent': whole(length),
  'padding-left': whole(length),
  'margin-left': whole(length),
  'vertical-align': whole('top|middle|bottom|baseline|sub|super|text-top|text-bottom'),
  width: whole(`${length}|auto`),
  height: whole(`${length}|auto`),
  'min-width': whole(length),
  'max-width': whole(`${length}|none`),
  border: whole(`(${length}\\s+)?(none|solid|dashed|dotted|double)(\\s+${colour})?`),
  'border-bottom': whole(`(${length}\\s+)?(none|solid|dashed|dotted|double)(\\s+${colour})?`),
  'border-collapse': whole('collapse|separate'),
  'line-height': whole(`${length}|normal`),
  display: whole('inline-block|block|inline'),
};

/** URL schemes kept in links. */
const LINK_URL = /^(https?:\/\/|mailto:)/i;
/** An absolute https URL that names its host right after the slashes (no "https:///…"). */
const MEDIA_URL = /^https:\/\/[^/\\?#@\s]/i;
/** Attributes whose URL the browser loads by itself (images, media, posters). */
const LOADED_URL_ATTRIBUTES = ['src', 'poster'];

const FILE_NAME_SEGMENT = '[A-Za-z0-9_-][A-Za-z0-9._-]*';
/**
 * A stored file under the file route. Its segments cannot be '.' or '..' and hold no '%', '\\',
 * '?' or '#', so no browser's normalising can turn it into another path of ours.
 */
const FILE_ROUTE_URL = new RegExp(
  `^${FILE_SERVE_PATH.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}${FILE_NAME_SEGMENT}(/${FILE_NAME_SEGMENT})*$`,
);

/** Whether `path` (no scheme or host) is a stored file under the file route. */
export function isFileRouteUrl(path: string): boolean {
  return FILE_ROUTE_URL.test(path);
}

/**
 * An image's or a medium's URL: a stored file, or an https address of another host. `ownHost` is
 * the host the page is served from, where the browser knows it (the server on save does not).
 */
/** The WHATWG URL parser of browsers and Node (this package is built without DOM or Node types). */
const WhatwgUrl = (
  globalThis as unknown as {
    URL: new (url: string) => {
      host: string;
      hostname: string;
      username: string;
      password: string;
    };
  }
).URL;

function isSafeLoadedUrl(value: string, ownHost: string | undefined): boolean {
  if (isFileRouteUrl(value)) return true;
  if (!MEDIA_URL.test(value)) return false;
  let url: InstanceType<typeof WhatwgUrl>;
  try {
    url = new WhatwgUrl(value);
  } catch {
    return false;
  }
  if (url.hostname === '' || url.username !== '' || url.password !== '') return false;
  return ownHost === undefined || url.host.toLowerCase() !== ownHost.toLowerCase();
}

const hasControlCharacter = (value: string) =>
  [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * Whether a URL may stay in an attribute. A link: an absolute http(s) URL, mailto, a fragment or a
 * path on our own server ("/…" but not the protocol-relative "//…"). An image or medium: see
 * {@link isSafeLoadedUrl}. Control characters and whitespace inside the scheme (the classic
 * "java\tscript:" trick) make it unsafe.
 */
export function isSafeUrl(url: string, attribute: string, ownHost?: string): boolean {
  const value = url.trim();
  if (value === '' || hasControlCharacter(value)) return false;
  if (LOADED_URL_ATTRIBUTES.includes(attribute)) return isSafeLoadedUrl(value, ownHost);
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return true;
  if (attribute === 'href' && value.startsWith('#')) return true;
  return attribute === 'href' && LINK_URL.test(value);
}

/** Keeps the allowed `class` values of a class attribute ('' when none is left). */
export function filterClasses(value: string): string {
  return value
    .split(/\s+/)
    .filter((name) => name.startsWith(HTML_CLASS_PREFIX) && /^[a-z0-9-]+$/.test(name))
    .join(' ');
}

/** Keeps the allowed declarations of a style attribute, normalised ("a: b; c: d"); '' when none is left. */
export function filterStyle(value: string): string {
  if (/[\\]|\/\*/.test(value)) return '';
  const kept: string[] = [];
  for (const declaration of value.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const propertyValue = declaration
      .slice(colon + 1)
      .trim()
      .replace(/\s*!important$/i, '');
    const pattern = HTML_STYLE_PROPERTIES[property];
    if (pattern?.test(propertyValue)) kept.push(`${property}: ${propertyValue}`);
  }
  return kept.join('; ');
}

/** Whether an attribute of an element is allowed by name (its value is checked separately). */
export function isAllowedAttribute(tag: string, attribute: string): boolean {
  return (
    (HTML_GLOBAL_ATTRIBUTES as readonly string[]).includes(attribute) ||
    (HTML_TAG_ATTRIBUTES[tag] ?? []).includes(attribute)
  );
}

/**
 * The value an allowed attribute keeps after its checks, or null to drop the attribute.
 * Shared by both sanitizers so they agree attribute by attribute; `ownHost` as in {@link isSafeUrl}.
 */
export function allowedAttributeValue(
  tag: string,
  attribute: string,
  value: string,
  ownHost?: string,
): string | null {
  if (!isAllowedAttribute(tag, attribute)) return null;
  if ((HTML_URL_ATTRIBUTES as readonly string[]).includes(attribute)) {
    return isSafeUrl(value, attribute, ownHost) ? value.trim() : null;
  }
  if (attribute === 'style') return filterStyle(value) || null;
  if (attribute === 'class') return filterClasses(value) || null;
  if (attribute === 'controls') return '';
  if (attribute === 'rel') return 'noopener noreferrer';
  if (attribute === 'data-latex') return value.length <= 4000 ? value : null;
  if (attribute === 'title' || attribute === 'alt') return value.slice(0, 500);
  const pattern = HTML_ATTRIBUTE_VALUES[attribute];
  return pattern && !pattern.test(value.trim()) ? null : value.trim();
}
