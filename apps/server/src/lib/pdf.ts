import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * Noto Sans SC from its npm package (OFL): Chinese names print on a machine with no fonts of
 * its own. PDFKit embeds only the glyphs a document uses, so a PDF stays small.
 */
const FONT_FILE = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';
export const CJK_FONT = 'cjk';

let parsedFont: Promise<fontkit.Font> | undefined;
/**
 * Parsed once per process and shared by every PDF: parsing and the first layout and subset of
 * a CJK font take about half a second, each later document a few milliseconds.
 */
const loadFont = () => {
  parsedFont ??= readFile(createRequire(import.meta.url).resolve(FONT_FILE)).then(
    (bytes) => fontkit.create(bytes) as fontkit.Font,
    (error: unknown) => {
      parsedFont = undefined;
      throw error;
    },
  );
  return parsedFont;
};

export const A4_WIDTH = 595.28;
export const A4_HEIGHT = 841.89;

/**
 * A new A4 document in the CJK font, and the buffer it becomes once the caller ends it.
 */
export async function newCjkPdf(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const font = await loadFont();
  const doc = new PDFDocument({ size: 'A4', ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // PDFKit takes a parsed fontkit font as well as bytes (its types name only the latter).
  doc.registerFont(CJK_FONT, font as unknown as Buffer);
  doc.font(CJK_FONT);
  return { doc, done };
}
