import path from 'node:path';
import { CHOICE_TYPES, OPTION_KEYS, QuestionType, type QuestionTypeCode } from '@kaoshi/shared';
import { invalid } from '../../errors.js';
import {
  checkQuestionCount,
  hashId,
  markDuplicateIds,
  newForeignQuestion,
  plain,
  problem,
  type ForeignQuestion,
} from './question-import-foreign.js';
import {
  KEYWORD_LINE,
  OPTION_LINE,
  STEM_LINE,
  blanksOf,
  choiceKeys,
  judgementOf,
  parseQuestionText,
  tagsOf,
  typeOfWord,
  type TextQuestion,
} from './question-text-format.js';
import { attributeOf, childOf, ommlToLatex, type XmlNode } from './question-import-docx-omml.js';
import {
  descendants,
  numberFormats,
  openPackage,
  parseXml,
  relationships,
} from './question-import-docx-package.js';

/**
 * Word documents (.docx) in the layout teachers type (docs/features/question-bank.md "Word"):
 *
 *   一、单选题（每题 2 分）
 *   1．下列哪个是安全电压？（  ）
 *   A．220V    B．36V    C．380V    D．110V
 *   答案：B
 *   解析：……
 *
 * The document becomes the typed-text layout (question-text-format.ts) line by line, each
 * paragraph a line, and that parser reads it. What plain text cannot carry (bold, italic,
 * underline, images, tables, formulas) travels through it as a marker FRAGMENT_OPEN n
 * FRAGMENT_CLOSE standing for fragment n's HTML, turned back into HTML afterwards. A section
 * heading (一、单选题, "I. Single choice") sets the type, and a "每题 2 分" its score, of the
 * questions after it; lines before the first question of a section (the title, instructions)
 * are not questions and are skipped.
 */

const FRAGMENT_OPEN = '\uE000';
const FRAGMENT_CLOSE = '\uE001';
const FRAGMENT = /\uE000(\d+)\uE001/g;

/** A piece of a question that plain text cannot carry: its HTML and its text. */
interface Fragment {
  html: string;
  text: string;
  /** A table: a block of its own, not inside a paragraph. */
  block: boolean;
}

interface RunStyle {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  script: '' | 'sub' | 'sup';
}

type Token =
  | { kind: 'text'; text: string; style: RunStyle }
  | { kind: 'fragment'; index: number }
  | { kind: 'break' };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;',
  );

// ---------------------------------------------------------------------------------------------
// The document as lines of the typed layout

class DocumentReader {
  readonly fragments: Fragment[] = [];
  /** Media parts the document shows, by the name its HTML gives them. */
  readonly media = new Map<string, string>();
  /** Formula parts that became text, by the line they are on. */
  readonly formulaProblems = new Map<number, string[]>();
  readonly lines: string[] = [];
  private counters = new Map<string, number>();

  constructor(
    private readonly relations: Map<string, string>,
    private readonly formats: Map<string, string>,
  ) {}

  private fragment(fragment: Fragment) {
    this.fragments.push(fragment);
    return `${FRAGMENT_OPEN}${this.fragments.length - 1}${FRAGMENT_CLOSE}`;
  }

  private image(relationId: string | undefined): Token | undefined {
    const target = relationId ? this.relations.get(relationId) : undefined;
    if (!target) return undefined;
    const name = path.posix.basename(target);
    this.media.set(name, target);
    const html = `<img src="@@PLUGINFILE@@/${encodeURIComponent(name)}" alt="">`;
    return { kind: 'fragment', index: this.fragmentIndex({ html, text: '', block: false }) };
  }

  private fragmentIndex(fragment: Fragment) {
    this.fragments.push(fragment);
    return this.fragments.length - 1;
  }

  private formula(math: XmlNode): Token {
    const { latex, unknown } = ommlToLatex(math);
    if (unknown.length > 0) {
      const line = this.lines.length;
      this.formulaProblems.set(line, [...(this.formulaProblems.get(line) ?? []), ...unknown]);
    }
    const html = `<span data-type="formula" data-latex="${escapeHtml(latex)}">${escapeHtml(latex)}</span>`;
    return { kind: 'fragment', index: this.fragmentIndex({ html, text: latex, block: false }) };
  }

