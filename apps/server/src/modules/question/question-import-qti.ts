import { QuestionType } from '@kaoshi/shared';
import { invalid } from '../../errors.js';
import {
  checkQuestionCount,
  hashId,
  markDuplicateIds,
  newForeignQuestion,
  plain,
  problem,
  readExternalLink,
  type ForeignQuestion,
  type ForeignText,
} from './question-import-foreign.js';
import {
  attr,
  descendants,
  elementsOf,
  firstOf,
  isElement,
  packagePath,
  readQtiItemFile,
  readQtiPackage,
  textOf,
  type QtiItemFile,
  type QtiTestFile,
  type XmlElement,
} from './question-import-qti-package.js';
import { readQtiTest, type QtiTest } from './question-import-qti-test.js';

/**
 * QTI 2.1 / 2.2 (`assessmentItem`, `choiceInteraction` …) and 3.0 (`qti-assessment-item`,
 * `qti-choice-interaction` …) items, from a content package or one item file (1EdTech QTI
 * "Assessment, Section and Item" specification):
 *
 *   <assessmentItem identifier="EL-1" title="Safe voltage" adaptive="false" timeDependent="false">
 *     <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier">
 *       <correctResponse><value>B</value></correctResponse></responseDeclaration>
 *     <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float" normalMaximum="2"/>
 *     <itemBody><choiceInteraction responseIdentifier="RESPONSE" maxChoices="1">
 *       <prompt>Which voltage is safe?</prompt>
 *       <simpleChoice identifier="A">220 V</simpleChoice> <simpleChoice identifier="B">36 V</simpleChoice>
 *     </choiceInteraction></itemBody>
 *     <modalFeedback outcomeIdentifier="FEEDBACK" identifier="B" showHide="show">…</modalFeedback>
 *   </assessmentItem>
 *
 * Becomes: choiceInteraction → single choice (one correct, the candidate picks one), multiple
 * choice (several correct, or cardinality="multiple"), judgement (two options that say
 * true/false); textEntryInteraction(s) → fill-in with a blank where each stood, the accepted
 * values from correctResponse and the mapping's positive entries (a case-insensitive entry
 * also as its lower, upper and capitalised forms: Kaoshi compares the text as typed);
 * extendedTextInteraction → short answer, the scorer's rubricBlock as the model answer. The
 * score is SCORE's normalMaximum, else the mapping's sum, else the default. Feedback becomes
 * the analysis. Anything else is listed as unsupported, with why.
 */

const SUPPORTED = ['choiceInteraction', 'textEntryInteraction', 'extendedTextInteraction'];

const UNSUPPORTED: Record<string, string> = {
  hotspotInteraction: 'a hotspot interaction: Kaoshi has no answers by clicking an image',
  graphicOrderInteraction: 'a graphic order interaction: Kaoshi has no answers on images',
  graphicAssociateInteraction: 'a graphic associate interaction: Kaoshi has no answers on images',
  graphicGapMatchInteraction: 'a graphic gap match interaction: Kaoshi has no answers on images',
  selectPointInteraction: 'a select point interaction: Kaoshi has no answers on images',
  positionObjectInteraction: 'a position object interaction: Kaoshi has no answers on images',
  gapMatchInteraction: 'a gap match interaction: Kaoshi has no drag and drop',
  orderInteraction: 'an order interaction: Kaoshi has no ordering type',
  associateInteraction: 'an associate interaction: Kaoshi has no matching type',
  matchInteraction: 'a match interaction: Kaoshi has no matching type',
  sliderInteraction: 'a slider interaction: Kaoshi has no slider answers',
  uploadInteraction: 'an upload interaction: Kaoshi questions take no uploaded files',
  drawingInteraction: 'a drawing interaction: Kaoshi has no drawn answers',
  hottextInteraction: 'a hot text interaction: Kaoshi has no selectable text',
  inlineChoiceInteraction: 'an inline choice interaction: Kaoshi has no drop-down gaps',
  mediaInteraction: 'a media interaction: Kaoshi has no media questions',
  customInteraction: 'a custom interaction runs its own code: Kaoshi cannot run it',
  portableCustomInteraction:
    'a portable custom interaction (PCI) runs its own code: Kaoshi cannot run it',
  endAttemptInteraction: 'an end attempt interaction belongs to adaptive items: Kaoshi has none',
};

