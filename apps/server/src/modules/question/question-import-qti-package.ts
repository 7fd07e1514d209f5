import path from 'node:path';
import { unzipSync } from 'fflate';
import { SaxesParser } from 'saxes';
import { QUESTION_IMPORT_MAX_BYTES, QUESTION_IMPORT_MAX_ROWS } from '@kaoshi/shared';
import { AppError, invalid } from '../../errors.js';
import { decodeText } from './question-import-read.js';

// The QTI content package (IMS Content Packaging: imsmanifest.xml and the files its resources
// name) and the XML of its items as a tree that keeps mixed content in order, with QTI 3.0's
// kebab-case names (qti-choice-interaction, response-identifier) read as QTI 2.x's camelCase
// ones (choiceInteraction, responseIdentifier): one reader serves both versions.

/** An element: its local name (QTI names in 2.x form), attributes as written, children in order. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlChild[];
  line: number;
}
export type XmlChild = XmlElement | string;

export const isElement = (node: XmlChild): node is XmlElement => typeof node !== 'string';
export const elementsOf = (node: XmlElement, name?: string) =>
  node.children.filter(
    (found): found is XmlElement => isElement(found) && (name === undefined || found.name === name),
  );
export const firstOf = (node: XmlElement | undefined, name: string) =>
  node ? elementsOf(node, name)[0] : undefined;

/** Every element below `node` (depth first) with the name. */
export function descendants(node: XmlElement, name: string, found: XmlElement[] = []) {
  for (const child of elementsOf(node)) {
    if (child.name === name) found.push(child);
    descendants(child, name, found);
  }
  return found;
}

/** The text of an element and all below it. */
export const textOf = (node: XmlElement | undefined): string =>
  node
    ? node.children.map((child) => (typeof child === 'string' ? child : textOf(child))).join('')
    : '';

const camel = (kebab: string) =>
  kebab.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** `qti-choice-interaction` → `choiceInteraction`; other names (HTML) stay as they are. */
const qtiName = (name: string) => {
  const local = name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
  return local.startsWith('qti-') ? camel(local.slice(4)) : local;
};

/** An attribute by its 2.x name, also found under its 3.0 kebab-case name. */
export function attr(node: XmlElement | undefined, name: string): string | undefined {
  if (!node) return undefined;
  const kebab = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return node.attributes[name] ?? node.attributes[kebab];
}

