import { useState } from 'react';

/**
 * An editor's work, one piece at a time (review, save, publish, draw…): which piece is running,
 * and the problem the last one ran into, shown until the next starts or the user closes it.
 */
export function useBusyWork<B extends string>() {
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState<B>();
  /** Runs `work` as `what`; a failure goes to `report` (a field's error, or the problem). */
  const run = async (what: B, work: () => Promise<void>, report: (error: unknown) => void) => {
    setBusy(what);
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      report(error);
    } finally {
      setBusy(undefined);
    }
  };
  return { busy, problem, setProblem, run };
}
