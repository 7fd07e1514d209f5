import { QuestionType } from '@kaoshi/shared';
import { SaxesParser } from 'saxes';
import { invalid } from '../../errors.js';
import {
  checkQuestionCount,
  hashId,
  markDuplicateIds,
  newForeignQuestion,
  numericValues,
  plain,
  problem,
  readExternalLink,
  tagOf,
  withBlank,
  type ForeignQuestion,
  type ForeignText,
} from './question-import-foreign.js';
import { decodeText } from './question-import-read.js';

/**
 * Moodle XML, as Moodle's question bank exports it (docs.moodle.org "Moodle XML format"):
 *
 *   <quiz>
 *     <question type="category"><category><text>$course$/top/Safety</text></category></question>
 *     <question type="multichoice">
 *       <name><text>Safe voltage</text></name>
 *       <questiontext format="html"><text><![CDATA[<p>…<img src="@@PLUGINFILE@@/a.png"></p>]]></text>
 *         <file name="a.png" path="/" encoding="base64">iVBOR…</file></questiontext>
 *       <generalfeedback format="html"><text>…</text></generalfeedback>
 *       <defaultgrade>2</defaultgrade> <idnumber>EL-1</idnumber> <single>true</single>
 *       <answer fraction="100" format="html"><text>36V</text></answer> …
 *     </question>
 *   </quiz>
 *
 * Becomes: multichoice → single choice (single) or multiple choice (the answers with a positive
 * fraction are the key), truefalse → judgement, shortanswer → fill-in (the answers at 100%),
 * numerical → fill-in (the values within the tolerance), essay → short answer (grader
 * information, else the general feedback, as the marking guide), category → tags of the
 * questions after it. Any other type is listed as unsupported.
 */

/** An element of the file with the line it starts on. */
interface Node {
  name: string;
  attributes: Record<string, string>;
  children: Node[];
  text: string;
  line: number;
}

const child = (node: Node | undefined, name: string) =>
  node?.children.find((found) => found.name === name);
const children = (node: Node, name: string) => node.children.filter((found) => found.name === name);
/** The text of `<name><text>…</text></name>` or of `<name>…</name>`. */
const textOf = (node: Node | undefined, name?: string): string => {
  const element = name === undefined ? node : child(node, name);
  if (!element) return '';
  const inner = child(element, 'text');
  return (inner ?? element).text.trim();
};

