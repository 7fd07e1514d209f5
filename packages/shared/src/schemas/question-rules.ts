import {
  CHOICE_TYPES,
  JUDGEMENT_ANSWERS,
  OPTION_KEYS,
  QUESTION_BLANK_MAX,
  QUESTION_OPTION_MAX,
  QUESTION_OPTION_MIN,
  QuestionType,
  countBlankMarkers,
  type QuestionTypeCode,
} from '../question.js';
import { renderMessage, type MessageKey, type MessageParams } from '../messages/server-messages.js';
import { questionLinkUrl } from './question-base.js';

// ---------------------------------------------------------------------------------------------
// The rules of a question's shape, shared by the web form, the server (after sanitizing) and
// the import, so all three refuse the same things with the same words.

/** Why a question (or an import row) is refused; the web app translates the code. */
export const QUESTION_PROBLEM_CODES = [
  /** A required field or cell is empty (for HTML: nothing left after sanitizing). */
  'required',
  /** Longer than the field allows. */
  'tooLong',
  /** Not a known question type. */
  'type',
  /** Fewer than 2 or more than 10 options for a choice question. */
  'optionCount',
  /** An option with no content. */
  'optionEmpty',
  /** Two options with the same content. */
  'optionDuplicate',
  /** Single choice without exactly one correct option, multiple choice with fewer than two. */
  'correctCount',
  /** An answer the type cannot take (a key naming no option, a judgement other than T/F …). */
  'answer',
  /** The number of ___ markers in the stem differs from the number of blanks, or is 0 or > 20. */
  'blankCount',
  /** A blank without any accepted answer. */
  'blankEmpty',
  /** Not an http(s) address, or missing for an external-link question. */
  'linkUrl',
  /** Not a score above 0 and at most 1000 with two decimals. */
  'score',
  /** Not a difficulty 1 to 5. */
  'difficulty',
  /** Not a certification level 5 to 1, or one the job type does not have. */
  'level',
  /** Too many tags or a tag longer than 20 characters. */
  'tags',
  /** No job type has this code (import). */
  'unknownSubject',
  /** No course with this code under the job type and level. */
  'unknownCourse',
  /** No appraisal point with this code under the course. */
  'unknownPoint',
  /** A formula cell (never evaluated) or text starting with "=" (import). */
  'formula',
  /** A cell of a kind the column cannot hold: a date, an error value, true/false … (import). */
  'cellType',
  /** Markup (HTML tags or entities) in a cell that takes plain text only (import). */
  'html',
  /** A block of the plain-text format that cannot be read as a question (import). */
  'format',
  /** A question kind Kaoshi cannot represent (Moodle matching, cloze, GIFT matching …): import. */
  'unsupported',
  /** An image the question shows is missing from the file or is not an image (import). */
  'image',
  /** Two questions of one file with the same identifier (Moodle idnumber, GIFT title): import. */
  'duplicateId',
] as const;
export type QuestionProblemCode = (typeof QUESTION_PROBLEM_CODES)[number];

export interface QuestionProblem {
  code: QuestionProblemCode;
  /**
   * The API's field (content, options, options.1.content, answer, blanks.0 …); in an import's
   * problems, the template's column instead (QUESTION_IMPORT_COLUMNS: optionB, courseCode …).
   */
  field: string;
  /** English; the web app shows its own words for `code`. */
  message: string;
}

/** A shape problem also names its catalogue message, which the server words per request. */
export interface QuestionShapeProblem extends QuestionProblem {
  key: MessageKey;
  params: MessageParams;
}

/** What the shape rules look at. */
export interface QuestionShape {
  type: QuestionTypeCode;
  content: string;
  options: { content: string; correct: boolean }[];
  answer: string;
  blanks: string[][];
  linkUrl: string;
}

/** How the rules read HTML: the server passes its sanitizer's answers, the web this rough one. */
export interface HtmlInspector {
  /** The text a reader sees (no tags, entities decoded). */
  text(html: string): string;
  /** Whether the HTML shows anything: text, an image, a formula, a video or audio. */
  hasContent(html: string): boolean;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Good enough for a form's hints; the server decides with its sanitizer. */
export const roughHtml: HtmlInspector = {
  text: (value) =>
    value
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? ''),
  hasContent: (value) =>
    roughHtml.text(value).trim() !== '' ||
    /<(img|video|audio|table)\b|data-type="formula"|data-latex=/i.test(value),
};

