/**
 * What a file's first bytes say it is. An upload is kept only when its content is the type its
 * extension names: a renamed HTML or SVG page never passes as an image.
 */

/** Enough for every signature below and for the text check. */
export const SNIFF_BYTES = 8192;

const startsWith = (head: Buffer, bytes: number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const ZIP = (head: Buffer) =>
  startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]);
// Compound File Binary: the container of .doc, .xls and .ppt.
const CFB = (head: Buffer) => startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
// ISO base media: "ftyp" at offset 4, minus the still-image brands (HEIC, AVIF) that share it.
const ISO_VIDEO = (head: Buffer) => {
  if (!startsWith(head, ascii('ftyp'), 4)) return false;
  const brand = head.subarray(8, 12).toString('latin1');
  return !['heic', 'heix', 'mif1', 'msf1', 'avif', 'avis'].includes(brand);
};
const BMP_HEADER_SIZES = [12, 40, 52, 56, 64, 108, 124];

/** Plain text: no NUL byte and no other control characters than tab, line breaks and form feed. */
function isText(head: Buffer) {
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) {
      return false;
    }
  }
  return true;
}

interface Signature {
  mime: string;
  test: (head: Buffer) => boolean;
}

const SIGNATURES: Record<string, Signature> = {
  '.png': {
    mime: 'image/png',
    test: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  '.jpg': { mime: 'image/jpeg', test: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  '.jpeg': { mime: 'image/jpeg', test: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  '.gif': {
    mime: 'image/gif',
    test: (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')),
  },
  '.webp': {
    mime: 'image/webp',
    test: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8),
  },
  '.bmp': {
    mime: 'image/bmp',
    test: (h) =>
      startsWith(h, ascii('BM')) && h.length >= 18 && BMP_HEADER_SIZES.includes(h.readUInt32LE(14)),
  },
  '.mp4': { mime: 'video/mp4', test: ISO_VIDEO },
  '.webm': {
    mime: 'video/webm',
    test: (h) =>
      startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]) && h.subarray(0, 64).includes('webm', 0, 'latin1'),
  },
  '.ogg': { mime: 'video/ogg', test: (h) => startsWith(h, ascii('OggS')) },
  // An ID3 tag, or straight into an MPEG audio frame (11 sync bits set).
  '.mp3': {
    mime: 'audio/mpeg',
    test: (h) => startsWith(h, ascii('ID3')) || (h[0] === 0xff && ((h[1] ?? 0) & 0xe0) === 0xe0),
  },
  '.m4a': { mime: 'audio/mp4', test: ISO_VIDEO },
  '.wav': {
    mime: 'audio/wav',
    test: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WAVE'), 8),
  },
  '.pdf': { mime: 'application/pdf', test: (h) => startsWith(h, ascii('%PDF-')) },
  '.zip': { mime: 'application/zip', test: ZIP },
  '.docx': {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    test: ZIP,
  },
  '.xlsx': { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', test: ZIP },
  '.pptx': {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    test: ZIP,
  },
  '.doc': { mime: 'application/msword', test: CFB },
  '.xls': { mime: 'application/vnd.ms-excel', test: CFB },
  '.ppt': { mime: 'application/vnd.ms-powerpoint', test: CFB },
  '.txt': { mime: 'text/plain', test: isText },
};

/** Markup (HTML, SVG, XML) after an optional BOM and white space. */
export function looksLikeMarkup(head: Buffer) {
  const text = head
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return /^\s*</.test(text);
}

/** The content type of `head` when it is what `extension` says, else null. */
export function sniffAs(extension: string, head: Buffer): string | null {
  const signature = SIGNATURES[extension];
  if (!signature || head.length === 0) return null;
  return signature.test(head) ? signature.mime : null;
}

/** The first image extension whose signature `head` matches (for content with no usable name). */
export function sniffImage(head: Buffer): { extension: string; mime: string } | null {
  for (const extension of ['.png', '.jpg', '.gif', '.webp', '.bmp']) {
    const mime = sniffAs(extension, head);
    if (mime) return { extension, mime };
  }
  return null;
}

/** Served inline (the browser shows it); everything else is a download. */
export const isInlineMedia = (mime: string) =>
  mime.startsWith('image/') || mime.startsWith('video/') || mime.startsWith('audio/');
