import {
  ApiStatus,
  type ApiStatusCode,
  type ImportJobAction,
  type ImportJobPhase,
  type ImportJobView,
  type MessageKey,
  type MessageLanguage,
  type MessageParams,
} from '@kaoshi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { AppError, notFound } from '../errors.js';
import { systemClock, type Clock } from './clock.js';
import { ImportJobRepository } from './import-job.repository.js';
import { parseJson } from './json.js';

/** A running job writes its progress at least this often: its heartbeat. */
export const IMPORT_JOB_HEARTBEAT_MS = 5_000;
/**
 * A running job with no heartbeat for this long has lost its process (stopped, crashed): it is
 * ended as failed when next asked about. Far above the heartbeat, because a large file keeps
 * the event loop busy for seconds at a time and a SQLite write transaction holds every write.
 */
export const IMPORT_JOB_SILENT_MS = 2 * 60_000;
/** Jobs are deleted this long after their last sign of life. */
export const IMPORT_JOB_KEEP_MS = 60 * 60_000;

const FINISHED: readonly string[] = ['done', 'failed'] satisfies ImportJobPhase[];

/** Rows written: reported after each slice, inside the transaction (throwing rolls back). */
export type ImportProgress = (done: number, total: number) => void | Promise<void>;

/** What a job's work reports as it goes: never awaited, so a transaction never waits on it. */
export type ReportJob = (phase: 'check' | 'write', done: number, total: number) => void;

/** The request that started a job: its id names an internal error, its log takes the details. */
export interface JobOrigin {
  requestId: string;
  log: FastifyBaseLogger;
}

/** An error as stored, worded when read in the reader's language. */
interface StoredError {
  status: ApiStatusCode;
  key: MessageKey;
  params: MessageParams;
  field: string | null;
}

type JobRow = NonNullable<Awaited<ReturnType<ImportJobRepository['find']>>>;

/**
 * Imports as background jobs (docs/features/students.md, question-bank.md): the upload starts
 * one and answers at once; the work runs in this process; its state is in the database so that
 * any process answers `importJob/{id}`. Only the user who started a job sees it.
 */
export class ImportJobs {
  /** The jobs this process runs, until their end is written. */
  private readonly running = new Map<number, Promise<void>>();

  constructor(
    private readonly db: Db,
    /** Which import's jobs these are: a job is found only under its own import's route. */
    private readonly kind: 'student' | 'question',
    private readonly clock: Clock = systemClock,
  ) {}

  private at(offsetMs = 0) {
    return new Date(this.clock.now() + offsetMs).toISOString();
  }

  async start<Result>(
    action: ImportJobAction,
    ownerId: number,
    origin: JobOrigin,
    work: (report: ReportJob) => Promise<Result>,
  ): Promise<ImportJobView<Result>> {
    const jobs = new ImportJobRepository(this.db);
    await jobs.deleteOlderThan(this.at(-IMPORT_JOB_KEEP_MS));
    const id = await jobs.insert({ kind: this.kind, action, ownerId, now: this.at() });
    const run = this.run(id, origin, work);
    this.running.set(id, run);
    void run.finally(() => this.running.delete(id));
    return { id, action, phase: 'check', done: 0, total: 0, result: null, error: null };
  }

  private async run<Result>(
    id: number,
    origin: JobOrigin,
    work: (report: ReportJob) => Promise<Result>,
  ) {
    const jobs = new ImportJobRepository(this.db);
    const progress = new ProgressWriter((state) => jobs.progress(id, state, this.at()), origin);
    const heartbeat = setInterval(() => progress.beat(), IMPORT_JOB_HEARTBEAT_MS);
    heartbeat.unref();
    let end: Parameters<ImportJobRepository['finish']>[1];
    try {
      const result = await work((phase, done, total) => progress.report({ phase, done, total }));
      end = { phase: 'done', result: JSON.stringify(result), error: null };
    } catch (error) {
      end = {
        phase: 'failed',
        result: null,
        error: JSON.stringify(this.stored(error, id, origin)),
      };
    } finally {
      clearInterval(heartbeat);
    }
    await progress.settled();
    try {
      await jobs.finish(id, end, this.at());
    } catch (error) {
      // The database went away: the job ends as failed once its heartbeat is old.
      origin.log.error({ err: error, jobId: id }, `${this.kind} import job: its end not written`);
    }
  }

  private stored(error: unknown, id: number, origin: JobOrigin): StoredError {
    if (error instanceof AppError) {
      const { status, key, params, field } = error;
      return { status, key, params, field: field ?? null };
    }
    origin.log.error({ err: error, jobId: id }, `${this.kind} import failed`);
    return {
      status: ApiStatus.INTERNAL,
      key: 'importInternalError',
      params: { requestId: origin.requestId },
      field: null,
    };
  }

  /** The job as its owner sees it; anyone else, or another import's route, is told 10003. */
  async view(id: number, ownerId: number, language: MessageLanguage): Promise<ImportJobView> {
    const jobs = new ImportJobRepository(this.db);
    let row = await jobs.find(id);
    if (!row || row.owner_id !== ownerId || row.kind !== this.kind) {
      throw notFound('importJob', id);
    }
    const silentSince = this.at(-IMPORT_JOB_SILENT_MS);
    if (!FINISHED.includes(row.phase) && !this.running.has(id) && row.updated_at < silentSince) {
      const lost: StoredError = {
        status: ApiStatus.INTERNAL,
        key: 'importJobLost',
        params: {},
        field: null,
      };
      await jobs.failSilent(id, silentSince, JSON.stringify(lost), this.at());
      row = (await jobs.find(id)) ?? row;
    }
    return viewOf(row, language);
  }

  /** Waits for this process's jobs to end (the server is closing). */
  async settle() {
    await Promise.allSettled([...this.running.values()]);
  }
}

function viewOf(row: JobRow, language: MessageLanguage): ImportJobView {
  const stored = parseJson<StoredError | null>(row.error, null);
  return {
    id: row.id,
    action: row.action as ImportJobAction,
    phase: row.phase as ImportJobPhase,
    done: row.done,
    total: row.total,
    result: parseJson<unknown>(row.result, null),
    error: stored && {
      status: stored.status,
      message: new AppError(
        stored.status,
        stored.key,
        stored.params,
        stored.field ?? undefined,
      ).render(language),
      field: stored.field,
    },
  };
}

interface Progress {
  phase: 'check' | 'write';
  done: number;
  total: number;
}

/**
 * Writes a job's latest progress, one write at a time: reports that come while one is written
 * are folded into the next. On SQLite the writes wait for the import's transaction to end.
 */
class ProgressWriter {
  private latest: Progress = { phase: 'check', done: 0, total: 0 };
  private pending = false;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly write: (progress: Progress) => Promise<void>,
    private readonly origin: JobOrigin,
  ) {}

  report(progress: Progress) {
    this.latest = progress;
    this.beat();
  }

  /** Writes the latest progress again (the heartbeat). */
  beat() {
    this.pending = true;
    this.writing ??= this.drain();
  }

  private async drain() {
    while (this.pending) {
      this.pending = false;
      try {
        await this.write(this.latest);
      } catch (error) {
        this.origin.log.warn({ err: error }, 'import job: progress not written');
      }
    }
    this.writing = null;
  }

  settled() {
    return this.writing ?? Promise.resolve();
  }
}