  /** The tokens of a paragraph's content (runs, hyperlinks, formulas, tracked insertions). */
  private tokens(node: XmlNode, tokens: Token[] = []): Token[] {
    for (const child of node.children) {
      switch (child.name) {
        case 'w:r':
          this.run(child, tokens);
          break;
        case 'm:oMath':
          tokens.push(this.formula(child));
          break;
        case 'w:del':
        case 'w:pPr':
        case 'w:proofErr':
        case 'w:bookmarkStart':
        case 'w:bookmarkEnd':
          break;
        default:
          // w:hyperlink, w:ins, w:smartTag, w:fldSimple, m:oMathPara, w:sdt …: their content.
          this.tokens(child, tokens);
      }
    }
    return tokens;
  }

  private run(run: XmlNode, tokens: Token[]) {
    const properties = childOf(run, 'w:rPr');
    const on = (name: string) => {
      const element = childOf(properties, name);
      const value = attributeOf(element, 'w:val');
      return !!element && value !== '0' && value !== 'false' && value !== 'none';
    };
    const script = attributeOf(childOf(properties, 'w:vertAlign'), 'w:val');
    const style: RunStyle = {
      bold: on('w:b'),
      italic: on('w:i'),
      underline: on('w:u'),
      script: script === 'subscript' ? 'sub' : script === 'superscript' ? 'sup' : '',
    };
    for (const child of run.children) {
      if (child.name === 'w:t') {
        // The markers this reader uses are no text of a document.
        tokens.push({ kind: 'text', text: child.text.replace(/[\uE000\uE001]/g, ''), style });
      } else if (child.name === 'w:tab') tokens.push({ kind: 'text', text: '\t', style });
      else if (child.name === 'w:br' || child.name === 'w:cr') tokens.push({ kind: 'break' });
      else if (child.name === 'w:drawing' || child.name === 'mc:AlternateContent') {
        // A picture: its a:blip (in mc:Choice; mc:Fallback repeats it as VML).
        const choice = childOf(child, 'mc:Choice') ?? child;
        const blip = descendants(choice, 'a:blip')[0];
        const image = this.image(attributeOf(blip, 'r:embed'));
        if (image) tokens.push(image);
      } else if (child.name === 'w:pict' || child.name === 'w:object') {
        const data = descendants(child, 'v:imagedata')[0];
        const image = this.image(attributeOf(data, 'r:id'));
        if (image) tokens.push(image);
      }
    }
  }

  /** Word's own list numbering ("1." or "A." that is not typed): written out as typed. */
  private listNumber(paragraph: XmlNode) {
    const numbering = childOf(childOf(paragraph, 'w:pPr'), 'w:numPr');
    if (!numbering) return '';
    const id = attributeOf(childOf(numbering, 'w:numId'), 'w:val') ?? '';
    const level = Number(attributeOf(childOf(numbering, 'w:ilvl'), 'w:val') ?? '0');
    if (id === '0') return '';
    const key = `${id}:${level}`;
    const count = (this.counters.get(key) ?? 0) + 1;
    this.counters.set(key, count);
    // A new item restarts the levels below it.
    for (const counted of this.counters.keys()) {
      const [countedId, countedLevel] = counted.split(':');
      if (countedId === id && Number(countedLevel) > level) this.counters.delete(counted);
    }
    const format = this.formats.get(key) ?? 'decimal';
    if (format === 'upperLetter' || format === 'lowerLetter') {
      return `${OPTION_KEYS[count - 1] ?? '?'}. `;
    }
    return format === 'bullet' || format === 'none' ? '' : `${count}. `;
  }

  /** A paragraph as lines (a line break inside it starts a new line). */
  paragraph(paragraph: XmlNode) {
    const tokens = this.tokens(paragraph);
    const number = this.listNumber(paragraph);
    if (number) tokens.unshift({ kind: 'text', text: number, style: PLAIN });
    let line: Token[] = [];
    for (const token of tokens) {
      if (token.kind === 'break') {
        this.lines.push(...this.encode(line));
        line = [];
      } else line.push(token);
    }
    this.lines.push(...this.encode(line));
  }

  /** A table: one line holding its HTML, each cell's paragraphs as the cell's paragraphs. */
  table(table: XmlNode) {
    const rows = table.children
      .filter((found) => found.name === 'w:tr')
      .map((row) => {
        const cells = row.children
          .filter((found) => found.name === 'w:tc')
          .map((cell) => {
            const span = attributeOf(childOf(childOf(cell, 'w:tcPr'), 'w:gridSpan'), 'w:val');
            const paragraphs = cell.children
              .filter((found) => found.name === 'w:p')
              .map((found) => `<p>${this.inlineHtml(this.tokens(found))}</p>`)
              .join('');
            const colspan = span && Number(span) > 1 ? ` colspan="${Number(span)}"` : '';
            return `<td${colspan}>${paragraphs}</td>`;
          });
        return `<tr>${cells.join('')}</tr>`;
      });
    const html = `<table><tbody>${rows.join('')}</tbody></table>`;
    this.lines.push(this.fragment({ html, text: '', block: true }));
  }

