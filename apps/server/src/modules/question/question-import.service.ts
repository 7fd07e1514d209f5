import {
  FILE_SERVE_PATH,
  QUESTION_IMPORT_MAX_ROWS,
  type ImportJobView,
  type MessageLanguage,
  type QuestionImportLanguage,
  type QuestionImportMode,
  type QuestionImportPreview,
  type QuestionImportResult,
  type QuestionTextImportFields,
} from '@kaoshi/shared';
import { explainConstraint } from '../../db/constraint.js';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, invalid } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { ImportJobs, type ImportProgress, type JobOrigin } from '../../lib/import-job.js';
import { readFirstSheet } from '../../lib/spreadsheet.js';
import { QuestionRepository } from './question.repository.js';
import {
  checkContent,
  loadContext,
  planRows,
  previewOf,
  type CheckedRow,
  type Plan,
} from './question-import-check.js';
import {
  FORMAT_NAMES,
  importFormatOf,
  readQuestionSheet,
  readQuestionText,
  type QuestionUpload,
} from './question-import-read.js';
import { questionTemplate } from './question-import-template.js';
import {
  PENDING_IMAGE,
  PENDING_PREFIX,
  foreignToRaw,
  type ForeignSource,
  type PendingImage,
} from './question-import-foreign.js';
import { readMoodleXml } from './question-import-moodle.js';
import { readGift } from './question-import-gift.js';
import { readQtiBank } from './question-import-qti.js';
import type { QtiTest } from './question-import-qti-test.js';
import { planImportPaper, writeImportPaper, type DraftPapers } from './question-import-paper.js';
import { looksLikeQtiItem } from './question-import-qti-package.js';
import { readDocx } from './question-import-docx.js';
import { auditStatusAfterEdit } from './question.service.js';
import { CheckedImports, uploadKey } from './question-import-cache.js';
import type { FilesService } from '../files/files.service.js';

/** A file read and checked: its rows, the structure the form gave, and for Moodle/GIFT more. */
interface ReadImport {
  rows: CheckedRow[];
  fixed: QuestionTextImportFields | null;
  source: ForeignSource | null;
  images: PendingImage[];
  /** QTI: the package's test, and each row's item file. */
  test?: QtiTest | null;
  itemPaths?: string[];
}

const STORED_FILE = new RegExp(
  `${FILE_SERVE_PATH.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}[A-Za-z0-9._-]+`,
  'g',
);
const withoutFileNames = (value: unknown) =>
  typeof value === 'string' ? value.replace(STORED_FILE, FILE_SERVE_PATH) : value;

/** Columns a re-import writes again: what the file carries, and the structure the form gave. */
const UPDATED_COLUMNS = [
  'type',
  'content',
  'options',
  'answer',
  'blanks',
  'analysis',
  'tags',
  'score',
  'subject_id',
  'level',
  'course_id',
  'point_id',
] as const;

/** Rows written between two progress reports (and per INSERT statement). */
export const QUESTION_IMPORT_SLICE = 500;
/** Images stored at once at an import's write (files and their rows). */
const IMAGE_STORE_CONCURRENCY = 4;

export interface PreparedQuestionImport {
  preview: QuestionImportPreview;
  run(onProgress?: ImportProgress): Promise<QuestionImportResult>;
}

export class QuestionImportService {
  private readonly jobs: ImportJobs;
  /** The last file each user previewed, read and checked, for the apply that follows. */
  private readonly checked = new CheckedImports<ReadImport>();

  constructor(
    private readonly db: Db,
    /** Stores the images of Moodle XML questions; without it such images are refused. */
    private readonly files?: FilesService,
    /** Writes a QTI test's draft paper; without it no paper is made (the preview says so). */
    private readonly papers?: DraftPapers,
  ) {
    this.jobs = new ImportJobs(db, 'question');
  }

  /** importPreview: checks the file in the background; the job's result is the preview. */
  startPreview(upload: QuestionUpload, actor: AuthContext, origin: JobOrigin) {
    return this.jobs.start('preview', actor.user.id, origin, () => this.preview(upload, actor));
  }

  /** importApply: checks the file as `prepare` does, then writes it, in the background. */
  startApply(
    upload: QuestionUpload,
    mode: QuestionImportMode,
    actor: AuthContext,
    origin: JobOrigin,
  ) {
    return this.jobs.start('apply', actor.user.id, origin, async (report) => {
      const prepared = await this.prepare(upload, mode, actor);
      return prepared.run((done, total) => report('write', done, total));
    });
  }

  job(id: number, actor: AuthContext, language: MessageLanguage): Promise<ImportJobView> {
    return this.jobs.view(id, actor.user.id, language);
  }

  /** Waits for the jobs this process runs (the server is closing). */
  settle() {
    return this.jobs.settle();
  }

