import {
  BorderStyle,
  ImageRun,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import type { ChildNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { latexToWord } from './latex-to-omml.js';

/** An uploaded image by its stored name, or undefined (unknown, not an image Word takes). */
export type ImageReader = (
  storedName: string,
) => Promise<{ data: Buffer; type: 'png' | 'jpg' | 'gif' | 'bmp' } | undefined>;

export type Block = Paragraph | Table;

interface Format {
  bold?: boolean;
  italics?: boolean;
  underline?: { type: 'single' };
  strike?: boolean;
  subScript?: boolean;
  superScript?: boolean;
}

const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'div', 'blockquote', 'pre']);
const FILE_PATH = /^\/api\/kaoshi-files\/file\/([0-9a-f]{32}\.[a-z0-9]{2,5})$/;
/** Widest an image may be on an A4 page with its margins, in pixels at 96 dpi. */
const MAX_IMAGE_WIDTH = 600;

const isElement = (node: ChildNode): node is Element => node.type === 'tag';

/** Width and height of a PNG, JPEG or GIF from its header, or undefined. */
export function imageSize(data: Buffer): { width: number; height: number } | undefined {
  if (data.length > 24 && data.readUInt32BE(0) === 0x89504e47) {
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  if (data.length > 10 && data.toString('latin1', 0, 3) === 'GIF') {
    return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  }
  if (data.length > 4 && data[0] === 0xff && data[1] === 0xd8) {
    let at = 2;
    while (at + 9 < data.length) {
      if (data[at] !== 0xff) return undefined;
      const marker = data[at + 1]!;
      const length = data.readUInt16BE(at + 2);
      // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
      }
      at += 2 + length;
    }
  }
  return undefined;
}

/**
 * Rich text (our sanitized HTML) as Word paragraphs and tables: paragraphs and headings, bold,
 * italic, underline, strike, sub- and superscript, line breaks, lists, tables, our uploaded
 * images, and formulas as Word equations. `lead` goes before the first paragraph's
 * text (a question's number), `tail` after the last one's (its score).
 */
export async function htmlToBlocks(
  html: string,
  readImage: ImageReader,
  { lead = [], tail = [] }: { lead?: ParagraphChild[]; tail?: ParagraphChild[] } = {},
): Promise<Block[]> {
  // Paragraphs as their runs until the end, so the first and last can take `lead` and `tail`.
  const blocks: (ParagraphChild[] | Table)[] = [];
  let runs: ParagraphChild[] = [];
  let prefix = '';

  const flush = () => {
    if (runs.length === 0 && prefix === '') return;
    blocks.push(prefix ? [new TextRun(prefix), ...runs] : runs);
    runs = [];
    prefix = '';
  };

  const inline = async (nodes: ChildNode[], format: Format) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        const text = node.data.replace(/\s+/g, ' ');
        if (text) runs.push(new TextRun({ text, ...format }));
        continue;
      }
      if (!isElement(node)) continue;
      const name = node.name.toLowerCase();
      if (BLOCKS.has(name) || name === 'table' || name === 'ul' || name === 'ol') {
        flush();
        await block(node, format);
        continue;
      }
      if (name === 'br') {
        runs.push(new TextRun({ text: '', break: 1 }));
      } else if (name === 'img') {
        runs.push(await image(node));
      } else if (node.attribs['data-type'] === 'formula') {
        runs.push(latexToWord(node.attribs['data-latex'] ?? '', format));
      } else {
        const next: Format = { ...format };
        if (name === 'strong' || name === 'b') next.bold = true;
        if (name === 'em' || name === 'i') next.italics = true;
        if (name === 'u') next.underline = { type: 'single' };
        if (name === 's' || name === 'del' || name === 'strike') next.strike = true;
        if (name === 'sub') next.subScript = true;
        if (name === 'sup') next.superScript = true;
        await inline(node.children, next);
        const href = node.attribs.href;
        if (name === 'a' && href && !href.startsWith('/')) {
          runs.push(new TextRun({ text: ` (${href})`, ...format }));
        }
      }
    }
  };

  const image = async (node: Element): Promise<ParagraphChild> => {
    const match = FILE_PATH.exec(node.attribs.src ?? '');
    const found = match ? await readImage(match[1]!) : undefined;
    const size = found ? imageSize(found.data) : undefined;
    if (!found || !size || size.width === 0 || size.height === 0) {
      return new TextRun({ text: `[${node.attribs.alt || 'image'}]` });
    }
    const scale = Math.min(1, MAX_IMAGE_WIDTH / size.width);
    return new ImageRun({
      type: found.type,
      data: found.data,
      transformation: {
        width: Math.round(size.width * scale),
        height: Math.round(size.height * scale),
      },
    });
  };

  const block = async (node: Element, format: Format) => {
    const name = node.name.toLowerCase();
    if (name === 'table') {
      blocks.push(await table(node));
      return;
    }
    if (name === 'ul' || name === 'ol') {
      let number = 0;
      for (const item of node.children.filter(isElement)) {
        number += 1;
        prefix = name === 'ol' ? `${number}. ` : '• ';
        await inline(item.children, format);
        flush();
      }
      return;
    }
    const heading = /^h[1-6]$/.test(name);
    await inline(node.children, heading ? { ...format, bold: true } : format);
    flush();
  };

  const table = async (node: Element): Promise<Table> => {
    const rows: Element[] = [];
    const collect = (parent: Element) => {
      for (const child of parent.children.filter(isElement)) {
        if (child.name === 'tr') rows.push(child);
        else if (['thead', 'tbody', 'tfoot'].includes(child.name)) collect(child);
      }
    };
    collect(node);
    const border = { style: BorderStyle.SINGLE, size: 4, color: '999999' };
    return new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: await Promise.all(
        rows.map(
          async (row) =>
            new TableRow({
              children: await Promise.all(
                row.children
                  .filter(isElement)
                  .filter((cell) => cell.name === 'td' || cell.name === 'th')
                  .map(async (cell) => {
                    const inner = await htmlToBlocks(
                      cell.children.map((child) => render(child)).join(''),
                      readImage,
                    );
                    return new TableCell({
                      columnSpan: Number(cell.attribs.colspan) || 1,
                      rowSpan: Number(cell.attribs.rowspan) || 1,
                      borders: { top: border, bottom: border, left: border, right: border },
                      children: inner.length > 0 ? inner : [new Paragraph('')],
                    });
                  }),
              ),
            }),
        ),
      ),
    });
  };

  const document = parseDocument(html);
  await inline(document.children, {});
  flush();
  const paragraphs = blocks.filter((b): b is ParagraphChild[] => Array.isArray(b));
  if (paragraphs.length === 0) {
    const only: ParagraphChild[] = [];
    blocks.unshift(only);
    paragraphs.push(only);
  }
  paragraphs[0]!.unshift(...lead);
  paragraphs.at(-1)!.push(...tail);
  return blocks.map((b) => (Array.isArray(b) ? new Paragraph({ children: b }) : b));
}

/** A node back to HTML (table cells are converted on their own). */
function render(node: ChildNode): string {
  if (node.type === 'text') return escapeText(node.data);
  if (!isElement(node)) return '';
  const attributes = Object.entries(node.attribs)
    .map(([key, value]) => ` ${key}="${value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`)
    .join('');
  if (['br', 'img'].includes(node.name)) return `<${node.name}${attributes}>`;
  return `<${node.name}${attributes}>${node.children.map(render).join('')}</${node.name}>`;
}

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
