/**
 * An import (its check or its write) runs as a job on the server: the upload answers at once
 * with the job, then the page reads `importJob/{id}` about once a second (docs/features/).
 * 'check': reading and checking the file; 'write': rows written (done of total); then 'done'
 * with the result, or 'failed' with the error.
 */
export const IMPORT_JOB_PHASES = ['check', 'write', 'done', 'failed'] as const;
export type ImportJobPhase = (typeof IMPORT_JOB_PHASES)[number];

/** 'preview' checks a file without writing; 'apply' checks it again and writes it. */
export type ImportJobAction = 'preview' | 'apply';

/** How often the page asks about a running job. */
export const IMPORT_JOB_POLL_MS = 1000;

/** Why a job failed, in the language of the request that asked; `field` as in a refusal. */
export interface ImportJobError {
  status: number;
  message: string;
  field: string | null;
}

/** One import job as its owner sees it; `result` is what the import answered before jobs. */
export interface ImportJobView<Result = unknown> {
  id: number;
  action: ImportJobAction;
  phase: ImportJobPhase;
  done: number;
  total: number;
  /** Set once the phase is 'done'. */
  result: Result | null;
  /** Set once the phase is 'failed'. */
  error: ImportJobError | null;
}
