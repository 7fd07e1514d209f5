import { z } from 'zod';
import { dbId, optionalInt, optionalText, pageQuery } from './common.js';

/**
 * Verifiable certificates (docs/features/analysis.md): one per passed candidate of a released exam, its facts
 * frozen at issue, a number people read (KS-2026-000123) and a random code the public page
 * `/verify/{code}` checks without a sign-in. Scores travel in points, stored in hundredths.
 */
export const CERTIFICATE_BASE = '/api/kaoshi-analysis/certificate';
/** The public check of a certificate: `GET ${PUBLIC_VERIFY_BASE}/{code}`, no sign-in. */
export const PUBLIC_VERIFY_BASE = '/api/public/verify';
/** The web page a certificate's QR code opens: `${VERIFY_PAGE_PATH}/{code}`. */
export const VERIFY_PAGE_PATH = '/verify';
/** Characters of a revocation's reason. */
export const CERTIFICATE_REASON_MAX = 500;
/** A verification code: URL-safe base64 of random bytes (24 characters, 144 bits). */
export const CERTIFICATE_CODE_MAX = 64;

export const CERTIFICATE_STATES = ['valid', 'revoked'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

/**
 * Why a certificate is revoked: by staff with a reason, or because its exam's scores were
 * withdrawn (a re-release gives it back when the candidate still passes).
 */
export const REVOKE_CAUSES = ['staff', 'withdrawal'] as const;
export type RevokeCause = (typeof REVOKE_CAUSES)[number];

/** listCertificate: `keyword` matches the number, the name or the ticket number. */
export const listCertificateQuery = pageQuery.extend({
  keyword: optionalText(64),
  examId: optionalInt(z.number().int().positive()),
  state: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(CERTIFICATE_STATES).optional(),
  ),
});
export type ListCertificateQuery = z.infer<typeof listCertificateQuery>;

export const revokeCertificateBody = z.object({
  id: dbId,
  reason: z.string().trim().min(1).max(CERTIFICATE_REASON_MAX),
});
export type RevokeCertificateBody = z.infer<typeof revokeCertificateBody>;

export const verifyCodeParams = z.object({
  code: z
    .string()
    .min(1)
    .max(CERTIFICATE_CODE_MAX)
    .regex(/^[A-Za-z0-9_-]+$/),
});

/** What a certificate says, as printed and as the public page shows it (ID number masked). */
export interface CertificateFacts {
  number: string;
  name: string;
  /** Masked as every list masks it (110101********1234); the full number is never stored here. */
  idNumber: string;
  subjectName: string;
  /** 5 junior … 1 senior technician. */
  level: number;
  examName: string;
  /** The exam's start (ISO-8601 UTC). */
  examDate: string;
  /** Points. */
  score: number;
  totalScore: number;
  passScore: number;
  issuedAt: string;
}

export interface CertificateView extends CertificateFacts {
  id: number;
  /** The verification code: the page `${VERIFY_PAGE_PATH}/{code}` checks it. */
  code: string;
  examId: number;
  ticketNumber: string;
  className: string;
  state: CertificateState;
  revokedAt: string | null;
  revokeCause: RevokeCause | null;
  revokeReason: string;
  /** Who revoked it (nickname or sign-in name; '' when unknown or not revoked). */
  revokedBy: string;
}

/** A part of a certification scheme's certificate (issue 26 §4): points on the part's scale. */
export interface CertificateComponentView {
  /** SchemeComponentKind: 'theory' | 'skills' | 'review'. */
  kind: string;
  score: number;
  fullScore: number;
  passScore: number;
  finalAt: string;
}

/** A student's own certificate (myCertificates); `components` empty for a theory-only one. */
export type MyCertificateView = Omit<
  CertificateView,
  'ticketNumber' | 'className' | 'revokedBy'
> & {
  components: CertificateComponentView[];
};

/**
 * The public answer. `unknown`: no certificate has this code (nothing else is said).
 * `revokeReason` is given for a revocation by staff; a withdrawal is named by its cause only.
 */
export type VerifyResult =
  | { state: 'unknown' }
  | {
      state: CertificateState;
      certificate: CertificateFacts;
      /** A certification scheme's certificate: its parts, as printed; empty for an exam's. */
      components: CertificateComponentView[];
      revokedAt: string | null;
      revokeCause: RevokeCause | null;
      revokeReason: string;
    };
