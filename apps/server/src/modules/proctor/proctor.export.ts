import { PROCTOR_EXPORT_TEXTS, wordsIn } from '@kaoshi/shared';
import type { MessageLanguage } from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { parseJson } from '../../lib/json.js';
import { styleHeader, writeExport } from '../../lib/spreadsheet.js';
import { shownTime } from '../../lib/shown-time.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { ExamRepository } from '../exam/exam.repository.js';
import { ProctorRepository } from './proctor.repository.js';
import type { ProctorService } from './proctor.service.js';

/** The proctors' actions: the record entries this module writes, and extra time. */
const PROCTOR_ACTIONS = new Set([
  'extraTime',
  'proctorSubmit',
  'proctorReopen',
  'proctorMessage',
  'proctorPause',
  'proctorResume',
]);

/** Details as "key: value" pairs, the words a reader needs (what the record stored). */
const detailText = (detail: Record<string, unknown>, leave: readonly string[]) =>
  Object.entries(detail)
    .filter(([key]) => !leave.includes(key))
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');

/**
 * An exam's event log as .xlsx (docs/features/proctoring.md): the candidates' integrity events on the first
 * sheet, the proctors' actions with their reasons on the second; headers in the user's language.
 */
export async function exportEventLog(
  db: Db,
  proctor: ProctorService,
  examId: number,
  auth: AuthContext,
  language: MessageLanguage,
) {
  const { exam, own } = await proctor.access(auth, examId);
  const texts = wordsIn(PROCTOR_EXPORT_TEXTS, language);
  const repository = new ProctorRepository(db);
  const [eventRows, changes, ownStudents] = await Promise.all([
    repository.eventLog(examId, own),
    new ExamRepository(db).changes(examId),
    own ? repository.studentsIn(examId, own) : null,
  ]);
  /** A teacher reads the actions about their own batches' candidates (and those to all). */
  const mine = ownStudents && new Set(ownStudents);
  const shown = (detail: Record<string, unknown>) =>
    !mine || detail.all === true || mine.has(Number(detail.studentId));
  const word = (type: string) => texts.types[type] ?? type;
  return writeExport(
    { local: `${exam.name}-${texts.fileName}`, english: `exam-${exam.id}-event-log` },
    async (workbook) => {
      const sheet = workbook.addWorksheet(texts.eventsSheet);
      sheet.columns = [20, 16, 14, 24, 40, 18].map((width) => ({ width }));
      const head = sheet.addRow(texts.eventColumns);
      styleHeader(head);
      head.commit();
      for (const row of eventRows) {
        sheet
          .addRow([
            shownTime(row.created_at),
            row.ticket_number,
            row.name,
            word(row.type),
            detailText(parseJson<Record<string, unknown>>(row.detail, {}), []),
            row.ip,
          ])
          .commit();
      }
      sheet.commit();

      const actions = workbook.addWorksheet(texts.actionsSheet);
      actions.columns = [20, 16, 22, 22, 40, 40].map((width) => ({ width }));
      const actionHead = actions.addRow(texts.actionColumns);
      styleHeader(actionHead);
      actionHead.commit();
      for (const change of [...changes].reverse()) {
        if (!PROCTOR_ACTIONS.has(change.action)) continue;
        const detail = parseJson<Record<string, unknown>>(change.detail, {});
        if (!shown(detail)) continue;
        const said = detail.reason ?? detail.content ?? '';
        actions
          .addRow([
            shownTime(change.created_at),
            change.nick_name ?? change.login ?? '',
            word(change.action),
            detail.all === true ? texts.all : String(detail.student ?? ''),
            String(said),
            detailText(detail, ['reason', 'content', 'student', 'studentId', 'all']),
          ])
          .commit();
      }
      actions.commit();
    },
  );
}
