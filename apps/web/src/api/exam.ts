import type {
  AddMakeUpExamBody,
  AdmissionTickets,
  CandidateView,
  EligibleStudent,
  ExamBody,
  ExamChangeView,
  ExamListItem,
  ExamPublishCheck,
  ExamPublishOptions,
  ExamView,
  ListCandidateQuery,
  ListExamQuery,
  ListResult,
} from '@kaoshi/shared';
import { request, type CallOptions, type ListCall } from './request';
import { downloadFile } from './transfer';

const EXAM = '/api/kaoshi-exam/exam';

export type ExamQuery = ListCall<ListExamQuery>;
export type CandidateQuery = ListCall<ListCandidateQuery>;
/** The candidate list's filters without paging: what an export takes. */
export type CandidateFilter = Omit<CandidateQuery, 'page' | 'limit'>;

export const listExams = (query: ExamQuery) =>
  request.get<ListResult<ExamListItem>>(`${EXAM}/listExam`, query);
export const getExam = (id: number) => request.get<ExamView>(`${EXAM}/getExam/${id}`);
/** The passed papers, enabled notices and the caller's batches the publish form offers. */
export const getPublishOptions = () => request.get<ExamPublishOptions>(`${EXAM}/publishOptions`);

/** A new exam, always a draft. */
export const addExam = (body: ExamBody, options?: CallOptions) =>
  request.post<{ id: number }>(`${EXAM}/addExam`, body, options);
export const updateExam = (id: number, body: ExamBody, options?: CallOptions) =>
  request.put<null>(`${EXAM}/updateExam`, { id, ...body }, options);
/** Who the exam is (or, for a draft, would be) for, and who already sits an overlapping exam. */
export const checkExam = (id: number, options?: CallOptions) =>
  request.get<ExamPublishCheck>(`${EXAM}/checkExam/${id}`, undefined, options);
export const publishExam = (id: number, options?: CallOptions) =>
  request.post<ExamPublishCheck>(`${EXAM}/publishExam/${id}`, undefined, options);
export const unpublishExam = (id: number) => request.post<null>(`${EXAM}/unpublishExam/${id}`);
export const deleteExam = (id: number) => request.delete<null>(`${EXAM}/deleteExam/${id}`);
/** Who changed what, newest first. */
export const listExamChanges = (id: number) =>
  request.get<ExamChangeView[]>(`${EXAM}/listExamChange/${id}`);

export const listCandidates = (query: CandidateQuery) =>
  request.get<ListResult<CandidateView>>(`${EXAM}/listCandidate`, query);
/** Every candidate matching the filter (not one page) as .xlsx, headers in the UI's language. */
export const exportCandidates = (filter: CandidateFilter, fallbackName: string) =>
  downloadFile(`${EXAM}/exportCandidate`, filter, fallbackName);
/** Students the exam may still take (its job type and level, your batches), at most 50. */
export const listEligibleStudents = (examId: number, keyword?: string) =>
  request.get<EligibleStudent[]>(`${EXAM}/listEligibleStudent`, { examId, keyword });
export const addCandidates = (examId: number, studentIds: number[]) =>
  request.post<{ added: number }>(`${EXAM}/addCandidate`, { examId, studentIds });
export const removeCandidates = (examId: number, studentIds: number[]) =>
  request.post<{ removed: number }>(`${EXAM}/removeCandidate`, { examId, studentIds });
export const setExtraTime = (examId: number, studentId: number, minutes: number) =>
  request.post<null>(`${EXAM}/setExtraTime`, { examId, studentId, minutes });

/** What the admission tickets of one batch, or of every batch, print. */
export const getAdmissionTickets = (examId: number, classId?: number) =>
  request.get<AdmissionTickets>(`${EXAM}/admissionTicket`, { examId, classId });

export const addMakeUpExam = (body: AddMakeUpExamBody, options?: CallOptions) =>
  request.post<{ id: number } & ExamPublishCheck>(`${EXAM}/addMakeUpExam`, body, options);
