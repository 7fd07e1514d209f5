/** Where the exam screens live, and their TanStack Query keys (a prefix invalidates all below it). */
export const EXAM_LIST_PATH = '/examPublishManage/publishManage';
export const EXAM_EDIT_PATH = '/examPublishManage/examEdit';
export const EXAM_DETAIL_PATH = '/examPublishManage/examDetail';
export const ADMISSION_TICKET_PATH = '/examPublishManage/admissionTicket';
export const SEAT_PLAN_PATH = '/examPublishManage/seatPlan';
/** 我的监考 and the invigilator's console of one room (docs/features/invigilation.md). */
export const MY_ROOMS_PATH = '/examPublishManage/myInvigilation';
export const CONSOLE_PATH = '/examPublishManage/invigilationConsole';

export const examEditPath = (id?: number) =>
  id === undefined ? EXAM_EDIT_PATH : `${EXAM_EDIT_PATH}?id=${id}`;
export const examDetailPath = (id: number) => `${EXAM_DETAIL_PATH}?id=${id}`;
/** An exam's seat plan (rooms, seats, invigilators). */
export const seatPlanPath = (examId: number) => `${SEAT_PLAN_PATH}?examId=${examId}`;
/** The invigilator's console of a room of the exam's seat plan. */
export const consolePath = (examId: number, roomId: number, sessionId?: number | null) =>
  `${CONSOLE_PATH}?examId=${examId}&roomId=${roomId}${sessionId ? `&sessionId=${sessionId}` : ''}`;
/** The admission tickets of one batch of the exam, or of all of them. */
export const admissionTicketPath = (examId: number, classId?: number) =>
  `${ADMISSION_TICKET_PATH}?examId=${examId}${classId === undefined ? '' : `&classId=${classId}`}`;

export const examKeys = {
  all: ['exam'] as const,
  list: ['exam', 'list'] as const,
  calendar: ['exam', 'calendar'] as const,
  one: (id: number) => ['exam', 'one', id] as const,
  check: (id: number) => ['exam', 'check', id] as const,
  candidates: (id: number) => ['exam', 'candidates', id] as const,
  changes: (id: number) => ['exam', 'changes', id] as const,
  options: ['exam', 'options'] as const,
};
