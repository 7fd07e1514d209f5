import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';

/** Smallest byte strings each signature accepts, for tests. */
const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) =>
      typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
    ),
  );

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function bmp() {
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54, 2);
  header.writeUInt32LE(40, 14);
  return header;
}

export const SAMPLES: Record<string, Buffer> = {
  '.png': PNG,
  '.jpg': bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF', [0, 1, 1]),
  '.jpeg': bytes([0xff, 0xd8, 0xff, 0xdb, 0, 0x43, 0]),
  '.gif': bytes('GIF89a', [1, 0, 1, 0, 0, 0, 0, 0x3b]),
  '.webp': bytes('RIFF', [26, 0, 0, 0], 'WEBPVP8 ', [0, 0, 0, 0]),
  '.bmp': bmp(),
  '.mp4': bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0], 'isomiso2mp41'),
  '.webm': bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0x82, 0x84], 'webm'),
  '.ogg': bytes('OggS', [0, 2, 0, 0, 0, 0, 0, 0, 0, 0]),
  '.mp3': bytes('ID3', [4, 0, 0, 0, 0, 0, 0], [0xff, 0xfb, 0x90, 0x64]),
  '.m4a': bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0], 'M4A isom'),
  '.wav': bytes('RIFF', [36, 0, 0, 0], 'WAVEfmt ', [16, 0, 0, 0]),
  '.pdf': bytes('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n%%EOF\n'),
  '.zip': bytes('PK', [5, 6], Array<number>(18).fill(0)),
  '.docx': bytes('PK', [3, 4, 20, 0], '[Content_Types].xml'),
  '.xlsx': bytes('PK', [3, 4, 20, 0], '[Content_Types].xml'),
  '.pptx': bytes('PK', [3, 4, 20, 0], '[Content_Types].xml'),
  '.doc': bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], Array<number>(24).fill(0)),
  '.xls': bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], Array<number>(24).fill(0)),
  '.ppt': bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], Array<number>(24).fill(0)),
  '.txt': Buffer.from('第一题\r\nanswer: B\n', 'utf8'),
};

export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);
export const HTML = Buffer.from('\uFEFF  <!doctype html><html><script>alert(1)</script></html>');

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

export function multipart(parts: Part[]): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = `----kaoshi${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename !== undefined;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
          (file
            ? `; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`
            : '') +
          '\r\n\r\n',
      ),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
