import type {
  ListResult,
  QuestionBatchAction,
  QuestionBatchResult,
  QuestionExportFormat,
  QuestionFilters,
  QuestionImportFormat,
  QuestionImportLanguage,
  QuestionImportMode,
  QuestionImportPreview,
  QuestionImportResult,
  QuestionInput,
  QuestionSortField,
  QuestionTextImportFields,
  QuestionView,
} from '@kaoshi/shared';
import { downloadFile, runImportJob, type ImportProgress } from './transfer';
import { request, type CallOptions } from './request';

const QUESTION = '/api/kaoshi-question/question';

/**
 * The list's filters, as the search bar sends them (also what an export takes); retired 1 lists
 * the retired questions instead of those in use. The ordering is the app's, below.
 */
export type QuestionFilter = Partial<Omit<QuestionFilters, 'sortField' | 'sortOrder'>>;

/** The screen's query in the app's list shape (orderBy/order, see useListPage). */
export type QuestionQuery = QuestionFilter & {
  page: number;
  limit: number;
  orderBy?: QuestionSortField;
  order?: 'asc' | 'desc';
};

/** The app's ordering in the question API's words (sortField, sortOrder ascend/descend). */
function sortParams({ orderBy, order }: Pick<QuestionQuery, 'orderBy' | 'order'>) {
  if (orderBy === undefined) return {};
  return { sortField: orderBy, sortOrder: order === 'asc' ? 'ascend' : 'descend' };
}

export function listQuestions({ orderBy, order, ...filter }: QuestionQuery) {
  return request.get<ListResult<QuestionView>>(`${QUESTION}/listQuestion`, {
    ...filter,
    ...sortParams({ orderBy, order }),
  });
}

export const getQuestion = (id: number) =>
  request.get<QuestionView>(`${QUESTION}/getQuestion/${id}`);
export const addQuestion = (question: QuestionInput, options?: CallOptions) =>
  request.post<QuestionView>(`${QUESTION}/addQuestion`, question, options);
export const updateQuestion = (id: number, question: QuestionInput, options?: CallOptions) =>
  request.put<QuestionView>(`${QUESTION}/updateQuestion`, { id, ...question }, options);
export const deleteQuestion = (id: number) =>
  request.delete<null>(`${QUESTION}/deleteQuestion/${id}`);

/** One action on many questions; each id succeeds or fails on its own. */
export const batchQuestions = (ids: number[], action: QuestionBatchAction, reason?: string) =>
  request.post<QuestionBatchResult>(`${QUESTION}/batchQuestion`, {
    ids,
    action,
    ...(reason === undefined ? {} : { reason }),
  });

/**
 * The import template in `language`: the workbook (headers, instructions and the codes of the
 * structure), or the Word document showing the typed layout with an example of each type.
 */
export const downloadQuestionTemplate = (
  language: QuestionImportLanguage,
  format: 'xlsx' | 'docx' = 'xlsx',
) =>
  downloadFile(
    `${QUESTION}/importTemplate`,
    { lang: language, ...(format === 'docx' && { format }) },
    `questions-template.${format}`,
  );

const EXPORT_FILE_NAMES: Record<QuestionExportFormat, string> = {
  xlsx: 'questions.xlsx',
  qti3: 'questions-qti3.zip',
  qti22: 'questions-qti22.zip',
  moodleXml: 'questions.xml',
};

/** Every question matching the filter (not one page), in the format asked. */
export const exportQuestions = (
  filter: QuestionFilter & Pick<QuestionQuery, 'orderBy' | 'order'>,
  language: QuestionImportLanguage,
  format: QuestionExportFormat = 'xlsx',
) => {
  const { orderBy, order, ...rest } = filter;
  return downloadFile(
    `${QUESTION}/export`,
    {
      ...rest,
      ...sortParams({ orderBy, order }),
      lang: language,
      ...(format !== 'xlsx' && { format }),
    },
    EXPORT_FILE_NAMES[format],
  );
};

/**
 * What an import sends: an .xlsx, or a .txt, Moodle XML or GIFT file with the structure its
 * questions go under.
 */
export interface QuestionImportSource {
  file: File;
  /** Moodle XML and GIFT are named (a GIFT file may end in .txt); else the extension decides. */
  format?: QuestionImportFormat;
  /** Required for a .txt file (the plain-text format carries no structure). */
  target?: QuestionTextImportFields;
  /** QTI apply: make a draft paper of the package's test. */
  makePaper?: boolean;
}

function importForm(source: QuestionImportSource, mode?: QuestionImportMode) {
  const form = new FormData();
  // Fields before the file: the server reads the parts in order and the file is the big one.
  if (mode) form.append('mode', mode);
  if (source.format) form.append('format', source.format);
  if (mode && source.makePaper) form.append('makePaper', 'true');
  if (source.target) {
    const { subjectId, level, courseId, pointId } = source.target;
    form.append('subjectId', String(subjectId));
    form.append('level', String(level));
    form.append('courseId', String(courseId));
    if (pointId !== null) form.append('pointId', String(pointId));
  }
  form.append('file', source.file);
  return form;
}

/** Checks a file without writing anything: every question with its problems. */
export const previewQuestionImport = (source: QuestionImportSource) =>
  runImportJob<QuestionImportPreview>(`${QUESTION}/importPreview`, importForm(source));

export const applyQuestionImport = (
  source: QuestionImportSource,
  mode: QuestionImportMode,
  onProgress: (progress: ImportProgress) => void,
) =>
  runImportJob<QuestionImportResult>(
    `${QUESTION}/importApply`,
    importForm(source, mode),
    onProgress,
  );
