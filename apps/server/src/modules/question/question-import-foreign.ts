import { createHash } from 'node:crypto';
import {
  CHOICE_TYPES,
  FILE_SERVE_PATH,
  OPTION_KEYS,
  QUESTION_IMPORT_MAX_ROWS,
  QUESTION_TAG_LENGTH_MAX,
  QuestionType,
  countBlankMarkers,
  type QuestionProblem,
  type QuestionProblemCode,
  type QuestionTypeCode,
} from '@kaoshi/shared';
import { invalid } from '../../errors.js';
import { sniffImage } from '../files/sniff.js';
import {
  MARKUP,
  OPTION_COLUMNS,
  emptyValues,
  plainToHtml,
  plainToInline,
  type RawQuestion,
} from './question-import-read.js';

// What the Moodle XML, GIFT and Word readers have in common: the question they read, as Kaoshi's
// columns plus the name and identifier it had in the other tool, and the images it shows.

/** The formats another tool wrote; the value kept in questions.external_source. */
export type ForeignSource = 'moodleXml' | 'gift' | 'qti' | 'docx';

/** Text as another tool stores it: HTML, or plain text (escaped when it becomes HTML). */
export interface ForeignText {
  text: string;
  html: boolean;
}

/** One question read from a Moodle XML, GIFT or Word file (Word: `line` is its place in order). */
export interface ForeignQuestion {
  /** Line of the file where the question starts. */
  line: number;
  /** Its name (Moodle) or title (GIFT); '' when it has none. */
  name: string;
  /** What identifies it in its source: idnumber or title, else a hash of name and text. */
  externalId: string;
  /** null: a kind Kaoshi cannot represent (a problem says which and why). */
  type: QuestionTypeCode | null;
  stem: ForeignText;
  options: { text: ForeignText; correct: boolean }[];
  /** Judgement 'T'/'F', or a short answer's model answer. */
  answer: ForeignText;
  blanks: string[][];
  analysis: ForeignText;
  /** As written; '' for the default. */
  score: string;
  /** An external-link question's address: Word's 链接 line, or the stem's mark in Kaoshi's own exports. */
  linkUrl?: string;
  /** Word: the difficulty as typed (other formats have none). */
  difficulty?: string;
  /** Word: the choice key as typed ('B', 'ACD'), checked as the template's answer cell. */
  answerKeys?: string;
  tags: string[];
  /** The files the question's HTML names as @@PLUGINFILE@@/name (Moodle XML). */
  files: Map<string, Buffer>;
  problems: QuestionProblem[];
}

export const plain = (text: string): ForeignText => ({ text, html: false });
export const NO_TEXT = plain('');

export function newForeignQuestion(line: number, name: string): ForeignQuestion {
  return {
    line,
    name,
    externalId: '',
    type: null,
    stem: NO_TEXT,
    options: [],
    answer: NO_TEXT,
    blanks: [],
    analysis: NO_TEXT,
    score: '',
    tags: [],
    files: new Map(),
    problems: [],
  };
}

export const problem = (
  code: QuestionProblemCode,
  field: string,
  message: string,
): QuestionProblem => ({ code, field, message });

/** An identifier for a question without one of its own: the same text gives the same hash. */
export const hashId = (...parts: string[]) =>
  `sha1:${createHash('sha1').update(parts.join('\u0000')).digest('hex')}`;

/** A tag from a category's name: cut to the length a tag may have. */
export const tagOf = (text: string) => [...text.trim()].slice(0, QUESTION_TAG_LENGTH_MAX).join('');

/** The most values a numerical answer with a tolerance or a range may expand to. */
export const NUMERIC_VALUES_MAX = 20;

const decimalsOf = (text: string) => /\.(\d+)$/.exec(text.trim())?.[1]?.length ?? 0;

