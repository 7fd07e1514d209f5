import {
  BLANK_MARKER,
  FILE_SERVE_PATH,
  QuestionType,
  type QuestionImportLanguage,
  type QuestionTypeCode,
} from '@kaoshi/shared';
import { isTag, isText, type ChildNode, type Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';

// What the QTI and Moodle XML exports share: a question as they write it, its HTML as
// well-formed XHTML with its images taken out as files, and the words of a judgement.

/** One question to write, from the bank or from a paper's snapshot. */
export interface ExportQuestion {
  /** Unique in the file: `q12` for a bank question, the snapshot's item id in a paper. */
  identifier: string;
  title: string;
  type: QuestionTypeCode;
  content: string;
  options: { key: string; content: string; correct: boolean }[];
  /** Judgement 'T'/'F'; a short answer's model answer (HTML). */
  answer: string;
  blanks: string[][];
  linkUrl: string;
  analysis: string;
  /** Points (not hundredths). */
  score: number;
  /** Category path parts (Moodle): job type, level, course. */
  category: string[];
}

/** The words of a judgement's two options, in the file's language (the importers know them all). */
export const JUDGEMENT_WORDS: Record<QuestionImportLanguage, { T: string; F: string }> = {
  zh: { T: '正确', F: '错误' },
  en: { T: 'True', F: 'False' },
  es: { T: 'Verdadero', F: 'Falso' },
  ja: { T: '正しい', F: '誤り' },
};

/** The class that marks an external-link question's link in the stem (read back by the importers). */
export const EXTERNAL_LINK_CLASS = 'kaoshi-external-link';

/** A stored upload's bytes by its stored name; undefined when it is gone. */
export type UploadReader = (storedName: string) => Promise<Buffer | undefined>;

const STORED_SOURCE = new RegExp(
  `^${FILE_SERVE_PATH.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}([0-9a-f]{32}\\.[a-z0-9]{2,5})$`,
);

/** Elements of the QTI XHTML subset Kaoshi's editor writes; others are unwrapped (their text stays). */
const XHTML_ELEMENTS = new Set(
  (
    'p div span br hr b strong i em sub sup small big tt code pre kbd samp var q cite abbr dfn ' +
    'blockquote address h1 h2 h3 h4 h5 h6 ul ol li dl dt dd table caption thead tbody tfoot tr ' +
    'td th colgroup col a img'
  ).split(' '),
);
/** Editor marks QTI has no element for, written as spans of a class the importers read back. */
export const MARK_CLASSES: Record<string, string> = { u: 'qti-underline', s: 'qti-line-through' };
const KEPT_ATTRIBUTES: Record<string, string[]> = {
  img: ['alt', 'width', 'height'],
  a: ['href'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ol: ['start'],
};

/**
 * A question's files: each upload its HTML shows, once, under `images/<stored name>`. The
 * package (QTI) or the question's <file> elements (Moodle) carry them.
 */
export class ExportImages {
  /** Package path → bytes. */
  readonly files = new Map<string, Buffer>();

  constructor(private readonly read: UploadReader) {}

  /** Reads the uploads `html` shows; answers the stored name of each src it can carry. */
  async collect(html: string) {
    for (const match of html.matchAll(/src="([^"]+)"/g)) {
      const stored = STORED_SOURCE.exec(match[1]!)?.[1];
      const name = stored && `images/${stored}`;
      if (!name || this.files.has(name)) continue;
      const content = await this.read(stored);
      if (content) this.files.set(name, content);
    }
  }

  /** The package path of an upload's src, when its file was read. */
  pathOf(source: string) {
    const stored = STORED_SOURCE.exec(source)?.[1];
    return stored && this.files.has(`images/${stored}`) ? `images/${stored}` : undefined;
  }
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const escapeAttribute = (text: string) => escapeXml(text).replace(/"/g, '&quot;');

/** Characters XML 1.0 forbids (the editor's HTML may hold them). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export interface XhtmlOptions {
  /** The src to write for an image (its place in the package or a @@PLUGINFILE@@ name). */
  imageSource: (source: string) => string;
  /** Each run of blank markers in the text, in order (a textEntryInteraction), else kept. */
  blank?: (index: number) => string;
  /** Keep <u> and <s> (Moodle's HTML has them; QTI's XHTML has not). */
  keepMarks?: boolean;
}

/**
 * The editor's HTML as well-formed XHTML of QTI's content model: void elements closed,
 * entities as characters, attributes cut to those QTI allows, formulas kept as the editor's
 * `<span data-type="formula" data-latex="…">` (LaTeX; QTI allows data-* attributes).
 */
export function toXhtml(html: string, options: XhtmlOptions): string {
  const document = parseDocument(html.replace(NOT_XML, ''), { decodeEntities: true });
  let blanks = 0;
  const nodes = (children: ChildNode[]): string => children.map(node).join('');
  const node = (child: ChildNode): string => {
    if (isText(child)) {
      const text = child.data.replace(NOT_XML, '');
      if (!options.blank) return escapeXml(text);
      return text
        .split(BLANK_MARKER)
        .map(escapeXml)
        .reduce((written, part) => `${written}${options.blank!(blanks++)}${part}`);
    }
    if (!isTag(child)) return '';
    return element(child);
  };
  const element = (tag: Element): string => {
    const name = tag.name.toLowerCase();
    if (name === 'script' || name === 'style') return '';
    const mark = MARK_CLASSES[name];
    if (mark && options.keepMarks) return `<${name}>${nodes(tag.children)}</${name}>`;
    if (mark) return `<span class="${mark}">${nodes(tag.children)}</span>`;
    if (!XHTML_ELEMENTS.has(name)) return nodes(tag.children);
    const kept = Object.entries(tag.attribs).filter(
      ([attribute]) =>
        (KEPT_ATTRIBUTES[name] ?? []).includes(attribute) ||
        attribute === 'class' ||
        (name === 'span' && attribute.startsWith('data-')),
    );
    if (name === 'img') kept.unshift(['src', options.imageSource(tag.attribs.src ?? '')]);
    if (name === 'img' && tag.attribs.alt === undefined) kept.push(['alt', '']);
    const attributes = kept
      .map(([attribute, value]) => ` ${attribute}="${escapeAttribute(value.replace(NOT_XML, ''))}"`)
      .join('');
    if (name === 'br' || name === 'hr' || name === 'img' || name === 'col') {
      return `<${name}${attributes}/>`;
    }
    return `<${name}${attributes}>${nodes(tag.children)}</${name}>`;
  };
  return nodes(document.children);
}

/** The plain text of HTML (a title, a Moodle name). */
export function plainText(html: string) {
  const text = (node: ChildNode): string =>
    isText(node) ? node.data : isTag(node) ? node.children.map(text).join(' ') : '';
  return parseDocument(html).children.map(text).join(' ').replace(/\s+/g, ' ').trim();
}

/** A short name for a question: the start of its stem. */
export const titleOf = (html: string, fallback: string) =>
  [...plainText(html)].slice(0, 60).join('') || fallback;

/** The HTML of an external-link question's link, put after its stem. */
export const externalLinkHtml = (url: string) =>
  `<p class="${EXTERNAL_LINK_CLASS}"><a href="${escapeAttribute(url)}">${escapeXml(url)}</a></p>`;

// eslint-disable-next-line no-control-regex
const NOT_IN_FILE_NAME = /[\\/:*?"<>|\u0000-\u001f]/g;

/** The file name of an export: the name given, made safe, with the extension. */
export const exportFileName = (name: string, extension: string) =>
  `${name.replace(NOT_IN_FILE_NAME, '_').trim().slice(0, 80) || 'export'}.${extension}`;

/** Is the type one of a short answer's kind (answered in text, marked by a person)? */
export const isOpenType = (type: QuestionTypeCode) =>
  type === QuestionType.SHORT_ANSWER || type === QuestionType.EXTERNAL_LINK;
