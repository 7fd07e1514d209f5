import {
  CHOICE_TYPES,
  OPTION_KEYS,
  QUESTION_TYPE_WORDS,
  QuestionType,
  scoreFromHundredths,
  type QuestionExportQuery,
  type QuestionTypeCode,
  QUESTION_TEMPLATE_TEXTS,
  wordsIn,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { invalid } from '../../errors.js';
import { writeExport } from '../../lib/spreadsheet.js';
import { addQuestionSheet } from './question-import-template.js';
import { QuestionRepository } from './question.repository.js';

/** An export holds at most this many questions: more is a filter to narrow, not a file to open. */
export const QUESTION_EXPORT_MAX_ROWS = 50_000;
/** Questions read from the database per query while writing. */
const EXPORT_PAGE = 1000;

const parse = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/**
 * Every question matching listQuestion's filters, in its order, as .xlsx in the template's
 * columns (type words in `lang`, HTML as stored), so the file imports again as it is.
 */
async function exportQuestions(db: Db, query: QuestionExportQuery) {
  const questions = new QuestionRepository(db);
  const total = await questions.count(query);
  if (total > QUESTION_EXPORT_MAX_ROWS) {
    throw invalid('filter', 'questionExportTooMany', { total, max: QUESTION_EXPORT_MAX_ROWS });
  }
  const names = {
    local: wordsIn(QUESTION_TEMPLATE_TEXTS, query.lang).fileNames.export,
    english: wordsIn(QUESTION_TEMPLATE_TEXTS, 'en').fileNames.export,
  };
  return writeExport(names, async (workbook) => {
    const sheet = addQuestionSheet(workbook, query.lang);
    sheet.getRow(1).commit();
    const words = QUESTION_TYPE_WORDS[query.lang];
    for (let offset = 0; offset < total; offset += EXPORT_PAGE) {
      const rows = await questions.page(query, offset, EXPORT_PAGE);
      for (const row of rows) {
        const type = row.type as QuestionTypeCode;
        const options = parse<{ content: string }[]>(row.options, []);
        const blanks = parse<string[][]>(row.blanks, []);
        const answer =
          type === QuestionType.FILL_BLANK
            ? blanks.map((accepted) => accepted.join('/')).join('|')
            : row.answer;
        const values: Record<string, string | number> = {
          type: words[type]?.[0] ?? String(type),
          content: row.content,
          answer,
          linkUrl: row.link_url,
          analysis: row.analysis,
          score: scoreFromHundredths(row.score),
          difficulty: row.difficulty,
          subjectCode: row.subject_code,
          level: row.level,
          courseCode: row.course_code,
          pointCode: row.point_code ?? '',
          tags: parse<string[]>(row.tags, []).join(', '),
        };
        if (CHOICE_TYPES.includes(type)) {
          options.forEach((option, index) => {
            values[`option${OPTION_KEYS[index]}`] = option.content;
          });
        }
        sheet.addRow(values).commit();
      }
      if (rows.length < EXPORT_PAGE) break;
    }
    sheet.commit();
  });
}

/** The question export; its routes reach the database only through it. */
export class QuestionExportService {
  constructor(private readonly db: Db) {}

  export(query: QuestionExportQuery) {
    return exportQuestions(this.db, query);
  }
}