/**
 * The values a typed answer may take between `low` and `high`, at the precision the numbers are
 * written with (3.14 ± 0.01 → 3.13, 3.14, 3.15; 1..5 → 1 2 3 4 5). Kaoshi's fill-in compares
 * text, so a tolerance becomes the list of the values a candidate would type; undefined when
 * that list would be longer than NUMERIC_VALUES_MAX.
 */
export function valuesBetween(low: number, high: number, decimals: number) {
  const scale = 10 ** decimals;
  const from = Math.ceil(Math.round(low * scale * 1e6) / 1e6);
  const to = Math.floor(Math.round(high * scale * 1e6) / 1e6);
  if (to < from || to - from + 1 > NUMERIC_VALUES_MAX) return undefined;
  const values: string[] = [];
  for (let n = from; n <= to; n++) {
    const written = (n / scale).toFixed(decimals);
    // 3.0 is also typed 3.
    values.push(written, String(Number(written)));
  }
  return [...new Set(values)];
}

/** A numerical answer `value` ± `tolerance` (both as written) as the values to accept. */
export function numericValues(value: string, tolerance: string): string[] | undefined {
  const center = Number(value);
  const spread = Math.abs(Number(tolerance || '0'));
  if (!Number.isFinite(center) || !Number.isFinite(spread)) return undefined;
  if (spread === 0) return [...new Set([value.trim(), String(center)])];
  return valuesBetween(
    center - spread,
    center + spread,
    Math.max(decimalsOf(value), decimalsOf(tolerance)),
  );
}

/** A stem holds one blank marker: a fill-in read from a one-answer form gets one at its end. */
export function withBlank(stem: ForeignText): ForeignText {
  if (countBlankMarkers(stem.text) > 0) return stem;
  return stem.html
    ? { text: `${stem.text}<p>____</p>`, html: true }
    : { text: `${stem.text}\n____`, html: false };
}

/** Two questions of one file must not share an identifier: the second one is refused. */
export function markDuplicateIds(questions: ForeignQuestion[], place: 'line' | 'item' = 'line') {
  const firstLine = new Map<string, number>();
  for (const question of questions) {
    const seen = firstLine.get(question.externalId);
    if (seen === undefined) firstLine.set(question.externalId, question.line);
    else {
      question.problems.push(
        problem(
          'duplicateId',
          'content',
          `the same identifier "${question.externalId.slice(0, 60)}" as the question at ${place} ${seen}`,
        ),
      );
    }
  }
}

export function checkQuestionCount(count: number) {
  if (count > QUESTION_IMPORT_MAX_ROWS) {
    throw invalid('file', 'textTooManyQuestions', { count, max: QUESTION_IMPORT_MAX_ROWS });
  }
}

// ---------------------------------------------------------------------------------------------
// Images: a question's HTML names its files as @@PLUGINFILE@@/name. Checking puts a placeholder
// address in their place (PENDING_IMAGE); only the write stores them and puts the real address.