  /** The file's read is kept for the same user's apply of the same file. */
  async preview(upload: QuestionUpload, actor: AuthContext): Promise<QuestionImportPreview> {
    const read = await this.read(upload);
    const { rows, fixed, source } = read;
    const plan = planRows(rows, await loadContext(this.db, rows, fixed, source));
    this.checked.keep(actor.user.id, uploadKey(upload), read);
    return { ...previewOf(plan), ...this.paperOf(read, plan, actor) };
  }

  /** QTI: the package's test as the draft paper it becomes (the preview's `paper`). */
  private paperOf(read: ReadImport, plan: Plan, actor: AuthContext) {
    if (!read.test) return {};
    const allowed = this.papers?.mayManage(actor) ?? false;
    return { paper: planImportPaper(read.test, read.itemPaths ?? [], plan, allowed).preview };
  }

  /**
   * Checks a file for import. 'allOrNothing' refuses a file with any bad row (10002, nothing
   * written); either mode refuses a file with no good row.
   */
  async prepare(
    upload: QuestionUpload,
    mode: QuestionImportMode,
    actor: AuthContext,
  ): Promise<PreparedQuestionImport> {
    const read = this.checked.take(actor.user.id, uploadKey(upload)) ?? (await this.read(upload));
    const { rows, fixed, source } = read;
    const plan = planRows(rows, await loadContext(this.db, rows, fixed, source));
    const preview = { ...previewOf(plan), ...this.paperOf(read, plan, actor) };
    if (mode === 'allOrNothing' && preview.invalid > 0) {
      throw invalid('file', 'questionsAllOrNothing', {
        invalid: preview.invalid,
        total: preview.total,
      });
    }
    if (preview.valid === 0) {
      throw invalid('file', 'questionsNoneValid', { total: preview.total });
    }
    const makePaper = upload.makePaper === true;
    return { preview, run: (onProgress) => this.write(read, mode, actor, makePaper, onProgress) };
  }

  private async read(upload: QuestionUpload): Promise<ReadImport> {
    let format = upload.format ?? importFormatOf(upload.fileName);
    // A .xml is Moodle's by its extension; a QTI item says so in its root element.
    if (format === 'moodleXml' && looksLikeQtiItem(upload.file)) format = 'qti';
    if (format === 'xlsx') {
      // exceljs stops past this many rows: room for blank rows around the data.
      const { sheet } = await readFirstSheet(upload.file, QUESTION_IMPORT_MAX_ROWS + 1000);
      const rows = readQuestionSheet(sheet).map(checkContent);
      return { rows, fixed: null, source: null, images: [] };
    }
    if (!upload.structure) {
      if (format === 'text') throw invalid('subjectId', 'txtNeedsStructure');
      throw invalid('subjectId', 'importNeedsStructure', { format: FORMAT_NAMES[format] });
    }
    if (format === 'text') {
      const rows = readQuestionText(upload.file).map(checkContent);
      return { rows, fixed: upload.structure, source: null, images: [] };
    }
    if (format === 'qti') {
      const { questions, test, itemPaths } = readQtiBank(upload.file, upload.fileName);
      const { rows, images } = foreignToRaw(questions);
      return {
        rows: rows.map(checkContent),
        fixed: upload.structure,
        source: format,
        images,
        test,
        itemPaths,
      };
    }
    const foreign =
      format === 'docx'
        ? await readDocx(upload.file)
        : format === 'moodleXml'
          ? readMoodleXml(upload.file)
          : readGift(upload.file);
    const { rows, images } = foreignToRaw(foreign);
    return { rows: rows.map(checkContent), fixed: upload.structure, source: format, images };
  }

