import {
  CandidateStatus,
  PROCTOR_LATEST_EVENTS,
  type LiveExamView,
  type ProctorCounts,
  type ProctorDelta,
  type ProctorRow,
} from '@kaoshi/shared';

/** The count cards from the rows (so that a delta moves them too). */
export function countsOf(rows: readonly ProctorRow[]): ProctorCounts {
  const counts: ProctorCounts = {
    notStarted: 0,
    inProgress: 0,
    submitted: 0,
    absent: 0,
    offline: 0,
  };
  for (const row of rows) {
    if (row.state === 'not_started') counts.notStarted += 1;
    else if (row.state === 'absent') counts.absent += 1;
    else if (row.state === 'submitted') counts.submitted += 1;
    else {
      counts.inProgress += 1;
      if (!row.connected) counts.offline += 1;
    }
  }
  return counts;
}

/** One row after a delta: what the candidate did, by the server's word. */
function applyToRow(row: ProctorRow, delta: ProctorDelta): ProctorRow {
  const next: ProctorRow = { ...row, attemptId: delta.attemptId };
  if (row.state === 'not_started' || row.state === 'absent') {
    // The first word of a new attempt: the candidate has started.
    next.state = 'in_progress';
    next.status = CandidateStatus.IN_PROGRESS;
    next.startedAt ??= delta.at;
  }
  if (delta.connected !== undefined) next.connected = delta.connected;
  if (delta.address) next.address = delta.address;
  if (delta.answered !== undefined) next.answered = delta.answered;
  if (delta.lastSaveAt) next.lastSaveAt = delta.lastSaveAt;
  if (delta.startedAt) next.startedAt = delta.startedAt;
  if (delta.deadline) next.deadline = delta.deadline;
  if (delta.breaks) next.breaks = delta.breaks;
  switch (delta.kind) {
    case 'joined':
      next.eventCounts = { ...row.eventCounts, joined: (row.eventCounts.joined ?? 0) + 1 };
      break;
    case 'event':
      if (delta.event) {
        const type = delta.event.type;
        next.eventCounts = { ...row.eventCounts, [type]: (row.eventCounts[type] ?? 0) + 1 };
        next.latestEvents = [delta.event, ...row.latestEvents].slice(0, PROCTOR_LATEST_EVENTS);
      }
      break;
    case 'finalized':
      next.state = 'submitted';
      next.status =
        delta.finishReason === 'submitted' || delta.finishReason === 'proctor_submit'
          ? CandidateStatus.SUBMITTED
          : CandidateStatus.SAVED;
      next.finishedAt = delta.at;
      next.finishReason = delta.finishReason ?? null;
      break;
    default:
      break;
  }
  return next;
}

/**
 * The live view after one delta; the same view when the delta names no row of it (a candidate of
 * another teacher's batch). The row is found by its attempt, else by the student (a new start).
 */
export function applyDelta(view: LiveExamView, delta: ProctorDelta): LiveExamView {
  if (delta.examId !== view.exam.id) return view;
  let index = view.rows.findIndex((row) => row.attemptId === delta.attemptId);
  if (index < 0) index = view.rows.findIndex((row) => row.studentId === delta.studentId);
  if (index < 0) return view;
  const rows = view.rows.slice();
  rows[index] = applyToRow(rows[index]!, delta);
  return { ...view, rows, counts: countsOf(rows) };
}

/**
 * The live view after several deltas at once (a large exam sends hundreds a second): the rows
 * indexed once, the counts computed once, instead of a pass over every row per delta.
 */
export function applyDeltas(view: LiveExamView, deltas: readonly ProctorDelta[]): LiveExamView {
  const byAttempt = new Map<number, number>();
  const byStudent = new Map<number, number>();
  view.rows.forEach((row, index) => {
    if (row.attemptId !== null) byAttempt.set(row.attemptId, index);
    byStudent.set(row.studentId, index);
  });
  let rows: ProctorRow[] | null = null;
  for (const delta of deltas) {
    if (delta.examId !== view.exam.id) continue;
    const index = byAttempt.get(delta.attemptId) ?? byStudent.get(delta.studentId);
    if (index === undefined) continue;
    rows ??= view.rows.slice();
    rows[index] = applyToRow(rows[index]!, delta);
    byAttempt.set(delta.attemptId, index);
  }
  return rows ? { ...view, rows, counts: countsOf(rows) } : view;
}
