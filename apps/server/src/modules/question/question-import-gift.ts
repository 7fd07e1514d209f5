import { QuestionType } from '@kaoshi/shared';
import { invalid } from '../../errors.js';
import {
  checkQuestionCount,
  hashId,
  markDuplicateIds,
  newForeignQuestion,
  numericValues,
  plain,
  problem,
  valuesBetween,
  withBlank,
  type ForeignQuestion,
  type ForeignText,
} from './question-import-foreign.js';
import { MARKUP, decodeText } from './question-import-read.js';
import { categoryTags } from './question-import-moodle.js';

/**
 * GIFT, Moodle's text format (docs.moodle.org "GIFT format"). Questions are separated by blank
 * lines; `//` starts a comment line; `$CATEGORY: a/b` files the questions after it under tags.
 *
 *   ::Title::[html]Stem {=right ~wrong#feedback ####general feedback}
 *   Stem {~%50%a ~%50%b ~%-100%c}    multiple answers     Stem {T} / {FALSE}   true/false
 *   Stem {=a =b}                      short answer → fill-in (a blank at the end)
 *   Stem {#3.14:0.01} / {#1..5}       numerical → fill-in with the values typed within it
 *   Stem {}                           essay → short answer (needs the general feedback)
 *   Text {=word} text.                missing word: a fill-in (short answers) or a single
 *                                     choice (choices) with ____ where the braces were
 *
 * Matching (`=a -> b`) is listed as unsupported. `\~ \= \# \{ \} \:` and `\\` are the characters
 * themselves, `\n` a line break. `[markdown]` text is kept as plain text.
 */

