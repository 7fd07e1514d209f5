import {
  HTML_ALLOWED_TAGS,
  HTML_DROPPED_WITH_CONTENT,
  HTML_GLOBAL_ATTRIBUTES,
  HTML_TAG_ATTRIBUTES,
  allowedAttributeValue,
} from '@kaoshi/shared';
import sanitize, { type Attributes, type IOptions } from 'sanitize-html';

const allowedAttributes: Record<string, string[]> = { '*': [...HTML_GLOBAL_ATTRIBUTES] };
for (const [tag, attributes] of Object.entries(HTML_TAG_ATTRIBUTES)) {
  allowedAttributes[tag] = [...attributes];
}

/** Every attribute value goes through the shared check; the element's name decides what it may keep. */
function checkAttributes(tagName: string, attribs: Attributes) {
  const kept: Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    const checked = allowedAttributeValue(tagName, name.toLowerCase(), value);
    if (checked !== null) kept[name.toLowerCase()] = checked;
  }
  // A link that opens a new tab must not hand the opener to the page it opens.
  if (tagName === 'a' && kept.target) kept.rel = 'noopener noreferrer';
  else delete kept.rel;
  return { tagName, attribs: kept };
}

const options: IOptions = {
  allowedTags: [...HTML_ALLOWED_TAGS],
  allowedAttributes,
  nonTextTags: [...HTML_DROPPED_WITH_CONTENT],
  disallowedTagsMode: 'discard',
  // URLs, styles and classes are checked by the shared allow-list in checkAttributes, so the engine's
  // own (different) rules must not second-guess it.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster'],
  allowProtocolRelative: false,
  parseStyleAttributes: false,
  transformTags: { '*': checkAttributes },
  // Media whose only source was unsafe would be an empty box.
  exclusiveFilter: (frame) => ['img', 'video', 'audio'].includes(frame.tag) && !frame.attribs.src,
};

/** User HTML reduced to the shared allow-list (packages/shared/src/html/allow-list.ts). */
export function sanitizeHtml(html: string): string {
  return sanitize(html, options).trim();
}

/** Whether sanitized HTML shows anything: text, an image, media, a formula or a table. */
export function htmlHasContent(html: string): boolean {
  if (/<(img|video|audio|table)\b|data-type="formula"/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
    .trim();
  return text.length > 0;
}

/** Deeper nesting than any editor output; the sanitizer's work grows with depth × elements. */
export const HTML_NESTING_MAX = 100;
/** Several times a 100 × 20 table with formatted cells (about 14,000 elements). */
export const HTML_ELEMENTS_MAX = 50_000;

const VOID_ELEMENTS = new Set([
  'area',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'source',
  'wbr',
]);
const CLOSED_BY_BLOCK = new Set(['p']);
/**
 * The parser's (htmlparser2's) implied ends that editor HTML leans on: an element named here
 * ends the open element on top when that one is in its set. Leaving one out only counts deeper.
 */
const IMPLIED_END = new Map<string, ReadonlySet<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['li', new Set(['li'])],
  ...[
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'div',
    'ul',
    'ol',
    'table',
    'blockquote',
    'pre',
    'hr',
  ].map((name) => [name, CLOSED_BY_BLOCK] as const),
]);
// Tag names end where htmlparser2's tokenizer ends them: an opening name at white space, / or >,
// a closing name at white space or > only. Every other "<" (comments, stray ones, tags inside
// comments or scripts) counts as an element too: counting more than the parser sees is safe.
const MARKUP = /<(?:(\/)[\t\n\f\r ]*([A-Za-z][^\t\n\f\r >]*)|([A-Za-z][^\t\n\f\r />]*))?/g;

/**
 * Why `html` is refused before sanitizing, or null. One pass, stopping at the first excess, that
 * follows the parser's open elements closely enough never to count them shallower than it does:
 * sanitize-html's time grows with nesting depth times elements, so `<b>` repeated 330,000 times
 * took 33 s of a blocked server to clean.
 */
export function htmlLoadProblem(
  html: string,
): { key: 'htmlTooManyElements' | 'htmlTooDeep'; params: { max: string } } | null {
  const open: string[] = [];
  let elements = 0;
  MARKUP.lastIndex = 0;
  for (let match = MARKUP.exec(html); match; match = MARKUP.exec(html)) {
    const [, closing, closeName, openName] = match;
    if (closing) {
      const at = open.lastIndexOf(closeName!.toLowerCase());
      if (at >= 0) {
        open.length = at;
        continue;
      }
    }
    // An unmatched end tag is an element too for the parser (`</p>` and `</br>` make one).
    if (++elements > HTML_ELEMENTS_MAX) {
      return {
        key: 'htmlTooManyElements',
        params: { max: HTML_ELEMENTS_MAX.toLocaleString('en') },
      };
    }
    if (!openName) continue;
    const name = openName.toLowerCase();
    const ends = IMPLIED_END.get(name);
    while (ends && open.length > 0 && ends.has(open[open.length - 1]!)) open.pop();
    if (VOID_ELEMENTS.has(name)) continue;
    open.push(name);
    if (open.length > HTML_NESTING_MAX) {
      return { key: 'htmlTooDeep', params: { max: String(HTML_NESTING_MAX) } };
    }
  }
  return null;
}
