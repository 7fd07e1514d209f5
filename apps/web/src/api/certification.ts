import type {
  CertificationAnalysisView,
  CertificationRowView,
  ExamCertificationQuery,
  ExamCertificationView,
  ListCertificationQuery,
  ListResult,
  ListSchemeQuery,
  SchemeBody,
  SchemeView,
} from '@kaoshi/shared';
import { http, request, type CallOptions, type ListCall } from './request';
import { downloadFile } from './transfer';

// Skills certification (docs/features/skills.md): apps/server/src/modules/certification.
const SCHEME = '/api/kaoshi-certification/scheme';

export type SchemeQuery = ListCall<ListSchemeQuery>;
export type SchemeInput = SchemeBody;

export const listSchemes = (query: SchemeQuery) =>
  request.get<ListResult<SchemeView>>(`${SCHEME}/listScheme`, query);
export const getScheme = (id: number) => request.get<SchemeView>(`${SCHEME}/getSchemeById/${id}`);
export const addScheme = (scheme: SchemeInput, options?: CallOptions) =>
  request.post<{ id: number }>(`${SCHEME}/addScheme`, scheme, options);
/** Replaces the components; refused (10004) to move or drop a kind while anything uses it. */
export const updateScheme = (id: number, scheme: SchemeInput, options?: CallOptions) =>
  http.put<never, null>(`${SCHEME}/updateScheme`, { id, ...scheme }, options);
/** Refused (10004) while exams or skills assessments count for it. */
export const deleteScheme = (id: number, options?: CallOptions) =>
  http.delete<never, null>(`${SCHEME}/deleteScheme/${id}`, options);

// Certification results (issue 26 §4): per candidate and scheme, each part's best valid result.
const RESULT = '/api/kaoshi-certification/result';

export type CertificationQuery = ListCall<ListCertificationQuery>;
export type CertificationFilter = Omit<CertificationQuery, 'page' | 'limit'>;

export const listCertification = (query: CertificationQuery) =>
  request.get<ListResult<CertificationRowView>>(`${RESULT}/listCertification`, query);
export const exportCertification = (filter: CertificationFilter, fallbackName: string) =>
  downloadFile(`${RESULT}/exportCertification`, filter, fallbackName);
/** Per scheme: certified / failed / pending; per component the pass rate and the failed best scores. */
export const getCertificationAnalysis = (filter: CertificationFilter) =>
  request.get<CertificationAnalysisView>(`${RESULT}/getCertificationAnalysis`, filter);
/** The scheme a theory exam counts for, each component's pass rate over the exam's candidates. */
export const getExamCertificationAnalysis = (query: ExamCertificationQuery) =>
  request.get<ExamCertificationView>(`${RESULT}/getExamCertificationAnalysis`, query);