// Escaped characters stand for themselves: private-use stand-ins while the syntax is read.
const ESCAPES: Record<string, string> = {
  '\\': '\uE000',
  '~': '\uE001',
  '=': '\uE002',
  '#': '\uE003',
  '{': '\uE004',
  '}': '\uE005',
  ':': '\uE006',
  n: '\n',
};
const UNESCAPE = new Map(
  Object.entries(ESCAPES)
    .filter(([character]) => character !== 'n')
    .map(([character, standIn]) => [standIn, character]),
);
const hide = (text: string) =>
  text.replace(/\\([\\~=#{}:n])/g, (_, character: string) => ESCAPES[character]!);
const unhide = (text: string) => text.replace(/[\uE000-\uE006]/g, (c) => UNESCAPE.get(c)!);

interface Chunk {
  line: number;
  text: string;
}

/** The file as question chunks (blank lines between) and category lines. */
function chunksOf(text: string): (Chunk | { line: number; category: string })[] {
  const chunks: (Chunk | { line: number; category: string })[] = [];
  let current: Chunk | null = null;
  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .forEach((line, index) => {
      const number = index + 1;
      if (/^\s*\/\//.test(line)) return;
      if (line.trim() === '') {
        current = null;
        return;
      }
      const category = /^\s*\$CATEGORY:\s*(.*)$/i.exec(line);
      if (category) {
        current = null;
        chunks.push({ line: number, category: category[1]!.trim() });
        return;
      }
      if (!current) {
        current = { line: number, text: line };
        chunks.push(current);
      } else current.text += `\n${line}`;
    });
  return chunks;
}

/** `[html]`, `[markdown]` … at the start of a text: its format and the text after it. */
function withFormat(text: string, format: string): ForeignText {
  const value = unhide(text).trim();
  if (format === 'html') return { text: value, html: true };
  if (format === 'plain' || format === 'markdown') return plain(value);
  // Moodle's auto format: markup where there is some, else text.
  return { text: value, html: MARKUP.test(value) };
}

/** An answer and its feedback: `text#feedback` (the feedback is not kept). */
const withoutFeedback = (text: string) => text.split('#')[0]!.trim();

/** `%50%` weight at the start of an answer. */
function weighted(text: string): { weight: number | undefined; rest: string } {
  const match = /^%(-?\d+(?:\.\d+)?)%/.exec(text);
  return match
    ? { weight: Number(match[1]), rest: text.slice(match[0].length) }
    : { weight: undefined, rest: text };
}

/** The answers of a block, each with its mark (= or ~), split where an unescaped mark starts. */
function answersOf(block: string) {
  const answers: { mark: '=' | '~'; text: string }[] = [];
  const pattern = /([=~])([^=~]*)/g;
  for (const match of block.matchAll(pattern)) {
    answers.push({ mark: match[1] as '=' | '~', text: match[2]!.trim() });
  }
  return answers;
}

const TRUE_WORDS = new Set(['T', 'TRUE']);
const FALSE_WORDS = new Set(['F', 'FALSE']);

function readNumerical(question: ForeignQuestion, block: string) {
  question.type = QuestionType.FILL_BLANK;
  const body = block.slice(1).trim();
  const parts = body.includes('=') ? answersOf(body).map((answer) => answer.text) : [body];
  const accepted: string[] = [];
  for (const part of parts) {
    const { weight, rest } = weighted(part);
    if (weight !== undefined && weight < 100) continue;
    const value = unhide(withoutFeedback(rest));
    const range = /^(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)$/.exec(value);
    const tolerance = /^(-?[\d.]+)\s*(?::\s*([\d.]+))?$/.exec(value);
    let values: string[] | undefined;
    if (range) {
      const decimals = Math.max(
        ...[range[1]!, range[2]!].map((n) => /\.(\d+)$/.exec(n)?.[1]?.length ?? 0),
      );
      values = valuesBetween(Number(range[1]), Number(range[2]), decimals);
    } else if (tolerance) values = numericValues(tolerance[1]!, tolerance[2] ?? '0');
    if (!values) {
      question.problems.push(
        problem(
          'unsupported',
          'answer',
          range || tolerance
            ? `the answer ${value} allows more than 20 typed values`
            : `"${value.slice(0, 40)}" is not a number, a number:tolerance or a range a..b`,
        ),
      );
    } else accepted.push(...values);
  }
  question.blanks = [[...new Set(accepted)]];
}

function readChunk(chunk: Chunk, tags: string[]): ForeignQuestion {
  let text = hide(chunk.text);
  let title = '';
  const titled = /^\s*::([\s\S]*?)::/.exec(text);
  if (titled) {
    title = unhide(titled[1]!).trim();
    text = text.slice(titled[0].length);
  }
  const question = newForeignQuestion(chunk.line, title);
  question.tags = tags;
  let format = '';
  const formatted = /^\s*\[(html|moodle|plain|markdown)\]/i.exec(text);
  if (formatted) {
    format = formatted[1]!.toLowerCase();
    text = text.slice(formatted[0].length);
  }
  const open = text.indexOf('{');
  const close = open === -1 ? -1 : text.indexOf('}', open);
  question.externalId = title || hashId(unhide(chunk.text).trim());
  if (open === -1 || close === -1) {
    question.stem = withFormat(text, format);
    question.problems.push(
      problem(
        'format',
        'content',
        open === -1
          ? 'no answer block { } (a description, which holds no question to answer?)'
          : 'the answer block { is not closed by }',
      ),
    );
    return question;
  }
  const before = text.slice(0, open);
  const after = text.slice(close + 1).trim();
  let block = text.slice(open + 1, close).trim();
  // General feedback: everything after #### inside the block.
  const general = block.indexOf('####');
  if (general !== -1) {
    question.analysis = withFormat(block.slice(general + 4), format);
    block = block.slice(0, general).trim();
  }
  // A missing word: the blank goes where the braces were.
  const missingWord = after !== '';
  question.stem = withFormat(missingWord ? `${before.trimEnd()} ____ ${after}` : before, format);

  if (block === '') {
    question.type = QuestionType.SHORT_ANSWER;
    question.answer = question.analysis;
    return question;
  }
  const truth = withoutFeedback(block).toUpperCase();
  if (TRUE_WORDS.has(truth) || FALSE_WORDS.has(truth)) {
    question.type = QuestionType.JUDGEMENT;
    question.answer = plain(TRUE_WORDS.has(truth) ? 'T' : 'F');
    return question;
  }
  if (block.startsWith('#')) {
    readNumerical(question, block);
    if (!missingWord) question.stem = withBlank(question.stem);
    return question;
  }
  const answers = answersOf(block);
  if (answers.some((answer) => answer.text.includes('->'))) {
    question.problems.push(
      problem('unsupported', 'type', 'matching questions (a -> b): Kaoshi has no matching type'),
    );
    return question;
  }
  if (answers.length === 0) {
    question.problems.push(
      problem('format', 'answer', 'the answer block holds no answer (= right, ~ wrong, T, F, #)'),
    );
    return question;
  }
  if (answers.every((answer) => answer.mark === '=')) {
    question.type = QuestionType.FILL_BLANK;
    if (!missingWord) question.stem = withBlank(question.stem);
    const accepted = answers
      .map((answer) => weighted(answer.text))
      .filter(({ weight }) => weight === undefined || weight >= 100)
      .map(({ rest }) => unhide(withoutFeedback(rest)));
    question.blanks = [accepted];
    return question;
  }
  const choices = answers.map((answer) => {
    const { weight, rest } = weighted(answer.text);
    return { mark: answer.mark, weight, text: withFormat(withoutFeedback(rest), format) };
  });
  const multiple = choices.some((choice) => choice.weight !== undefined);
  question.type = multiple ? QuestionType.MULTIPLE : QuestionType.SINGLE;
  question.options = choices.map((choice) => ({
    text: choice.text,
    correct: multiple ? (choice.weight ?? 0) > 0 : choice.mark === '=',
  }));
  return question;
}

/** The questions of a GIFT file, each with the tags of the category before it. */
export function readGift(file: Buffer): ForeignQuestion[] {
  const text = decodeText(file);
  if (/^\uFEFF?\s*<(\?xml|quiz)/.test(text)) throw invalid('file', 'giftIsXml');
  const questions: ForeignQuestion[] = [];
  let tags: string[] = [];
  for (const chunk of chunksOf(text)) {
    if ('category' in chunk) tags = categoryTags(chunk.category);
    else questions.push(readChunk(chunk, tags));
  }
  if (questions.length === 0 || !text.includes('{')) throw invalid('file', 'giftNoQuestions');
  checkQuestionCount(questions.length);
  markDuplicateIds(questions);
  return questions;
}