const PLUGINFILE = /@@PLUGINFILE@@\/([^"'\s<>)]+)/g;
export const PENDING_PREFIX = `${FILE_SERVE_PATH}import-pending-`;
export const PENDING_IMAGE = new RegExp(
  `${PENDING_PREFIX.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}(\\d+)\\.[a-z]+`,
  'g',
);

/** An image a question shows, waiting to be stored at the write. */
export interface PendingImage {
  name: string;
  content: Buffer;
  extension: string;
}

const decodeName = (encoded: string) => {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
};

/** Replaces the question's @@PLUGINFILE@@ names by placeholders, adding its images to `images`. */
function placeImages(question: ForeignQuestion, images: PendingImage[]) {
  const indexOf = new Map<string, number>();
  const place = (text: ForeignText, field: string): ForeignText => {
    if (!text.html || !text.text.includes('@@PLUGINFILE@@')) return text;
    const placed = text.text.replace(PLUGINFILE, (whole, encoded: string) => {
      const name = decodeName(encoded);
      let index = indexOf.get(name);
      if (index === undefined) {
        const content = question.files.get(name);
        const image = content && sniffImage(content.subarray(0, 64));
        if (!content || !image) {
          question.problems.push(
            problem(
              'image',
              field,
              content
                ? `the file "${name.slice(0, 60)}" is not an image (PNG, JPEG, GIF, WebP or BMP)`
                : `the image "${name.slice(0, 60)}" is not in the file`,
            ),
          );
          return whole;
        }
        index = images.length;
        images.push({ name, content, extension: image.extension });
        indexOf.set(name, index);
      }
      return `${PENDING_PREFIX}${index}${images[index]!.extension}`;
    });
    return { text: placed, html: true };
  };
  question.stem = place(question.stem, 'content');
  question.options = question.options.map((option, index) => ({
    ...option,
    text: place(option.text, OPTION_COLUMNS[index] ?? 'optionA'),
  }));
  question.answer = place(question.answer, 'answer');
  question.analysis = place(question.analysis, 'analysis');
}

const asHtml = (text: ForeignText, inline = false) => {
  if (text.html && MARKUP.test(text.text)) return text.text;
  return inline ? plainToInline(text.text) : plainToHtml(text.text);
};

/** The questions as the template's cells, checked like any other import's, and their images. */
export function foreignToRaw(questions: ForeignQuestion[]): {
  rows: RawQuestion[];
  images: PendingImage[];
} {
  const images: PendingImage[] = [];
  const rows = questions.map((question): RawQuestion => {
    if (question.type !== null) placeImages(question, images);
    const values = emptyValues();
    const type = question.type;
    values.content = asHtml(question.stem);
    if (type !== null && CHOICE_TYPES.includes(type)) {
      question.options.forEach((option, index) => {
        const column = OPTION_COLUMNS[index];
        if (column) values[column] = asHtml(option.text, true) || ' ';
      });
      values.answer =
        question.answerKeys ??
        question.options
          .map((option, index) => (option.correct ? OPTION_KEYS[index] : ''))
          .join('');
      if (question.options.length > OPTION_KEYS.length) {
        question.problems.push(
          problem(
            'optionCount',
            'optionA',
            `${question.options.length} answers; Kaoshi takes at most ${OPTION_KEYS.length}`,
          ),
        );
      }
    } else if (type === QuestionType.JUDGEMENT) values.answer = question.answer.text;
    else if (type === QuestionType.SHORT_ANSWER || type === QuestionType.EXTERNAL_LINK) {
      values.answer = asHtml(question.answer);
    }
    values.linkUrl = type === QuestionType.EXTERNAL_LINK ? (question.linkUrl ?? '') : '';
    values.analysis = asHtml(question.analysis);
    // An unsupported question is named for its type alone, not for a score it will never get.
    values.score = type === null ? '' : question.score;
    values.difficulty = question.difficulty ?? '';
    return {
      row: question.line,
      values,
      plain: false,
      type,
      problems: question.problems,
      name: question.name,
      externalId: question.externalId,
      blanks: question.blanks,
      tagList: question.tags,
    };
  });
  return { rows, images };
}

/** Kaoshi's exports put an external-link question's link after its stem in a marked paragraph. */
const EXTERNAL_LINK_PARAGRAPH =
  /<p class="kaoshi-external-link"><a href="([^"]*)">[\s\S]*?<\/a><\/p>/;

/**
 * An open question whose stem holds Kaoshi's external-link paragraph is an external-link
 * question again: its address taken out of the stem.
 */
export function readExternalLink(question: ForeignQuestion) {
  const found = question.stem.html ? EXTERNAL_LINK_PARAGRAPH.exec(question.stem.text) : null;
  if (!found) return;
  question.type = QuestionType.EXTERNAL_LINK;
  question.linkUrl = found[1]!
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  question.stem = { text: question.stem.text.replace(found[0], ''), html: true };
  question.answer = NO_TEXT;
}