  body(node: XmlNode) {
    for (const child of node.children) {
      if (child.name === 'w:p') this.paragraph(child);
      else if (child.name === 'w:tbl') this.table(child);
      else if (child.name === 'w:sdt') this.body(childOf(child, 'w:sdtContent') ?? child);
    }
  }

  /** Tokens as HTML inside a paragraph (a table's cell). */
  private inlineHtml(tokens: Token[]) {
    return decodeInline(this.encodeTokens(tokens), this.fragments);
  }

  /**
   * Tokens as a line of the typed layout: plain text, with formatted runs, images and formulas
   * as fragments. A prefix (1. / A. / 答案：) is kept as plain text even when it is bold, so
   * the parser sees it; several options on one line become lines of their own.
   */
  private encode(tokens: Token[]): string[] {
    const plainText = tokens
      .map((token) => (token.kind === 'text' ? token.text : '\uFFFC'))
      .join('');
    const prefix = [STEM_LINE, OPTION_LINE, KEYWORD_LINE]
      .map((pattern) => pattern.exec(plainText))
      .find(
        (match) => match && !/\uFFFC/.test(plainText.slice(0, plainText.length - match[3]!.length)),
      );
    const prefixLength = prefix ? plainText.length - prefix[3]!.length : 0;
    const line =
      plainText.slice(0, prefixLength) + this.encodeTokens(dropChars(tokens, prefixLength));
    return splitLine(line);
  }

  private encodeTokens(tokens: Token[]) {
    const merged: Token[] = [];
    for (const token of tokens) {
      const last = merged[merged.length - 1];
      // Word splits runs anywhere (spelling marks, edits): equal styles join again.
      if (token.kind === 'text' && last?.kind === 'text' && sameStyle(last.style, token.style)) {
        merged[merged.length - 1] = { ...last, text: last.text + token.text };
      } else merged.push(token);
    }
    return merged
      .map((token) => {
        if (token.kind === 'fragment') return `${FRAGMENT_OPEN}${token.index}${FRAGMENT_CLOSE}`;
        if (token.kind === 'break') return '';
        const { style } = token;
        // An underlined gap is the blank of a fill-in question.
        if (style.underline && token.text.trim() === '' && token.text !== '') return '____';
        if (!style.bold && !style.italic && !style.underline && !style.script) return token.text;
        let html = escapeHtml(token.text);
        if (style.script) html = `<${style.script}>${html}</${style.script}>`;
        if (style.underline) html = `<u>${html}</u>`;
        if (style.italic) html = `<em>${html}</em>`;
        if (style.bold) html = `<strong>${html}</strong>`;
        return this.fragment({ html, text: token.text, block: false });
      })
      .join('');
  }
}

const PLAIN: RunStyle = { bold: false, italic: false, underline: false, script: '' };
const sameStyle = (a: RunStyle, b: RunStyle) =>
  a.bold === b.bold &&
  a.italic === b.italic &&
  a.underline === b.underline &&
  a.script === b.script;

/** The tokens without their first `count` characters of text. */
function dropChars(tokens: Token[], count: number): Token[] {
  const kept: Token[] = [];
  let left = count;
  for (const token of tokens) {
    if (left > 0 && token.kind === 'text') {
      if (token.text.length <= left) {
        left -= token.text.length;
        continue;
      }
      kept.push({ ...token, text: token.text.slice(left) });
      left = 0;
    } else if (left > 0) left -= 1;
    else kept.push(token);
  }
  return kept;
}

const KEYS_FULL_WIDTH = 'ＡＢＣＤＥＦＧＨＩＪ';
const INLINE_KEYWORDS = '答案|正确答案|参考答案|解析|答案解析|分值|分数|难度|标签';

