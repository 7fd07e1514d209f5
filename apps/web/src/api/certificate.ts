import {
  CERTIFICATE_BASE,
  PUBLIC_VERIFY_BASE,
  type CertificateView,
  type ListCertificateQuery,
  type ListResult,
  type MyCertificateView,
  type RevokeCertificateBody,
  type VerifyResult,
} from '@kaoshi/shared';
import { request, type CallOptions, type ListCall } from './request';
import { downloadFile } from './transfer';

/** The public check (no sign-in): valid, revoked or unknown. The page shows a failure itself. */
export const verifyCertificate = (code: string) =>
  request.get<VerifyResult>(`${PUBLIC_VERIFY_BASE}/${encodeURIComponent(code)}`, undefined, {
    quiet: true,
  });

/** Staff (EXAM-ANALYSIS): newest first; a teacher sees their batches only. */
export const listCertificate = (query: ListCall<ListCertificateQuery>) =>
  request.get<ListResult<CertificateView>>(`${CERTIFICATE_BASE}/listCertificate`, query);

/** Also needs PUBLISHMANAGE. */
export const revokeCertificate = (body: RevokeCertificateBody, options?: CallOptions) =>
  request.post<CertificateView>(`${CERTIFICATE_BASE}/revokeCertificate`, body, options);

/** The signed-in student's certificates. */
export const myCertificates = (options?: CallOptions) =>
  request.get<MyCertificateView[]>(`${CERTIFICATE_BASE}/myCertificates`, undefined, options);

/** Saves the printable PDF (staff in scope, or the student it is for). */
export const downloadCertificatePdf = (id: number, number: string) =>
  downloadFile(`${CERTIFICATE_BASE}/getCertificatePdf/${id}`, {}, `certificate-${number}.pdf`);