/** Strict XML into a tree; a broken file is refused naming its line and column. */
function parseXml(xml: string): Node {
  const parser = new SaxesParser({ position: true });
  const root: Node = { name: '', attributes: {}, children: [], text: '', line: 0 };
  const stack: Node[] = [root];
  parser.on('error', (error) => {
    const reason = error.message.replace(/^[^:]*:\d+:\d+: /, '');
    throw invalid('file', 'moodleXmlBroken', {
      line: parser.line,
      column: parser.column + 1,
      reason,
    });
  });
  parser.on('opentag', (tag) => {
    const node: Node = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
      text: '',
      line: parser.line,
    };
    stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const addText = (text: string) => {
    stack[stack.length - 1]!.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(xml).close();
  return root;
}

/** A text element by its format: html (and Moodle's auto format with markup) or plain text. */
function formatted(node: Node | undefined): ForeignText {
  if (!node) return plain('');
  const format = node.attributes.format ?? 'html';
  const text = textOf(node);
  return { text, html: format === 'html' || format === 'moodle_auto_format' };
}

/** The base64 files inside an element and its children (question text, feedback, answers). */
function collectFiles(node: Node, files: Map<string, Buffer>) {
  for (const found of node.children) {
    if (found.name === 'file' && found.attributes.name) {
      if ((found.attributes.encoding ?? 'base64') === 'base64') {
        files.set(found.attributes.name, Buffer.from(found.text.replace(/\s+/g, ''), 'base64'));
      }
    } else collectFiles(found, files);
  }
}

/** `$course$/top/Electrical/Safety` → Electrical, Safety ('//' is a slash inside a name). */
export function categoryTags(path: string): string[] {
  return path
    .split(/(?<!\/)\/(?!\/)/)
    .map((part) => part.replace(/\/\//g, '/').trim())
    .filter((part) => part !== '' && part !== 'top' && !/^\$[a-z]+\$$/.test(part))
    .map(tagOf);
}

const fractionOf = (answer: Node) => Number(answer.attributes.fraction ?? '0');

/** A score as Moodle writes it (1.0000000), in hundredths as Kaoshi keeps it. */
const scoreText = (text: string) => {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return text.trim();
  return String(Math.round(value * 100) / 100);
};

const UNSUPPORTED: Record<string, string> = {
  matching: 'matching questions: Kaoshi has no matching type',
  randomsamatch: 'random short-answer matching: Kaoshi has no matching type',
  ddwtos: 'drag and drop into text: Kaoshi has no drag and drop',
  ddimageortext: 'drag and drop onto image: Kaoshi has no drag and drop',
  ddmarker: 'drag and drop markers: Kaoshi has no drag and drop',
  gapselect: 'select missing words: Kaoshi has no drop-down gaps',
  calculated: 'calculated questions: Kaoshi has no formulas with random values',
  calculatedsimple: 'simple calculated questions: Kaoshi has no formulas with random values',
  calculatedmulti: 'calculated multichoice: Kaoshi has no formulas with random values',
  multianswer:
    'embedded answers (Cloze) other than short answers and numbers: Kaoshi has no mixed questions',
  description: 'a description holds no question to answer',
  random: 'a random question is a rule of a Moodle quiz, not a question',
  ordering: 'ordering questions: Kaoshi has no ordering type',
};

/** A Cloze gap: {weight:TYPE:answers}. */
const CLOZE_GAP =
  /\{(\d*):(SHORTANSWER_C|SA_C|MWC|SHORTANSWER|SA|MW|NUMERICAL|NM|[A-Z_]+):((?:\\.|[^\\}])*)\}/g;
const CLOZE_TEXT_TYPES = ['SHORTANSWER_C', 'SA_C', 'MWC', 'SHORTANSWER', 'SA', 'MW'];
const CLOZE_NUMBER_TYPES = ['NUMERICAL', 'NM'];

/**
 * Embedded answers (Cloze) whose every gap is a short answer or a number → fill-in, a blank
 * for each gap, its full-credit answers accepted (a number within its tolerance); other gap
 * types (multiple choice in the text) have no Kaoshi equivalent.
 */
function readCloze(question: ForeignQuestion) {
  const gaps = [...question.stem.text.matchAll(CLOZE_GAP)];
  const other = gaps.find((gap) => ![...CLOZE_TEXT_TYPES, ...CLOZE_NUMBER_TYPES].includes(gap[2]!));
  if (gaps.length === 0 || other) {
    question.problems.push(problem('unsupported', 'type', UNSUPPORTED.multianswer!));
    return;
  }
  question.type = QuestionType.FILL_BLANK;
  question.blanks = gaps.map((gap, index) => {
    const accepted: string[] = [];
    for (const written of gap[3]!.split(/(?<!\\)~/)) {
      const full = /^(=|%100%)/.exec(written);
      if (!full) continue;
      const [answer = '', tolerance = ''] = written
        .slice(full[0].length)
        .split(/(?<!\\)#/)[0]!
        .split(/(?<!\\):/);
      // The gap stands in the question's HTML: its answer is HTML text.
      const value = answer
        .replace(/\\(.)/g, '$1')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
      if (!CLOZE_NUMBER_TYPES.includes(gap[2]!)) {
        accepted.push(value);
        continue;
      }
      const values = numericValues(value, tolerance.replace(/\\(.)/g, '$1'));
      if (values) accepted.push(...values);
      else {
        question.problems.push(
          problem(
            'unsupported',
            `blanks.${index}`,
            `the answer ${value} ± ${tolerance} allows more than 20 typed values`,
          ),
        );
      }
    }
    return [...new Set(accepted)];
  });
  question.stem = { ...question.stem, text: question.stem.text.replace(CLOZE_GAP, '____') };
}

function readQuestion(node: Node, tags: string[]): ForeignQuestion {
  const kind = node.attributes.type ?? '';
  const name = textOf(node, 'name');
  const question = newForeignQuestion(node.line, name);
  const stemNode = child(node, 'questiontext');
  question.stem = formatted(stemNode);
  const idnumber = textOf(node, 'idnumber');
  question.externalId = idnumber || hashId(name, question.stem.text);
  question.analysis = formatted(child(node, 'generalfeedback'));
  question.score = scoreText(textOf(node, 'defaultgrade'));
  const ownTags = child(node, 'tags');
  question.tags = [
    ...new Set([
      ...tags,
      ...(ownTags ? children(ownTags, 'tag').map((tag) => tagOf(textOf(tag))) : []),
    ]),
  ].filter((tag) => tag !== '');
  collectFiles(node, question.files);
  const answers = children(node, 'answer');

  switch (kind) {
    case 'multichoice': {
      const single = textOf(node, 'single') !== 'false';
      question.type = single ? QuestionType.SINGLE : QuestionType.MULTIPLE;
      question.options = answers.map((answer) => ({
        text: formatted(answer),
        correct: single ? fractionOf(answer) >= 100 : fractionOf(answer) > 0,
      }));
      break;
    }
    case 'truefalse': {
      question.type = QuestionType.JUDGEMENT;
      const right = answers.find((answer) => fractionOf(answer) >= 100);
      const word = right ? textOf(right).toLowerCase() : '';
      question.answer = plain(word === 'true' ? 'T' : word === 'false' ? 'F' : word);
      break;
    }
    case 'shortanswer': {
      question.type = QuestionType.FILL_BLANK;
      question.stem = withBlank(question.stem);
      const accepted: string[] = [];
      for (const answer of answers.filter((found) => fractionOf(found) >= 100)) {
        const text = textOf(answer);
        // Moodle's * matches anything; \* is a star. Kaoshi compares the whole text.
        if (/(^|[^\\])\*/.test(text)) {
          question.problems.push(
            problem('unsupported', 'answer', `the answer "${text}" uses the wildcard *`),
          );
        } else accepted.push(text.replace(/\\\*/g, '*'));
      }
      question.blanks = [accepted];
      break;
    }
    case 'numerical': {
      question.type = QuestionType.FILL_BLANK;
      question.stem = withBlank(question.stem);
      const accepted: string[] = [];
      for (const answer of answers.filter((found) => fractionOf(found) >= 100)) {
        const value = textOf(answer);
        const values = numericValues(value, textOf(answer, 'tolerance'));
        if (!values) {
          question.problems.push(
            problem(
              'unsupported',
              'answer',
              `the answer ${value} ± ${textOf(answer, 'tolerance')} allows more than 20 typed values`,
            ),
          );
        } else accepted.push(...values);
      }
      question.blanks = [[...new Set(accepted)]];
      break;
    }
    case 'essay': {
      question.type = QuestionType.SHORT_ANSWER;
      const grader = formatted(child(node, 'graderinfo'));
      question.answer = grader.text !== '' ? grader : question.analysis;
      readExternalLink(question);
      break;
    }
    case 'multianswer':
      readCloze(question);
      break;
    default:
      question.problems.push(
        problem(
          'unsupported',
          'type',
          UNSUPPORTED[kind] ?? `the Moodle question type "${kind}" has no Kaoshi equivalent`,
        ),
      );
  }
  return question;
}

/** The questions of a Moodle XML export, each with its category's tags. */
export function readMoodleXml(file: Buffer): ForeignQuestion[] {
  const text = decodeText(file);
  const tree = parseXml(text);
  const quiz = tree.children[0];
  if (!quiz || quiz.name !== 'quiz') {
    throw invalid('file', 'moodleXmlNotQuiz', { root: quiz?.name ?? '' });
  }
  const questions: ForeignQuestion[] = [];
  let tags: string[] = [];
  for (const node of children(quiz, 'question')) {
    if (node.attributes.type === 'category') {
      tags = categoryTags(textOf(node, 'category'));
      continue;
    }
    questions.push(readQuestion(node, tags));
  }
  if (questions.length === 0) throw invalid('file', 'moodleXmlNoQuestions');
  checkQuestionCount(questions.length);
  markDuplicateIds(questions);
  return questions;
}