/** "A. 220V  B. 36V" → two option lines; "答案：B 【解析】…" → two keyword lines. */
function splitLine(line: string): string[] {
  const option = OPTION_LINE.exec(line);
  if (option) {
    const lines: string[] = [];
    let rest = line;
    let key = (option[1] ?? option[2])!.normalize('NFKC');
    for (;;) {
      const next = OPTION_KEYS[OPTION_KEYS.indexOf(key as (typeof OPTION_KEYS)[number]) + 1];
      if (!next) break;
      const wide = KEYS_FULL_WIDTH[OPTION_KEYS.indexOf(next)];
      const at = new RegExp(
        `[\\s\\u3000]+(?=(?:[(（]\\s*[${next}${wide}]\\s*[)）]|[${next}${wide}]\\s*[.．、]))`,
      ).exec(rest);
      if (!at) break;
      lines.push(rest.slice(0, at.index));
      rest = rest.slice(at.index + at[0].length);
      key = next;
    }
    return [...lines, rest];
  }
  if (KEYWORD_LINE.test(line)) {
    const parts = line.split(
      new RegExp(
        `(?<=\\S)[\\s\\u3000]*(?=【(?:${INLINE_KEYWORDS})】|(?:${INLINE_KEYWORDS})\\s*[:：])`,
      ),
    );
    return parts.length > 1 && parts.every((part) => KEYWORD_LINE.test(part)) ? parts : [line];
  }
  return [line];
}

/** Encoded text inside a paragraph as HTML: text escaped, fragments as their HTML. */
function decodeInline(encoded: string, fragments: Fragment[]) {
  let html = '';
  let last = 0;
  for (const match of encoded.matchAll(FRAGMENT)) {
    html += escapeHtml(encoded.slice(last, match.index)) + fragments[Number(match[1])]!.html;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(encoded.slice(last));
}

/** Encoded text as plain text (an answer key, a score): fragments as their text. */
const decodePlain = (encoded: string, fragments: Fragment[]) =>
  encoded.replace(FRAGMENT, (_, index: string) => fragments[Number(index)]!.text).trim();

/** Lines as HTML paragraphs; a table stays a block of its own. */
function decodeBlocks(encoded: string, fragments: Fragment[]) {
  return encoded
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const only = /^\uE000(\d+)\uE001$/.exec(line);
      if (only && fragments[Number(only[1])]!.block) return fragments[Number(only[1])]!.html;
      return `<p>${decodeInline(line, fragments)}</p>`;
    })
    .join('');
}

// ---------------------------------------------------------------------------------------------
// Sections and questions

const CHINESE_NUMBER = /^[一二三四五六七八九十]{1,3}\s*[、.．]\s*/;
const ROMAN_NUMBER =
  /^(?:[IVX]{1,4}|[Ⅰ-Ⅻ])\s*[.、．]\s*|^(?:part|parte|section)\s+[0-9IVX]+\s*[.:：]?\s*/i;
const SECTION_SCORE =
  /(?:每[题小]|各問?|1問)\s*([0-9]+(?:\.[0-9]+)?)\s*[分点]|([0-9]+(?:\.[0-9]+)?)\s*(?:points?|puntos?)\s*(?:each|cada)/i;

