import {
  STUDENT_IMPORT_MAX_ROWS,
  type ImportJobView,
  type MessageLanguage,
  type StudentImportLanguage,
  type StudentImportMode,
  type StudentImportPreview,
  type StudentImportResult,
} from '@kaoshi/shared';
import type { Config } from '../../config.js';
import { isUniqueViolation, violationText } from '../../db/constraint.js';
import { inTransaction, type Db } from '../../db/database.js';
import { conflict, invalid } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { ImportJobs, type ImportProgress, type JobOrigin } from '../../lib/import-job.js';
import { readFirstSheet } from '../../lib/spreadsheet.js';
import { chunks, loadContext, planRows, previewOf } from './student-import-check.js';
import { readStudentSheet, type Sheet } from './student-import-read.js';
import { studentTemplate } from './student-import-template.js';
import { InitialPasswords, type InitialPassword } from './student-password.js';
import {
  STUDENT_CHUNK,
  createStudents,
  updateStudents,
  type StudentChange,
} from './student.service.js';

/** A checked file, ready to write; `run` rechecks inside the transaction, then writes. */
export interface PreparedImport {
  preview: StudentImportPreview;
  run(onProgress?: ImportProgress): Promise<StudentImportResult>;
}

/** A duplicate that slipped past the checks (concurrent write). */
function explainUnique(error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  return /id_number/.test(violationText(error))
    ? conflict('importIdNumberRace', {}, 'idNumber')
    : conflict('importRace');
}

export class StudentImportService {
  private readonly passwords: InitialPasswords;
  private readonly jobs: ImportJobs;

  constructor(
    private readonly db: Db,
    config: Config,
  ) {
    this.passwords = new InitialPasswords(config.studentInitialPassword);
    this.jobs = new ImportJobs(db, 'student');
  }

  /** importPreview: checks the file in the background; the job's result is the preview. */
  startPreview(file: Buffer, actor: AuthContext, origin: JobOrigin) {
    return this.jobs.start('preview', actor.user.id, origin, () => this.preview(file, actor));
  }

  /** importApply: checks the file as `prepare` does, then writes it, in the background. */
  startApply(file: Buffer, mode: StudentImportMode, actor: AuthContext, origin: JobOrigin) {
    return this.jobs.start('apply', actor.user.id, origin, async (report) => {
      const prepared = await this.prepare(file, mode, actor);
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

  /** Reads and checks a file without writing: every row with its action or its errors. */
  async preview(file: Buffer, actor: AuthContext): Promise<StudentImportPreview> {
    const sheet = await this.read(file);
    return previewOf(planRows(sheet, await loadContext(this.db, sheet, actor, false)));
  }

  /**
   * Checks a file for import. 'allOrNothing' refuses a file with any bad row (10002, nothing
   * written); either mode refuses a file with no good row.
   */
  async prepare(
    file: Buffer,
    mode: StudentImportMode,
    actor: AuthContext,
  ): Promise<PreparedImport> {
    const sheet = await this.read(file);
    const preview = previewOf(planRows(sheet, await loadContext(this.db, sheet, actor, false)));
    if (mode === 'allOrNothing' && preview.invalid > 0) {
      throw invalid('file', 'importAllOrNothing', {
        invalid: preview.invalid,
        total: preview.total,
      });
    }
    if (preview.valid === 0) {
      throw invalid('file', 'importNoneValid', { total: preview.total });
    }
    return {
      preview,
      run: (onProgress) => this.write(sheet, mode, actor, onProgress),
    };
  }

  private async read(file: Buffer): Promise<Sheet> {
    // exceljs stops past this many rows: room for blank rows around the data.
    return readStudentSheet((await readFirstSheet(file, STUDENT_IMPORT_MAX_ROWS + 1000)).sheet);
  }

  /**
   * One transaction: the rows are checked again against the database as it is now (with the
   * seat-limited batches locked), then created and updated in slices. Any failure, including
   * one thrown by `onProgress`, leaves the database as it was.
   */
  private async write(
    sheet: Sheet,
    mode: StudentImportMode,
    actor: AuthContext,
    onProgress: ImportProgress = () => undefined,
  ): Promise<StudentImportResult> {
    // Hashed outside the transaction, one per row of the file (the rows that turn out to be
    // updates or invalid inside it leave theirs unused).
    const passwordOf = await this.initialPasswords(sheet, actor);
    try {
      return await inTransaction(this.db, async (trx) => {
        const plan = planRows(sheet, await loadContext(trx, sheet, actor, true));
        if (mode === 'allOrNothing' && plan.invalid > 0) {
          throw conflict('importChangedInvalid', { invalid: plan.invalid });
        }
        const total = plan.creates.length + plan.updates.length;
        if (total === 0) {
          throw conflict('importChangedNoneValid');
        }
        const now = new Date();
        let done = 0;
        await onProgress(done, total);
        const accounts: StudentImportResult['accounts'] = [];
        for (const slice of chunks(plan.creates, STUDENT_CHUNK)) {
          const inputs = slice.map((row) => row.input!);
          const created = await createStudents(
            trx,
            inputs,
            await Promise.all(inputs.map((input) => passwordOf(input.idNumber))),
            now,
          );
          accounts.push(
            ...created.map((student, i) => ({
              ticketNumber: student.ticketNumber,
              name: inputs[i]!.name,
              idNumber: inputs[i]!.idNumber,
              initialPassword: student.initialPassword,
            })),
          );
          done += slice.length;
          await onProgress(done, total);
        }
        for (const slice of chunks(plan.updates, STUDENT_CHUNK)) {
          const changes: StudentChange[] = slice.map((row) => ({
            ...row.input!,
            id: row.existing!.id,
            userId: row.existing!.user_id,
          }));
          await updateStudents(trx, changes, now);
          done += slice.length;
          await onProgress(done, total);
        }
        return {
          created: plan.creates.length,
          updated: plan.updates.length,
          skipped: plan.invalid,
          total: plan.rows.length,
          accounts,
        };
      });
    } catch (error) {
      throw explainUnique(error);
    }
  }

  /**
   * Initial passwords for the rows the file would create as the database is now, hashed ahead;
   * a row that only turns out to be new inside the transaction gets its own there.
   */
  private async initialPasswords(sheet: Sheet, actor: AuthContext) {
    const plan = planRows(sheet, await loadContext(this.db, sheet, actor, false));
    const idNumbers = plan.creates.map((row) => row.input!.idNumber);
    const made = await this.passwords.make(idNumbers);
    const ready = new Map(idNumbers.map((idNumber, i) => [idNumber, made[i]!]));
    return async (idNumber: string): Promise<InitialPassword> =>
      ready.get(idNumber) ?? (await this.passwords.make([idNumber]))[0]!;
  }

  /** The empty template: header row and instructions in `language`, the batches the actor may use. */ template(
    language: StudentImportLanguage,
    actor: AuthContext,
  ) {
    return studentTemplate(this.db, language, actor);
  }
}