/** Words of a two-option choice that make it a judgement (compared in lower case). */
const TRUE_WORDS = [
  '对',
  '正确',
  'true',
  't',
  '√',
  '✓',
  '是',
  'verdadero',
  'cierto',
  '正しい',
  '○',
];
const FALSE_WORDS = ['错', '错误', 'false', 'f', '×', '✗', '否', 'falso', '誤り', '間違い'];

/** HTML elements kept as they are (the allow-list decides at the check); others are unwrapped. */
const HTML_ELEMENTS = new Set(
  (
    'p div span br hr b strong i em u s sub sup small big tt code pre kbd samp var q cite abbr ' +
    'dfn blockquote address h1 h2 h3 h4 h5 h6 ul ol li dl dt dd table caption thead tbody tfoot ' +
    'tr td th colgroup col a math'
  ).split(' '),
);
const VOID_ELEMENTS = new Set(['br', 'hr', 'col', 'img']);
/** Parts of an item that are not its stem (feedback and rubrics are read on their own). */
const NOT_STEM = new Set([
  'rubricBlock',
  'modalFeedback',
  'feedbackBlock',
  'feedbackInline',
  'stylesheet',
  'templateBlock',
  'templateInline',
  'printedVariable',
]);
/** Indentation around block tags is the XML's layout, not the text's. */
const BLOCK_TAG_SPACE =
  /\s*(<\/?(?:p|div|table|caption|thead|tbody|tfoot|tr|td|th|ul|ol|li|dl|dt|dd|h\d|pre|blockquote)\b[^>]*>)\s*/g;
