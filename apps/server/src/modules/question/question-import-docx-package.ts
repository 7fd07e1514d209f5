import path from 'node:path';
import JSZip from 'jszip';
import { SaxesParser } from 'saxes';
import { invalid } from '../../errors.js';
import { attributeOf, childOf, type XmlNode } from './question-import-docx-omml.js';

// The .docx package for the Word import (question-import-docx.ts): its parts read with the
// unpacked size bounded, its XML as trees, its relationships and list numbering.

/** Unpacked size past which a document is refused (zip bombs). */
export const DOCX_UNPACKED_MAX_BYTES = 64 * 1024 * 1024;
const DOCX_ENTRIES_MAX = 5000;

/** The .docx's parts, read with its size bounded and its paths kept inside the package. */
export async function openPackage(file: Buffer) {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(file);
  } catch (error) {
    throw invalid('file', 'docxBroken', { reason: (error as Error).message.slice(0, 120) });
  }
  const entries = Object.values(zip.files);
  const declared = entries.reduce(
    // jszip keeps each entry's declared size; a lie is caught when the part is read.
    (sum, entry) =>
      sum +
      ((entry as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ??
        0),
    0,
  );
  const max = { max: DOCX_UNPACKED_MAX_BYTES / 1024 / 1024 };
  if (entries.length > DOCX_ENTRIES_MAX || declared > DOCX_UNPACKED_MAX_BYTES) {
    throw invalid('file', 'docxTooLarge', max);
  }
  let read = 0;
  const part = async (name: string) => {
    const entry = zip.file(name);
    if (!entry) return undefined;
    const content = await entry.async('nodebuffer');
    read += content.length;
    if (read > DOCX_UNPACKED_MAX_BYTES) throw invalid('file', 'docxTooLarge', max);
    return content;
  };
  return { part };
}

/** Strict XML into a tree (prefixes kept in the names: w:p, m:f …). */
export function parseXml(xml: string, partName: string): XmlNode {
  const parser = new SaxesParser();
  const root: XmlNode = { name: '', attributes: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  parser.on('error', (error) => {
    throw invalid('file', 'docxBroken', { reason: `${partName}: ${error.message.slice(0, 100)}` });
  });
  parser.on('opentag', (tag) => {
    const node: XmlNode = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
      text: '',
    };
    stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('text', (text) => {
    stack[stack.length - 1]!.text += text;
  });
  parser.write(xml).close();
  return root;
}

export const descendants = (node: XmlNode, name: string, found: XmlNode[] = []): XmlNode[] => {
  for (const child of node.children) {
    if (child.name === name) found.push(child);
    else descendants(child, name, found);
  }
  return found;
};

/** word/_rels/document.xml.rels: relationship id → the part it names, inside word/ only. */
export function relationships(xml: string | undefined) {
  const targets = new Map<string, string>();
  if (!xml) return targets;
  for (const relation of descendants(parseXml(xml, 'document.xml.rels'), 'Relationship')) {
    const { Id: id, Target: target, TargetMode: mode } = relation.attributes;
    if (!id || !target || mode === 'External') continue;
    const resolved = path.posix.normalize(
      target.startsWith('/') ? target.slice(1) : `word/${target}`,
    );
    // A target climbing out of word/ (../../x) is no part of this document.
    if (resolved.startsWith('word/') && !resolved.includes('..')) targets.set(id, resolved);
  }
  return targets;
}

/** word/numbering.xml: which lists number with digits and which with letters. */
export function numberFormats(xml: string | undefined) {
  const formats = new Map<string, string>();
  if (!xml) return formats;
  const root = parseXml(xml, 'numbering.xml');
  const abstractFormats = new Map<string, string[]>();
  for (const abstract of descendants(root, 'w:abstractNum')) {
    const levels = descendants(abstract, 'w:lvl').map(
      (level) => attributeOf(childOf(level, 'w:numFmt'), 'w:val') ?? 'decimal',
    );
    abstractFormats.set(attributeOf(abstract, 'w:abstractNumId') ?? '', levels);
  }
  for (const num of descendants(root, 'w:num')) {
    const abstract = attributeOf(childOf(num, 'w:abstractNumId'), 'w:val') ?? '';
    (abstractFormats.get(abstract) ?? []).forEach((format, level) =>
      formats.set(`${attributeOf(num, 'w:numId')}:${level}`, format),
    );
  }
  return formats;
}
