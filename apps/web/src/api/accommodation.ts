import type {
  ClassAccommodationView,
  ExamAccommodationsView,
  SetClassAccommodationBody,
  SetStudentAccommodationBody,
  StudentAccommodationView,
} from '@kaoshi/shared';
import { request, type CallOptions } from './request';

/** Accommodations (考试便利, docs/features/accommodations.md). */
const BASE = '/api/kaoshi-accommodation/accommodation';

export const getStudentAccommodation = (studentId: number) =>
  request.get<StudentAccommodationView>(`${BASE}/getStudentAccommodation`, { studentId });
export const setStudentAccommodation = (body: SetStudentAccommodationBody, options?: CallOptions) =>
  request.put<null>(`${BASE}/setStudentAccommodation`, body, options);
export const getClassAccommodation = (classId: number) =>
  request.get<ClassAccommodationView>(`${BASE}/getClassAccommodation`, { classId });
export const setClassAccommodation = (body: SetClassAccommodationBody, options?: CallOptions) =>
  request.put<null>(`${BASE}/setClassAccommodation`, body, options);
/** An exam's candidates with an accommodation (the proctor's and the candidate list's tags). */
export const listExamAccommodations = (examId: number) =>
  request.get<ExamAccommodationsView>(`${BASE}/listExamAccommodations`, { examId });