const MARK_OF_CLASS: Record<string, string> = { 'qti-underline': 'u', 'qti-line-through': 's' };
const IMAGE_FILE = /\.(png|jpe?g|gif|webp|bmp|svg)$/i;

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');
/** A package path as a @@PLUGINFILE@@ name (the placeholders of foreignToRaw). */
const fileReference = (name: string) =>
  `@@PLUGINFILE@@/${encodeURIComponent(name).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/** Turns an item's XML into HTML, noting its blanks, images and media it cannot keep. */
class ItemHtml {
  /** responseIdentifier of each textEntryInteraction met, in order. */
  readonly blanks: string[] = [];

  constructor(
    private readonly item: QtiItemFile,
    private readonly question: ForeignQuestion,
  ) {}

  children(node: XmlElement): string {
    return node.children
      .map((child) => (isElement(child) ? this.element(child) : escapeText(child)))
      .join('');
  }

  /** An element's content as a block: its text in a paragraph unless it has blocks already. */
  block(node: XmlElement | undefined): string {
    if (!node) return '';
    const html = this.children(node).replace(BLOCK_TAG_SPACE, '$1').trim();
    if (html === '') return '';
    return /^<(p|div|table|ul|ol|h\d|pre|blockquote)[\s>]/.test(html) ? html : `<p>${html}</p>`;
  }

  private image(source: string, alt: string, extra: string) {
    const name = packagePath(this.item.path, source);
    if (/^(https?:|data:)/i.test(source) || !name) {
      return `<img src="${escapeAttribute(source)}" alt="${escapeAttribute(alt)}"${extra}>`;
    }
    const content = this.item.files.get(name);
    if (content) this.question.files.set(name, content);
    return `<img src="${fileReference(name)}" alt="${escapeAttribute(alt)}"${extra}>`;
  }

  private element(node: XmlElement): string {
    if (NOT_STEM.has(node.name)) return '';
    switch (node.name) {
      case 'textEntryInteraction':
        this.blanks.push(attr(node, 'responseIdentifier') ?? '');
        return '____';
      case 'choiceInteraction':
      case 'extendedTextInteraction':
        return this.block(firstOf(node, 'prompt'));
      case 'span': {
        // Kaoshi's export writes <u> and <s>, which QTI lacks, as spans of these classes.
        const mark = MARK_OF_CLASS[node.attributes.class ?? ''];
        if (mark) return `<${mark}>${this.children(node)}</${mark}>`;
        break;
      }
      case 'img': {
        const size = ['width', 'height']
          .filter((name) => node.attributes[name])
          .map((name) => ` ${name}="${escapeAttribute(node.attributes[name]!)}"`)
          .join('');
        return this.image(node.attributes.src ?? '', node.attributes.alt ?? '', size);
      }
      case 'object': {
        const data = node.attributes.data ?? '';
        if ((node.attributes.type ?? '').startsWith('image/') || IMAGE_FILE.test(data)) {
          return this.image(data, textOf(node).trim(), '');
        }
        this.question.problems.push(
          problem(
            'unsupported',
            'content',
            `the media "${data.slice(0, 60)}" (${node.attributes.type ?? 'unknown type'}): Kaoshi questions show images, not media`,
          ),
        );
        return '';
      }
    }
    if (!HTML_ELEMENTS.has(node.name)) return this.children(node);
    const attributes = Object.entries(node.attributes)
      .filter(([name]) => !name.startsWith('xmlns') && !name.includes(':'))
      .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
      .join('');
    if (VOID_ELEMENTS.has(node.name)) return `<${node.name}${attributes}>`;
    return `<${node.name}${attributes}>${this.children(node)}</${node.name}>`;
  }
}

interface Declaration {
  cardinality: string;
  correct: string[];
  entries: { key: string; value: number; caseSensitive: boolean }[];
  upperBound: number | undefined;
}

function declarationsOf(root: XmlElement): Map<string, Declaration> {
  const declarations = new Map<string, Declaration>();
  for (const node of elementsOf(root, 'responseDeclaration')) {
    const mapping = firstOf(node, 'mapping');
    const upper = Number(attr(mapping, 'upperBound'));
    declarations.set(attr(node, 'identifier') ?? '', {
      cardinality: attr(node, 'cardinality') ?? 'single',
      correct: elementsOf(firstOf(node, 'correctResponse') ?? node, 'value')
        .filter(() => firstOf(node, 'correctResponse') !== undefined)
        .map((value) => textOf(value).trim()),
      entries: mapping
        ? elementsOf(mapping, 'mapEntry').map((entry) => ({
            key: (attr(entry, 'mapKey') ?? '').trim(),
            value: Number(attr(entry, 'mappedValue') ?? '0'),
            caseSensitive: (attr(entry, 'caseSensitive') ?? 'true') !== 'false',
          }))
        : [],
      upperBound:
        mapping && Number.isFinite(upper) && attr(mapping, 'upperBound') ? upper : undefined,
    });
  }
  return declarations;
}

const positive = (declaration: Declaration) =>
  declaration.entries.filter((entry) => Number.isFinite(entry.value) && entry.value > 0);

/** What the mapping gives at most for one response (capped by its upperBound). */
const mappingMaximum = (declaration: Declaration, best: 'sum' | 'max') => {
  const values = positive(declaration).map((entry) => entry.value);
  if (values.length === 0) return 0;
  const total = best === 'sum' ? values.reduce((a, b) => a + b, 0) : Math.max(...values);
  return declaration.upperBound === undefined ? total : Math.min(total, declaration.upperBound);
};

const scoreText = (value: number) => String(Math.round(value * 100) / 100);

/** A value the candidate may type in any case, as the forms they would type. */
const caseForms = (value: string) => [
  value,
  value.toLowerCase(),
  value.toUpperCase(),
  value.charAt(0).toUpperCase() + value.slice(1).toLowerCase(),
];

/** Why Kaoshi cannot take the item as a whole, or undefined. */
function refusalOf(root: XmlElement, interactions: XmlElement[]): string | undefined {
  if (attr(root, 'adaptive') === 'true') {
    return 'an adaptive item changes as the candidate answers: Kaoshi has no adaptive questions';
  }
  if (elementsOf(root, 'templateDeclaration').length > 0 || firstOf(root, 'templateProcessing')) {
    return 'a template item generates its values: Kaoshi has no questions with generated values';
  }
  const unsupported = interactions.find((node) => !SUPPORTED.includes(node.name));
  if (unsupported) {
    return (
      UNSUPPORTED[unsupported.name] ??
      `the interaction "${unsupported.name}" has no Kaoshi equivalent`
    );
  }
  if (interactions.length === 0) return 'the item has no interaction: nothing to answer';
  const kinds = [...new Set(interactions.map((node) => node.name))];
  if (kinds.length > 1) {
    return `interactions of different kinds in one item (${kinds.join(', ')}): a Kaoshi question has one kind`;
  }
  if (kinds[0] !== 'textEntryInteraction' && interactions.length > 1) {
    return `${interactions.length} ${kinds[0]}s in one item: a Kaoshi question has one`;
  }
  return undefined;
}

function readChoice(
  question: ForeignQuestion,
  html: ItemHtml,
  interaction: XmlElement,
  declaration: Declaration | undefined,
) {
  const choices = descendants(interaction, 'simpleChoice');
  const correct = new Set(
    declaration
      ? declaration.correct.length > 0
        ? declaration.correct
        : positive(declaration).map((entry) => entry.key)
      : [],
  );
  const options = choices.map((choice) => ({
    // As written: inline text stays inline, paragraphs stay paragraphs.
    text: { text: html.children(choice).replace(BLOCK_TAG_SPACE, '$1').trim(), html: true },
    correct: correct.has(attr(choice, 'identifier') ?? ''),
    word: textOf(choice)
      .trim()
      .replace(/[.。]$/, '')
      .toLowerCase(),
  }));
  const keys = options.filter((option) => option.correct).length;
  if (keys === 0) {
    question.problems.push(
      problem(
        'required',
        'answer',
        'the item declares no correct choice (correctResponse or mapping)',
      ),
    );
  }
  const [first, second] = options;
  const judgement =
    options.length === 2 &&
    keys === 1 &&
    ((TRUE_WORDS.includes(first!.word) && FALSE_WORDS.includes(second!.word)) ||
      (FALSE_WORDS.includes(first!.word) && TRUE_WORDS.includes(second!.word)));
  if (judgement) {
    question.type = QuestionType.JUDGEMENT;
    const right = options.find((option) => option.correct)!;
    question.answer = plain(TRUE_WORDS.includes(right.word) ? 'T' : 'F');
  } else {
    const multiple = keys > 1 || declaration?.cardinality === 'multiple';
    question.type = multiple ? QuestionType.MULTIPLE : QuestionType.SINGLE;
    question.options = options.map(({ text, correct: isKey }) => ({ text, correct: isKey }));
  }
  if (question.score === '' && declaration && positive(declaration).length > 0) {
    question.score = scoreText(mappingMaximum(declaration, 'sum'));
  }
}

function readTextEntry(
  question: ForeignQuestion,
  html: ItemHtml,
  declarations: Map<string, Declaration>,
) {
  question.type = QuestionType.FILL_BLANK;
  let mapped = 0;
  question.blanks = html.blanks.map((identifier, index) => {
    const declaration = declarations.get(identifier);
    if (!declaration) {
      question.problems.push(
        problem(
          'required',
          `blanks.${index}`,
          `no responseDeclaration "${identifier}" for blank ${index + 1}`,
        ),
      );
      return [];
    }
    const accepted = [...declaration.correct];
    for (const entry of positive(declaration)) {
      accepted.push(...(entry.caseSensitive ? [entry.key] : caseForms(entry.key)));
    }
    mapped += mappingMaximum(declaration, 'max');
    return [...new Set(accepted.filter((value) => value !== ''))];
  });
  if (question.score === '' && mapped > 0) question.score = scoreText(mapped);
}

/** The feedback shown after answering, as one text (analysis). */
function feedbackOf(root: XmlElement, html: ItemHtml): ForeignText {
  const parts = [...elementsOf(root, 'modalFeedback'), ...descendants(root, 'feedbackBlock')]
    .map((node) => html.block(node))
    .filter((text) => text !== '');
  return { text: [...new Set(parts)].join(''), html: true };
}

function readItem(item: QtiItemFile, index: number): ForeignQuestion {
  const { root } = item;
  if (root.name !== 'assessmentItem') {
    throw invalid('file', 'qtiNotItem', { file: item.path.slice(0, 120), root: root.name });
  }
  const identifier = attr(root, 'identifier') ?? '';
  const title = attr(root, 'title') ?? '';
  const question = newForeignQuestion(index + 1, title ? `${identifier} · ${title}` : identifier);
  question.externalId = identifier || hashId(item.path, textOf(root));
  const body = firstOf(root, 'itemBody');
  const interactions = body ? collectInteractions(body) : [];
  const html = new ItemHtml(item, question);
  question.stem = { text: body ? html.block(body) : '', html: true };
  const refusal = refusalOf(root, interactions);
  if (refusal) {
    question.problems.push(problem('unsupported', 'type', refusal));
    return question;
  }
  const score = elementsOf(root, 'outcomeDeclaration').find(
    (node) => attr(node, 'identifier') === 'SCORE',
  );
  const maximum = Number(attr(score, 'normalMaximum'));
  if (attr(score, 'normalMaximum') && Number.isFinite(maximum)) question.score = scoreText(maximum);
  question.analysis = feedbackOf(root, html);
  const declarations = declarationsOf(root);
  const interaction = interactions[0]!;
  const declaration = declarations.get(attr(interaction, 'responseIdentifier') ?? '');
  switch (interaction.name) {
    case 'choiceInteraction':
      readChoice(question, html, interaction, declaration);
      break;
    case 'textEntryInteraction':
      readTextEntry(question, html, declarations);
      break;
    default: {
      question.type = QuestionType.SHORT_ANSWER;
      const rubric = descendants(root, 'rubricBlock').filter((node) =>
        (attr(node, 'view') ?? '').split(/\s+/).includes('scorer'),
      );
      const model = rubric.map((node) => html.block(node)).join('');
      question.answer =
        model !== ''
          ? { text: model, html: true }
          : declaration && declaration.correct.length > 0
            ? plain(declaration.correct.join('\n'))
            : question.analysis;
      readExternalLink(question);
    }
  }
  return question;
}

/** The interactions of an item body, wherever they stand in it. */
function collectInteractions(body: XmlElement, found: XmlElement[] = []) {
  for (const child of elementsOf(body)) {
    if (child.name.endsWith('Interaction')) found.push(child);
    else collectInteractions(child, found);
  }
  return found;
}

/** A QTI file read: its questions, each item's path in the package, and its test if any. */
export interface QtiBank {
  questions: ForeignQuestion[];
  itemPaths: string[];
  test: QtiTest | null;
}

/** The questions (and test) of a QTI content package (.zip) or of a single item file (.xml). */
export function readQtiBank(file: Buffer, fileName: string): QtiBank {
  const isZip = file.length >= 4 && file.readUInt32LE(0) === 0x04034b50;
  const tests: QtiTestFile[] = [];
  const items = isZip ? readQtiPackage(file, tests) : readQtiItemFile(file, fileName);
  checkQuestionCount(items.length);
  const questions = items.map(readItem);
  markDuplicateIds(questions, 'item');
  return { questions, itemPaths: items.map((item) => item.path), test: readQtiTest(tests) };
}

/** The questions of a QTI content package (.zip) or of a single item file (.xml). */
export const readQti = (file: Buffer, fileName: string) => readQtiBank(file, fileName).questions;
