import {
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
} from './question-import-check.js';
import {
  readQuestionSheet,
  readQuestionText,
  uploadKind,
  type QuestionUpload,
} from './question-import-read.js';
import { questionTemplate } from './question-import-template.js';

/** Rows written between two progress reports (and per INSERT statement). */
export const QUESTION_IMPORT_SLICE = 500;

export interface PreparedQuestionImport {
  preview: QuestionImportPreview;
  run(onProgress?: ImportProgress): Promise<QuestionImportResult>;
}

export class QuestionImportService {
  private readonly jobs: ImportJobs;

  constructor(private readonly db: Db) {
    this.jobs = new ImportJobs(db, 'question');
  }

  /** importPreview: checks the file in the background; the job's result is the preview. */
  startPreview(upload: QuestionUpload, actor: AuthContext, origin: JobOrigin) {
    return this.jobs.start('preview', actor.user.id, origin, () => this.preview(upload));
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

  async preview(upload: QuestionUpload): Promise<QuestionImportPreview> {
    const { rows, fixed } = await this.read(upload);
    return previewOf(planRows(rows, await loadContext(this.db, rows, fixed)));
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
    const { rows, fixed } = await this.read(upload);
    const preview = previewOf(planRows(rows, await loadContext(this.db, rows, fixed)));
    if (mode === 'allOrNothing' && preview.invalid > 0) {
      throw invalid('file', 'questionsAllOrNothing', {
        invalid: preview.invalid,
        total: preview.total,
      });
    }
    if (preview.valid === 0) {
      throw invalid('file', 'questionsNoneValid', { total: preview.total });
    }
    return { preview, run: (onProgress) => this.write(rows, fixed, mode, actor, onProgress) };
  }

  private async read(upload: QuestionUpload) {
    if (uploadKind(upload.fileName) === 'text') {
      if (!upload.structure) {
        throw invalid('subjectId', 'txtNeedsStructure');
      }
      return { rows: readQuestionText(upload.file).map(checkContent), fixed: upload.structure };
    }
    // exceljs stops past this many rows: room for blank rows around the data.
    const { sheet } = await readFirstSheet(upload.file, QUESTION_IMPORT_MAX_ROWS + 1000);
    return { rows: readQuestionSheet(sheet).map(checkContent), fixed: null };
  }

  /**
   * One transaction: the rows are checked again against the structure as it is now, then
   * inserted in slices. Any failure, including one thrown by `onProgress`, writes nothing.
   */
  private async write(
    rows: CheckedRow[],
    fixed: QuestionTextImportFields | null,
    mode: QuestionImportMode,
    actor: AuthContext,
    onProgress: ImportProgress = () => undefined,
  ): Promise<QuestionImportResult> {
    try {
      return await inTransaction(this.db, async (trx) => {
        const plan = planRows(rows, await loadContext(trx, rows, fixed));
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
        await onProgress(done, total);
        for (let i = 0; i < total; i += QUESTION_IMPORT_SLICE) {
          const slice = plan.valid.slice(i, i + QUESTION_IMPORT_SLICE);
          await questions.insertMany(
            slice.map((row) => ({
              ...row.insert!,
              author_id: actor.user.id,
              created_at: now,
              updated_at: now,
            })),
          );
          done += slice.length;
          await onProgress(done, total);
        }
        return { created: total, skipped: plan.invalid, total: plan.rows.length };
      });
    } catch (error) {
      throw explainConstraint(error, {
        foreignKey: () => conflict('importStructureGone'),
      });
    }
  }

  /** The empty template: headers and instructions in `language`, the codes the user may use. */
  template(language: QuestionImportLanguage) {
    return questionTemplate(this.db, language);
  }
}
