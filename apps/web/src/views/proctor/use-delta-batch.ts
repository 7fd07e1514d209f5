import type { LiveExamView, ProctorDelta } from '@kaoshi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { proctorKeys } from './ProctorEventsDrawer';
import { applyDeltas } from './proctor-delta';

/**
 * How long deltas gather before the view takes them: an exam of 10,000 candidates sends
 * hundreds a second, and one render of the table per delta would freeze the page.
 */
export const DELTA_BATCH_MS = 250;

/**
 * The live view's deltas, applied together a few times a second (one pass over the rows, one
 * render); an open drawer of a candidate whose events moved lists them anew.
 */
export function useDeltaBatch(examId: number): (delta: ProctorDelta) => void {
  const queryClient = useQueryClient();
  const waiting = useRef<ProctorDelta[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const flush = () => {
    timer.current = undefined;
    const deltas = waiting.current;
    waiting.current = [];
    queryClient.setQueryData<LiveExamView>(proctorKeys.live(examId), (current) =>
      current ? applyDeltas(current, deltas) : current,
    );
    const students = new Set(
      deltas
        .filter((delta) => delta.kind === 'event' || delta.kind === 'finalized')
        .map((delta) => delta.studentId),
    );
    for (const studentId of students) {
      void queryClient.invalidateQueries({ queryKey: proctorKeys.events(examId, studentId) });
    }
  };

  return (delta) => {
    waiting.current.push(delta);
    timer.current ??= setTimeout(flush, DELTA_BATCH_MS);
  };
}