  /**
   * Stores the images the questions to write show (before the transaction: the files module
   * writes on its own connection), a few at once, and answers the rows with their addresses in
   * place of the placeholders (new rows: the read may be kept for another apply).
   */
  private async storeImages(
    rows: CheckedRow[],
    images: PendingImage[],
    actor: AuthContext,
  ): Promise<{ rows: CheckedRow[]; stored: string[] }> {
    const used = new Set<number>();
    const pending = (text: string) => text.includes(PENDING_PREFIX);
    for (const row of rows) {
      if (!row.columns) continue;
      const { content, options, answer, analysis } = row.columns;
      for (const text of [content, options, answer, analysis].filter(pending)) {
        for (const match of text.matchAll(PENDING_IMAGE)) used.add(Number(match[1]));
      }
    }
    if (used.size === 0) return { rows, stored: [] };
    if (!this.files) throw new Error('question import without a file store');
    const files = this.files;
    const order = [...used].sort((a, b) => a - b);
    const urls = new Map<number, string>();
    const stored: string[] = [];
    let next = 0;
    const storeNext = async () => {
      while (next < order.length) {
        const index = order[next++]!;
        const image = images[index]!;
        try {
          const upload = await files.storeBuffer(
            'image',
            image.name,
            image.extension,
            image.content,
            actor.user.id,
          );
          stored.push(upload.title);
          urls.set(index, upload.url);
        } catch (error) {
          next = order.length;
          throw error;
        }
      }
    };
    // Every worker ends before what was stored is taken back on a failure.
    const results = await Promise.allSettled(
      Array.from({ length: IMAGE_STORE_CONCURRENCY }, storeNext),
    );
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) {
      await this.discardImages(stored);
      throw failure.reason;
    }
    const place = (text: string) =>
      pending(text)
        ? text.replace(PENDING_IMAGE, (whole, index: string) => urls.get(Number(index)) ?? whole)
        : text;
    const placed = rows.map((row) =>
      row.columns
        ? {
            ...row,
            columns: {
              ...row.columns,
              content: place(row.columns.content),
              options: place(row.columns.options),
              answer: place(row.columns.answer),
              analysis: place(row.columns.analysis),
            },
          }
        : row,
    );
    return { rows: placed, stored };
  }

  private async discardImages(stored: string[]) {
    for (const name of stored) await this.files?.discard(name);
  }

  /**
   * One transaction: the rows are checked again against the structure as it is now, then
   * inserted in slices (a re-imported question is updated). Any failure, including one thrown
   * by `onProgress`, writes nothing, and the images stored for it are taken back.
   */
  private async write(
    read: ReadImport,
    mode: QuestionImportMode,
    actor: AuthContext,
    makePaper: boolean,
    onProgress: ImportProgress = () => undefined,
  ): Promise<QuestionImportResult> {
    const { fixed, source } = read;
    const { rows, stored } = await this.storeImages(read.rows, read.images, actor);
    try {
      return await inTransaction(this.db, async (trx) => {
        const plan = planRows(rows, await loadContext(trx, rows, fixed, source));
        if (mode === 'allOrNothing' && plan.invalid > 0) {
          throw conflict('questionsChangedInvalid', { invalid: plan.invalid });
        }
        const total = plan.valid.length;
        if (total === 0) {
          throw conflict('questionsChangedNoneValid');
        }
        const questions = new QuestionRepository(trx);
        const now = nowIso();
        let done = 0;
        let updated = 0;
        await onProgress(done, total);
        for (let i = 0; i < total; i += QUESTION_IMPORT_SLICE) {
          const slice = plan.valid.slice(i, i + QUESTION_IMPORT_SLICE);
          const fresh = slice.filter((row) => !row.previous);
          await questions.insertMany(
            fresh.map((row) => ({
              ...row.insert!,
              author_id: actor.user.id,
              created_at: now,
              updated_at: now,
              external_source: source,
              external_id: source ? row.externalId! : null,
            })),
          );
          for (const row of slice.filter((found) => found.previous)) {
            const previous = row.previous!;
            const next = Object.fromEntries(
              UPDATED_COLUMNS.map((column) => [column, row.insert![column]]),
            ) as Pick<NonNullable<typeof row.insert>, (typeof UPDATED_COLUMNS)[number]>;
            updated++;
            // The same file again leaves an approved question approved (its images are stored
            // again under new names: addresses of stored files do not count as a change).
            const changed = UPDATED_COLUMNS.some(
              (column) => withoutFileNames(next[column]) !== withoutFileNames(previous[column]),
            );
            if (!changed) continue;
            await questions.update(previous.id, {
              ...next,
              search_text: row.insert!.search_text,
              audit_status: auditStatusAfterEdit(previous.audit_status),
              updated_at: now,
            });
          }
          done += slice.length;
          await onProgress(done, total);
        }
        const paperId = makePaper ? await this.writePaper(trx, read, plan, actor) : undefined;
        return {
          created: plan.valid.filter((row) => !row.previous).length,
          updated,
          skipped: plan.invalid,
          total: plan.rows.length,
          ...(paperId !== undefined && { paperId }),
        };
      });
    } catch (error) {
      await this.discardImages(stored);
      throw explainConstraint(error, {
        foreignKey: () => conflict('importStructureGone'),
      });
    }
  }

  /** QTI: the draft paper of the package's test, of the questions just written (in `trx`). */
  private async writePaper(trx: Db, read: ReadImport, plan: Plan, actor: AuthContext) {
    if (!read.test || !read.fixed || !read.source) return undefined;
    const allowed = this.papers?.mayManage(actor) ?? false;
    const paper = planImportPaper(read.test, read.itemPaths ?? [], plan, allowed);
    const externalIds = paper.sections.flatMap((section) =>
      section.items.map((item) => plan.rows[item.index]!.externalId!),
    );
    const ids = new Map(
      (await new QuestionRepository(trx).importedFrom(read.source, externalIds)).map((row) => [
        row.external_id!,
        row.id,
      ]),
    );
    return writeImportPaper(
      trx,
      paper,
      read.fixed,
      (index) => ids.get(plan.rows[index]!.externalId!)!,
      actor.user.id,
      this.papers!,
    );
  }

  /** The empty template: headers and instructions in `language`, the codes the user may use. */
  template(language: QuestionImportLanguage) {
    return questionTemplate(this.db, language);
  }
}
