import type { Generated } from 'kysely';

// Certificates.
// Times are ISO-8601 UTC text, flags 0/1 (db/types.ts).

export interface CertificatesTable {
  id: Generated<number>;
  number: string;
  code: string;
  exam_id: number;
  candidate_id: number;
  student_id: number;
  class_id: number;
  class_name: string;
  student_name: string;
  id_number_masked: string;
  ticket_number: string;
  subject_name: string;
  level: number;
  exam_name: string;
  exam_date: string;
  /** Hundredths of a point. */
  score: number;
  total_score: number;
  pass_score: number;
  issued_at: string;
  revoked_at: string | null;
  revoked_by: number | null;
  /** RevokeCause: 'staff' or 'withdrawal'; null while valid. */
  revoke_cause: string | null;
  revoke_reason: Generated<string>;
  /** A certification scheme's certificate (migration 0017): its components in certificate_components. */
  scheme_id: Generated<number | null>;
}
