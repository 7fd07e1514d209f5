import { VERIFY_PAGE_PATH } from '@kaoshi/shared';

/** The public check of a certificate, as its QR code opens it. */
export const verifyUrl = (code: string) => `${VERIFY_PAGE_PATH}/${encodeURIComponent(code)}`;

/** The certificates screen, all of them or one exam's. */
export const CERTIFICATES_PATH = '/examAnalysis/certificates';
export const certificatesPath = (examId?: number) =>
  examId === undefined ? CERTIFICATES_PATH : `${CERTIFICATES_PATH}?examId=${examId}`;

/** TanStack Query keys: the prefix refreshes every list and a student's own after a change. */
export const certificateKeys = {
  all: ['certificate'] as const,
  list: (examId: number | undefined) => ['certificate', 'list', examId ?? null] as const,
  mine: ['certificate', 'mine'] as const,
};
