import { useState } from 'react';
import type { ImportProgress } from '../../api/transfer';
import { importPercent } from './import-helpers';
import type { ImportMode, ImportStep } from './import-texts';

/** What every import preview counts, whatever its rows hold. */
export interface ImportCounts {
  total: number;
  valid: number;
  invalid: number;
}

interface ImportRunOptions<Source, Preview extends ImportCounts, Outcome> {
  preview: (source: Source) => Promise<Preview>;
  apply: (
    source: Source,
    mode: ImportMode,
    onProgress: (progress: ImportProgress) => void,
  ) => Promise<Outcome>;
  /** After a successful import: the lists it changed are to be read again. */
  onImported: () => void;
}

/**
 * The steps every import walks through: check what was chosen, choose what to do with bad rows,
 * write with one progress bar, show the result. The import sends exactly what was checked.
 */
export function useImportRun<Source, Preview extends ImportCounts, Outcome>({
  preview: previewSource,
  apply,
  onImported,
}: ImportRunOptions<Source, Preview, Outcome>) {
  const [step, setStep] = useState<ImportStep>('file');
  const [checking, setChecking] = useState(false);
  const [sent, setSent] = useState<Source>();
  const [preview, setPreview] = useState<Preview>();
  const [onlyBad, setOnlyBad] = useState(false);
  const [mode, setMode] = useState<ImportMode>('skipInvalid');
  const [progress, setProgress] = useState<ImportProgress>();
  const [percent, setPercent] = useState(0);
  const [result, setResult] = useState<Outcome>();
  const [failed, setFailed] = useState(false);

  const check = async (source: Source | undefined) => {
    if (source === undefined) return;
    setChecking(true);
    try {
      const answer = await previewSource(source);
      setSent(source);
      setPreview(answer);
      setOnlyBad(answer.invalid > 0);
      setMode(answer.valid > 0 ? 'skipInvalid' : 'allOrNothing');
      setStep('preview');
    } catch {
      // The request layer has shown why.
    } finally {
      setChecking(false);
    }
  };

  const start = async () => {
    if (sent === undefined) return;
    setStep('progress');
    setFailed(false);
    setProgress(undefined);
    setPercent(0);
    try {
      const answer = await apply(sent, mode, (next) => {
        setProgress(next);
        setPercent((before) => importPercent(next, before));
      });
      setResult(answer);
      setPercent(100);
      setStep('result');
      onImported();
    } catch {
      // One transaction on the server: a failed import wrote nothing. The message is shown.
      setFailed(true);
      setStep('mode');
    }
  };

  /** Back to an empty first step; the caller forgets what was chosen. */
  const restart = () => {
    setStep('file');
    setPreview(undefined);
    setResult(undefined);
    setFailed(false);
  };

  return {
    step,
    setStep,
    checking,
    preview,
    /** Forgets the last check: a new file was chosen. */
    clearPreview: () => setPreview(undefined),
    onlyBad,
    setOnlyBad,
    mode,
    setMode,
    progress,
    percent,
    result,
    failed,
    check,
    start,
    restart,
  };
}

/** What the import's frame and steps read and change of a run, whatever it imports. */
export type ImportRun = Pick<
  ReturnType<typeof useImportRun<never, ImportCounts, unknown>>,
  | 'step'
  | 'setStep'
  | 'checking'
  | 'preview'
  | 'onlyBad'
  | 'setOnlyBad'
  | 'mode'
  | 'setMode'
  | 'progress'
  | 'percent'
  | 'failed'
  | 'start'
>;
