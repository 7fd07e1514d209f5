import type {
  AddKnowledgeBody,
  BatchResult,
  CertLevel,
  CourseNode,
  KnowledgeView,
  ListResult,
  StudentOrderField,
  StudentView,
  UpdateKnowledgeBody,
} from '@kaoshi/shared';
import { request, type CallOptions } from './request';

const KNOWLEDGE = '/api/kaoshi-base/knowledge';
const STUDENT = '/api/kaoshi-base/student';

// Courses (knowledge type cn) and appraisal points (type kn) of one job type and level.

export interface KnowledgeScope {
  subjectId: number;
  level: CertLevel;
}

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

/** The student list's filters, without paging or ordering (also what an export takes). */
export interface StudentFilter {
  /** Part of the name, ticket number, ID number or phone. */
  keyword?: string;
  schoolId?: number;
  departmentId?: number;
  subjectId?: number;
  level?: CertLevel;
  classId?: number;
  status?: number;
}

export interface StudentQuery extends StudentFilter {
  page: number;
  limit: number;
  orderBy?: StudentOrderField;
  order?: 'asc' | 'desc';
}

/** What the student form sends (the shared schema fills defaults and normalises the ID number). */
export interface StudentInput {
  name: string;
  gender: number;
  idType: number;
  idNumber: string;
  phone: string;
  email: string;
  classId: number;
  photo: string;
  status: number;
}

export interface CreatedStudent {
  id: number;
  userId: number;
  ticketNumber: string;
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
  request.post<BatchResult>(`${STUDENT}/batchResetStudentPassword`, { ids });
export const batchSetStudentStatus = (ids: number[], status: 0 | 1) =>
  request.post<BatchResult>(`${STUDENT}/batchSetStudentStatus`, { ids, status });
