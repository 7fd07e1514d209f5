import type { ExamState } from '@kaoshi/shared';

/** The proctor's live view of one exam (route table: ExamProctor). */
export const PROCTOR_PATH = '/examPublishManage/proctor';
export const proctorPath = (examId: number) => `${PROCTOR_PATH}?examId=${examId}`;
/** An exam worth watching: running, or closed but not released (reopening after a failure). */
export const proctorable = (state: ExamState) => state === 'open' || state === 'closed';