/** Strict XML into a tree; a broken file is refused naming the file, line and column. */
export function parseXml(xml: string, file: string): XmlElement {
  const parser = new SaxesParser({ position: true });
  const root: XmlElement = { name: '', attributes: {}, children: [], line: 0 };
  const stack: XmlElement[] = [root];
  parser.on('error', (error) => {
    const reason = error.message.replace(/^[^:]*:\d+:\d+: /, '');
    throw invalid('file', 'qtiXmlBroken', {
      file,
      line: parser.line,
      column: parser.column + 1,
      reason,
    });
  });
  parser.on('opentag', (tag) => {
    const node: XmlElement = {
      name: qtiName(tag.name),
      attributes: tag.attributes as Record<string, string>,
      children: [],
      line: parser.line,
    };
    stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const addText = (text: string) => {
    const parent = stack[stack.length - 1]!;
    const last = parent.children[parent.children.length - 1];
    if (typeof last === 'string') parent.children[parent.children.length - 1] = last + text;
    else parent.children.push(text);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(xml).close();
  const top = elementsOf(root)[0];
  if (!top) throw invalid('file', 'qtiNotItem', { file, root: '' });
  return top;
}

/** Does this XML look like a QTI item (for a .xml chosen by its extension alone)? */
export const looksLikeQtiItem = (file: Buffer) =>
  /<([A-Za-z_][\w.-]*:)?(assessmentItem|qti-assessment-item)[\s>]/.test(
    file.subarray(0, 4096).toString('utf8'),
  );

// ---------------------------------------------------------------------------------------------
// The package

/** Unpacked bytes a package may hold, and files: far above any real item bank of the upload size. */
export const QTI_UNPACKED_MAX_BYTES = 20 * QUESTION_IMPORT_MAX_BYTES;
/** Room for the most items an import takes, each with its own images or media beside it. */
export const QTI_PACKAGE_FILES_MAX = 3 * QUESTION_IMPORT_MAX_ROWS;

/** An item file of the package, parsed, with the package's files to find its images in. */
export interface QtiItemFile {
  /** Its path in the package ('' folder for a single .xml upload). */
  path: string;
  root: XmlElement;
  /** The package's files by their path; empty for a single .xml upload. */
  files: Map<string, Buffer>;
}

/** A path inside the package, or undefined when it would leave it (../, /, C:). */
export function packagePath(from: string, relative: string): string | undefined {
  let target = relative.split(/[?#]/)[0] ?? '';
  try {
    target = decodeURIComponent(target);
  } catch {
    // Keep it as written.
  }
  if (target === '' || /^([a-z][a-z0-9+.-]*:|\/|\\)/i.test(target)) return undefined;
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), target));
  return joined.startsWith('../') || joined === '..' ? undefined : joined;
}

const unsafeEntry = (name: string) =>
  name.includes('\\') ||
  name.startsWith('/') ||
  /^[a-z]:/i.test(name) ||
  name.split('/').some((part) => part === '..');

/** The files of a .zip: refused when a path leaves the package or it unpacks too large. */
export function unzipPackage(file: Buffer): Map<string, Buffer> {
  let unpacked = 0;
  let count = 0;
  let entries: Record<string, Uint8Array>;
  const tooLarge = () =>
    invalid('file', 'qtiZipTooLarge', {
      max: QTI_UNPACKED_MAX_BYTES / (1024 * 1024),
      files: QTI_PACKAGE_FILES_MAX,
    });
  try {
    entries = unzipSync(file, {
      filter: (entry) => {
        if (unsafeEntry(entry.name))
          throw invalid('file', 'qtiZipUnsafePath', { name: entry.name.slice(0, 120) });
        if (entry.name.endsWith('/')) return false;
        unpacked += entry.originalSize;
        count++;
        if (unpacked > QTI_UNPACKED_MAX_BYTES || count > QTI_PACKAGE_FILES_MAX) throw tooLarge();
        return true;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid('file', 'qtiZipBroken', {
      reason: error instanceof Error ? error.message : String(error),
    });
  }
  const files = new Map<string, Buffer>();
  let actual = 0;
  for (const [name, content] of Object.entries(entries)) {
    // fflate unpacks an entry into the size its header declares (an understated size cuts it
    // short, never overflows); count what was really unpacked all the same.
    actual += content.length;
    if (actual > QTI_UNPACKED_MAX_BYTES) throw tooLarge();
    files.set(name, Buffer.from(content.buffer, content.byteOffset, content.length));
  }
  return files;
}

/** Resource types of QTI items in a manifest (2.1, 2.2, 3.0). */
const ITEM_RESOURCE = /^imsqti_item_xmlv(2p[12]|3p0)$/;

/** Resource types of QTI tests in a manifest (2.1, 2.2, 3.0). */
const TEST_RESOURCE = /^imsqti_test_xmlv(2p[12]|3p0)$/;

/** A test (assessmentTest) file of the package, parsed. */
export interface QtiTestFile {
  path: string;
  root: XmlElement;
  files: Map<string, Buffer>;
}

/**
 * The items a content package's manifest lists, in its order, parsed; the tests it lists are
 * added to `tests` when given.
 */
export function readQtiPackage(file: Buffer, tests?: QtiTestFile[]): QtiItemFile[] {
  const files = unzipPackage(file);
  const manifestPath = files.has('imsmanifest.xml')
    ? 'imsmanifest.xml'
    : [...files.keys()].find((name) => /(^|\/)imsmanifest\.xml$/i.test(name));
  if (!manifestPath) throw invalid('file', 'qtiNoManifest');
  const manifest = parseXml(decodeText(files.get(manifestPath)!), manifestPath);
  const items: QtiItemFile[] = [];
  const seen = new Set<string>();
  for (const resources of descendants(manifest, 'resources')) {
    for (const resource of elementsOf(resources, 'resource')) {
      if (tests && TEST_RESOURCE.test(resource.attributes.type ?? '')) {
        const href = resource.attributes.href ?? firstOf(resource, 'file')?.attributes.href ?? '';
        const testPath = packagePath(manifestPath, href);
        const content = testPath ? files.get(testPath) : undefined;
        if (testPath && content) {
          tests.push({ path: testPath, root: parseXml(decodeText(content), testPath), files });
        }
        continue;
      }
      if (!ITEM_RESOURCE.test(resource.attributes.type ?? '')) continue;
      const href = resource.attributes.href ?? firstOf(resource, 'file')?.attributes.href ?? '';
      const itemPath = packagePath(manifestPath, href);
      if (!itemPath) throw invalid('file', 'qtiZipUnsafePath', { name: href.slice(0, 120) });
      const content = files.get(itemPath);
      if (!content) throw invalid('file', 'qtiMissingFile', { file: itemPath.slice(0, 120) });
      if (seen.has(itemPath)) continue;
      seen.add(itemPath);
      items.push({ path: itemPath, root: parseXml(decodeText(content), itemPath), files });
    }
  }
  if (items.length === 0) throw invalid('file', 'qtiNoItems');
  return items;
}

/** A single item .xml. */
export function readQtiItemFile(file: Buffer, fileName: string): QtiItemFile[] {
  return [{ path: fileName, root: parseXml(decodeText(file), fileName), files: new Map() }];
}
