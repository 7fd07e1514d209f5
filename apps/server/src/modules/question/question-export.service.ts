import {
  CHOICE_TYPES,
  OPTION_KEYS,
  QUESTION_TYPE_WORDS,
  QuestionType,
  scoreFromHundredths,
  type QuestionExportQuery,
  type QuestionImportLanguage,
  type QuestionPackageFormat,
  type QuestionTypeCode,
  QUESTION_TEMPLATE_TEXTS,
  wordsIn,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { invalid } from '../../errors.js';
import { writeExport } from '../../lib/spreadsheet.js';
import { addQuestionSheet } from './question-import-template.js';
import { QuestionRepository } from './question.repository.js';
import {
  ExportImages,
  exportFileName,
  titleOf,
  type ExportQuestion,
  type UploadReader,
} from './question-export-foreign.js';
import { moodleXml } from './question-export-moodle.js';
import { qtiPackage, type QtiTestSection } from './question-export-qti.js';

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

type QuestionRow = Awaited<ReturnType<QuestionRepository['page']>>[number];

const CERT_LEVEL_WORDS: Record<QuestionImportLanguage, (level: number) => string> = {
  zh: (level) => `${level}级`,
  en: (level) => `Level ${level}`,
  es: (level) => `Nivel ${level}`,
  ja: (level) => `${level}級`,
};

/** A bank row as the exchange formats write it; its category: job type, level, course. */
function exportQuestionOf(row: QuestionRow, language: QuestionImportLanguage): ExportQuestion {
  const options = parse<{ key?: string; content: string; correct?: boolean }[]>(row.options, []);
  const keys = new Set([...row.answer]);
  return {
    identifier: `q${row.id}`,
    title: titleOf(row.content, `q${row.id}`),
    type: row.type as QuestionTypeCode,
    content: row.content,
    options: options.map((option, index) => {
      const key = OPTION_KEYS[index] ?? String(index + 1);
      return { key, content: option.content, correct: keys.has(key) };
    }),
    answer: row.answer,
    blanks: parse<string[][]>(row.blanks, []),
    linkUrl: row.link_url,
    analysis: row.analysis,
    score: scoreFromHundredths(row.score),
    category: [
      row.subject_name ?? row.subject_code,
      CERT_LEVEL_WORDS[language](row.level),
      row.course_name ?? row.course_code,
    ].filter((part): part is string => Boolean(part)),
  };
}

/** A downloadable file as routeTable.xlsx sends it. */
export interface ExportFile {
  buffer: Buffer;
  fileName: string;
  asciiName: string;
  contentType: string;
}

/** The file of questions in an exchange format; `name` without its extension. */
export async function packageFile(
  questions: ExportQuestion[],
  format: QuestionPackageFormat,
  options: {
    language: QuestionImportLanguage;
    read: UploadReader;
    name: string;
    asciiName: string;
    test?: { identifier: string; title: string; sections: QtiTestSection[] };
  },
): Promise<ExportFile> {
  const images = new ExportImages(options.read);
  if (format === 'moodleXml') {
    return {
      buffer: await moodleXml(questions, images),
      fileName: exportFileName(options.name, 'xml'),
      asciiName: exportFileName(options.asciiName, 'xml'),
      contentType: 'application/xml; charset=utf-8',
    };
  }
  const version = format === 'qti3' ? '3.0' : '2.2';
  const suffix = format === 'qti3' ? '-qti3' : '-qti22';
  return {
    buffer: await qtiPackage(questions, {
      version,
      language: options.language,
      images,
      test: options.test,
    }),
    fileName: exportFileName(`${options.name}${suffix}`, 'zip'),
    asciiName: exportFileName(`${options.asciiName}${suffix}`, 'zip'),
    contentType: 'application/zip',
  };
}

/** The question export; its routes reach the database only through it. */
export class QuestionExportService {
  constructor(
    private readonly db: Db,
    /** Our uploads' bytes, for the images an exchange format carries. */
    private readonly read: UploadReader = async () => undefined,
  ) {}

  export(query: QuestionExportQuery) {
    if (query.format === 'xlsx') return exportQuestions(this.db, query);
    return this.exportPackage(query, query.format);
  }

  /** Every question matching the list's filters as QTI 3.0 / 2.2 items or Moodle XML. */
  private async exportPackage(query: QuestionExportQuery, format: QuestionPackageFormat) {
    const repository = new QuestionRepository(this.db);
    const total = await repository.count(query);
    if (total > QUESTION_EXPORT_MAX_ROWS) {
      throw invalid('filter', 'questionExportTooMany', { total, max: QUESTION_EXPORT_MAX_ROWS });
    }
    const questions: ExportQuestion[] = [];
    for (let offset = 0; offset < total; offset += EXPORT_PAGE) {
      const rows = await repository.page(query, offset, EXPORT_PAGE);
      questions.push(...rows.map((row) => exportQuestionOf(row, query.lang)));
      if (rows.length < EXPORT_PAGE) break;
    }
    return packageFile(questions, format, {
      language: query.lang,
      read: this.read,
      name: wordsIn(QUESTION_TEMPLATE_TEXTS, query.lang).fileNames.export,
      asciiName: wordsIn(QUESTION_TEMPLATE_TEXTS, 'en').fileNames.export,
    });
  }
}
