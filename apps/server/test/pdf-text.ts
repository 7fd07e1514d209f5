import { inflateSync } from 'node:zlib';

/** The inflated bodies of a PDF's streams (those that inflate). */
function streams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const bodies: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      bodies.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a deflated stream (a font's raw bytes, say).
    }
  }
  return bodies;
}

const fromUtf16Hex = (hex: string) =>
  String.fromCharCode(...(hex.match(/[0-9a-fA-F]{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));

/**
 * The text a PDFKit document draws, one line per TJ operation, in drawing order: the glyph
 * codes of its text operations read back through the font's ToUnicode map (PDFKit's subset
 * fonts draw glyph ids, never the characters). One embedded font is assumed, as our PDFs use.
 */
export function pdfText(pdf: Buffer): string {
  const bodies = streams(pdf);
  const glyphs = new Map<number, string>();
  for (const body of bodies.filter((b) => b.includes('begincmap'))) {
    for (const range of body.matchAll(/<([0-9a-fA-F]+)> <[0-9a-fA-F]+> \[([^\]]*)\]/g)) {
      const start = Number.parseInt(range[1]!, 16);
      [...range[2]!.matchAll(/<([^>]*)>/g)].forEach((entry, index) => {
        glyphs.set(start + index, fromUtf16Hex(entry[1]!.replace(/\s/g, '')));
      });
    }
  }
  const lines: string[] = [];
  for (const body of bodies.filter((b) => b.includes(' TJ'))) {
    for (const op of body.matchAll(/\[([^\]]*)\] TJ/g)) {
      const hex = [...op[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      lines.push(
        (hex.match(/.{4}/g) ?? [])
          .map((code) => glyphs.get(Number.parseInt(code, 16)) ?? '')
          .join(''),
      );
    }
  }
  return lines.join('\n');
}
