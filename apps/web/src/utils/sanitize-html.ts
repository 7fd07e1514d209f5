import {
  HTML_ALLOWED_TAGS,
  HTML_DROPPED_WITH_CONTENT,
  HTML_GLOBAL_ATTRIBUTES,
  HTML_TAG_ATTRIBUTES,
  allowedAttributeValue,
} from '@kaoshi/shared';
import DOMPurify from 'dompurify';

// A private instance: the hooks below must not leak into any other use of DOMPurify.
const purifier = DOMPurify(window);

/** While pasted content is sanitized: the image sources the editor is about to copy to our server. */
let keepForCapture: ((src: string) => boolean) | undefined;

purifier.addHook('uponSanitizeAttribute', (node, data) => {
  // The page's own host: an absolute URL of it is one of our paths, refused like one.
  const value = allowedAttributeValue(
    node.nodeName.toLowerCase(),
    data.attrName,
    data.attrValue,
    window.location.host,
  );
  const capturable =
    value === null &&
    keepForCapture !== undefined &&
    node.nodeName.toLowerCase() === 'img' &&
    data.attrName === 'src' &&
    keepForCapture(data.attrValue.trim());
  if (capturable) data.attrValue = data.attrValue.trim();
  else if (value === null) data.keepAttr = false;
  else data.attrValue = value;
});

purifier.addHook('afterSanitizeAttributes', (node) => {
  const tag = node.nodeName.toLowerCase();
  // A link that opens a new tab must not hand the opener to the page it opens.
  if (tag === 'a') {
    if (node.getAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
    else node.removeAttribute('rel');
  }
  // Media whose only source was unsafe would be an empty box (the server drops them the same way).
  if ((tag === 'img' || tag === 'video' || tag === 'audio') && !node.getAttribute('src')) {
    node.remove();
  }
});

const config = {
  ALLOWED_TAGS: [...HTML_ALLOWED_TAGS],
  ALLOWED_ATTR: [...HTML_GLOBAL_ATTRIBUTES, ...Object.values(HTML_TAG_ATTRIBUTES).flat()],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ADD_FORBID_CONTENTS: [...HTML_DROPPED_WITH_CONTENT],
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

/**
 * User HTML reduced to the shared allow-list (packages/shared/src/html/allow-list.ts), the same rules
 * the server applies on save. Used on input to the editor, on its output, and on every render.
 */
export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, config).trim();
}

/**
 * Pasted HTML, as {@link sanitizeHtml} except that the images whose source `capturable` names
 * (another host's, over http too) keep it until the editor has copied them to our server (remote
 * capture, docs/spec.md §7); the editor's output is sanitized again, which drops any left on http.
 */
export function sanitizePastedHtml(html: string, capturable: (src: string) => boolean): string {
  keepForCapture = capturable;
  try {
    return sanitizeHtml(html);
  } finally {
    keepForCapture = undefined;
  }
}