/** A section heading: the type of the questions under it and their score when it says one. */
export function sectionOf(text: string): { type: QuestionTypeCode; score: string } | undefined {
  const numbered = CHINESE_NUMBER.exec(text) ?? ROMAN_NUMBER.exec(text);
  if (!numbered) return undefined;
  const rest = text.slice(numbered[0].length);
  const words = rest
    .replace(/[（(].*$/, '')
    .replace(/[:：]\s*$/, '')
    .trim();
  const type =
    typeOfWord(words) ??
    typeOfWord(words.replace(/\s*(?:questions?|preguntas?( de)?|問題)$/i, '')) ??
    typeOfWord(words.replace(/^(?:preguntas? de)\s*/i, ''));
  if (type === undefined) return undefined;
  const score = SECTION_SCORE.exec(rest);
  return { type, score: score?.[1] ?? score?.[2] ?? '' };
}

interface Section {
  title: string;
  type: QuestionTypeCode;
  score: string;
}

/**
 * The document's lines as the typed layout: headings become blank lines and remember their
 * section for the lines after them; text before a section's first question is dropped.
 */
function layoutOf(lines: string[], fragments: Fragment[]) {
  const text: string[] = [];
  const sectionAt: (Section | undefined)[] = [];
  let section: Section | undefined;
  let beforeQuestion = true;
  for (const line of lines) {
    const title = decodePlain(line, fragments);
    const heading = sectionOf(title);
    if (heading) {
      section = { title: title.replace(/\s*[（(].*$/, ''), ...heading };
      beforeQuestion = true;
      text.push('');
    } else if (beforeQuestion && !STEM_LINE.test(line)) {
      text.push('');
    } else {
      beforeQuestion = false;
      text.push(line);
    }
    sectionAt.push(section);
  }
  return { text: text.join('\n'), sectionAt };
}

/** A fill-in's empty brackets （  ） are its blanks, as Chinese papers print them. */
const bracketBlanks = (stem: string) => stem.replace(/[（(][\s\u3000]*[)）]/g, '____');

function toForeign(
  parsed: TextQuestion,
  ordinal: number,
  reader: DocumentReader,
  sectionAt: (Section | undefined)[],
  files: Map<string, Buffer>,
): ForeignQuestion {
  const { fragments } = reader;
  const section = sectionAt[parsed.line - 1];
  const firstLine = reader.lines[parsed.line - 1] ?? '';
  const number = STEM_LINE.exec(decodePlain(firstLine, fragments));
  const typed = number?.[1] ?? number?.[2] ?? String(ordinal);
  const name = `${section ? `${section.title} · ` : ''}${typed.normalize('NFKC')}`;
  const question = newForeignQuestion(ordinal, name);
  // The layout's problems name its lines; here the question's number names the place.
  question.problems = parsed.problems.map((found) => ({
    ...found,
    message: found.message.replace(/^line \d+: /, ''),
  }));
  const type = section?.type ?? parsed.type;
  question.type = type;
  const stemText = type === QuestionType.FILL_BLANK ? bracketBlanks(parsed.stem) : parsed.stem;
  question.stem = { text: decodeBlocks(stemText, fragments), html: true };
  question.options = parsed.options.map((option) => ({
    text: { text: decodeInline(option.trim(), fragments).replace(/\n/g, '<br />'), html: true },
    correct: false,
  }));
  const answer = decodePlain(parsed.answer, fragments);
  if (type !== null && CHOICE_TYPES.includes(type)) {
    const keys = choiceKeys(answer);
    question.answerKeys = keys ? keys.join('') : answer;
  } else if (type === QuestionType.JUDGEMENT) {
    question.answer = plain(judgementOf(answer) ?? answer);
  } else if (type === QuestionType.FILL_BLANK) {
    question.blanks = blanksOf(answer);
  } else question.answer = { text: decodeBlocks(parsed.answer, fragments), html: true };
  if (type === QuestionType.EXTERNAL_LINK)
    question.linkUrl = decodePlain(parsed.linkUrl, fragments);
  question.analysis = { text: decodeBlocks(parsed.analysis, fragments), html: true };
  question.score = decodePlain(parsed.score, fragments) || (section?.score ?? '');
  question.difficulty = decodePlain(parsed.difficulty, fragments);
  question.tags = tagsOf(decodePlain(parsed.tags, fragments));
  question.files = files;
  question.externalId = hashId(
    'docx',
    decodePlain(parsed.stem, fragments),
    ...parsed.options.map((option) => decodePlain(option, fragments)),
  );
  return question;
}

/** The questions of a Word document, in order. */
export async function readDocx(file: Buffer): Promise<ForeignQuestion[]> {
  const { part } = await openPackage(file);
  const documentXml = await part('word/document.xml');
  if (!documentXml) {
    throw invalid('file', 'docxBroken', { reason: 'no word/document.xml' });
  }
  const relations = relationships((await part('word/_rels/document.xml.rels'))?.toString('utf8'));
  const formats = numberFormats((await part('word/numbering.xml'))?.toString('utf8'));
  const tree = parseXml(documentXml.toString('utf8'), 'document.xml');
  const body = childOf(childOf(tree, 'w:document'), 'w:body');
  if (!body) throw invalid('file', 'docxBroken', { reason: 'no w:body in word/document.xml' });
  const reader = new DocumentReader(relations, formats);
  reader.body(body);

  const { text, sectionAt } = layoutOf(reader.lines, reader.fragments);
  const parsed = parseQuestionText(text);
  if (parsed.length === 0) throw invalid('file', 'docxNoQuestions');
  checkQuestionCount(parsed.length);

  const files = new Map<string, Buffer>();
  for (const [name, target] of reader.media) {
    const content = await part(target);
    if (content) files.set(name, content);
  }
  const questions = parsed.map((found, index) =>
    toForeign(found, index + 1, reader, sectionAt, files),
  );
  // Formulas Word wrote with parts the editor's LaTeX is not given: named on their question.
  parsed.forEach((found, index) => {
    const next = parsed[index + 1]?.line ?? Number.POSITIVE_INFINITY;
    for (const [line, unknown] of reader.formulaProblems) {
      if (line + 1 >= found.line && line + 1 < next) {
        questions[index]!.problems.push(
          problem(
            'unsupported',
            'content',
            `a formula uses ${unknown.join(', ')}, which is kept as its text`,
          ),
        );
      }
    }
  });
  markDuplicateIds(questions);
  return questions;
}
