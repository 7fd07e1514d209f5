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
