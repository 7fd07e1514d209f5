import type {
  AddKnowledgeBody,
  BatchResult,
  CourseNode,
  KnowledgeView,
  ListKnowledgeTreeQuery,
  ListResult,
  ListStudentQuery,
  StudentInput as SharedStudentInput,
  StudentView,
  UpdateKnowledgeBody,
} from '@kaoshi/shared';
import { request, type CallOptions, type ListCall } from './request';

const KNOWLEDGE = '/api/kaoshi-base/knowledge';
const STUDENT = '/api/kaoshi-base/student';

// Courses (knowledge type cn) and appraisal points (type kn) of one job type and level.

export type KnowledgeScope = ListKnowledgeTreeQuery;

export const listKnowledgeTree = (scope: KnowledgeScope) =>
  request.get<CourseNode[]>(`${KNOWLEDGE}/listKnowledgeTree`, scope);
export const getKnowledge = (id: number) =>
  request.get<KnowledgeView>(`${KNOWLEDGE}/getKnowledgeById/${id}`);
/** Weights are sent in percent (35.5); the server stores hundredths. */
export const addKnowledge = (body: AddKnowledgeBody, options?: CallOptions) =>
  request.post<{ id: number }>(`${KNOWLEDGE}/addKnowledge`, body, options);
export const updateKnowledge = (body: UpdateKnowledgeBody, options?: CallOptions) =>
  request.put<null>(`${KNOWLEDGE}/updateKnowledge`, body, options);
export const deleteKnowledge = (id: number) =>
  request.delete<null>(`${KNOWLEDGE}/deleteKnowledge/${id}`);

// Students (examinees).

export type StudentQuery = ListCall<ListStudentQuery>;
/** The student list's filters, without paging or ordering (also what an export takes). */
export type StudentFilter = Omit<StudentQuery, 'page' | 'limit' | 'orderBy' | 'order'>;

/** What the student form sends (the shared schema normalises the ID number). */
export type StudentInput = SharedStudentInput;

export interface CreatedStudent {
  id: number;
  userId: number;
  ticketNumber: string;
  /** Answered only now (server rule STUDENT_INITIAL_PASSWORD). */
  initialPassword: string;
}

/** A student account with the initial password a call answered once. */
export interface InitialPasswordAccount {
  ticketNumber: string;
  name: string;
  initialPassword: string;
}

export const listStudents = (query: StudentQuery) =>
  request.get<ListResult<StudentView>>(`${STUDENT}/listStudent`, query);
export const getStudent = (id: number) =>
  request.get<StudentView>(`${STUDENT}/getStudentById/${id}`);
export const addStudent = (student: StudentInput, options?: CallOptions) =>
  request.post<CreatedStudent>(`${STUDENT}/addStudent`, student, options);
export const updateStudent = (id: number, student: StudentInput, options?: CallOptions) =>
  request.put<null>(`${STUDENT}/updateStudent`, { id, ...student }, options);
export const deleteStudent = (id: number) => request.delete<null>(`${STUDENT}/deleteStudent/${id}`);
export const batchMoveStudents = (ids: number[], classId: number) =>
  request.post<BatchResult>(`${STUDENT}/batchMoveStudents`, { ids, classId });
export const batchResetStudentPassword = (ids: number[]) =>
  request.post<BatchResult & { accounts: InitialPasswordAccount[] }>(
    `${STUDENT}/batchResetStudentPassword`,
    { ids },
  );
export const batchSetStudentStatus = (ids: number[], status: 0 | 1) =>
  request.post<BatchResult>(`${STUDENT}/batchSetStudentStatus`, { ids, status });