/** Two options are the same when their text reads the same and they hold the same media. */
const optionIdentity = (inspector: HtmlInspector, value: string) =>
  inspector.text(value).replace(/\s+/g, ' ').trim().toLowerCase() +
  '\u0000' +
  (value.match(/<(img|video|audio)\b[^>]*>|data-latex="[^"]*"/gi) ?? []).join('');

/**
 * Every problem of a question's shape (not of its structure: job type, course and point need
 * the database). An empty list means the shape is right.
 */
export function questionShapeProblems(
  question: QuestionShape,
  inspector: HtmlInspector = roughHtml,
): QuestionShapeProblem[] {
  const problems: QuestionShapeProblem[] = [];
  const add = (
    code: QuestionProblemCode,
    field: string,
    key: MessageKey,
    params: MessageParams = {},
  ) => problems.push({ code, field, message: renderMessage(key, params, 'en'), key, params });
  const { type } = question;

  if (!inspector.hasContent(question.content)) add('required', 'content', 'required');

  if (CHOICE_TYPES.includes(type)) {
    const { options } = question;
    if (options.length < QUESTION_OPTION_MIN || options.length > QUESTION_OPTION_MAX) {
      add('optionCount', 'options', 'optionCount', {
        min: QUESTION_OPTION_MIN,
        max: QUESTION_OPTION_MAX,
      });
    }
    const seen = new Map<string, number>();
    options.forEach((option, index) => {
      const key = OPTION_KEYS[index] ?? String(index);
      if (!inspector.hasContent(option.content)) {
        add('optionEmpty', `options.${index}.content`, 'optionEmpty', { option: key });
        return;
      }
      const identity = optionIdentity(inspector, option.content);
      const first = seen.get(identity);
      if (first === undefined) seen.set(identity, index);
      else {
        add('optionDuplicate', `options.${index}.content`, 'optionDuplicate', {
          option: key,
          first: OPTION_KEYS[first] ?? String(first),
        });
      }
    });
    const correct = options.filter((option) => option.correct).length;
    if (type === QuestionType.SINGLE && correct !== 1) {
      add('correctCount', 'options', 'singleNeedsOneCorrect');
    }
    if (type === QuestionType.MULTIPLE && correct < 2) {
      add('correctCount', 'options', 'multipleNeedsTwoCorrect');
    }
  }

  if (
    type === QuestionType.JUDGEMENT &&
    !(JUDGEMENT_ANSWERS as readonly string[]).includes(question.answer)
  ) {
    add('answer', 'answer', 'judgementAnswer');
  }

  if (type === QuestionType.EXTERNAL_LINK) {
    if (question.linkUrl === '') add('linkUrl', 'linkUrl', 'required');
    else if (!questionLinkUrl.safeParse(question.linkUrl).success) {
      add('linkUrl', 'linkUrl', 'httpUrl');
    }
  }

  if (type === QuestionType.FILL_BLANK) {
    const { blanks } = question;
    const markers = countBlankMarkers(inspector.text(question.content));
    if (blanks.length < 1 || blanks.length > QUESTION_BLANK_MAX) {
      add('blankCount', 'blanks', 'blankCount', { max: QUESTION_BLANK_MAX });
    } else if (markers !== blanks.length) {
      add('blankCount', 'blanks', 'blankMarkers', { markers, blanks: blanks.length });
    }
    blanks.forEach((accepted, index) => {
      if (accepted.length === 0) {
        add('blankEmpty', `blanks.${index}`, 'blankEmpty', { n: index + 1 });
      }
    });
  }

  if (type === QuestionType.SHORT_ANSWER && !inspector.hasContent(question.answer)) {
    add('required', 'answer', 'modelAnswerRequired');
  }
  return problems;
}

/** The answer of a choice question: the keys of its correct options, in order ('B', 'ACD'). */
export const choiceAnswer = (options: readonly { correct: boolean }[]) =>
  options.map((option, index) => (option.correct ? OPTION_KEYS[index] : '')).join('');
