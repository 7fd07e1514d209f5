import {
  SCORE_SCALE,
  Perm,
  VERIFY_PAGE_PATH,
  type CertificateComponentView,
  type CertificateFacts,
  type CertificateView,
  type ListCertificateQuery,
  type ListResult,
  type MessageLanguage,
  type MyCertificateView,
  type RevokeCause,
  type RevokeCertificateBody,
  type VerifyResult,
  CERTIFICATE_TEXTS,
  wordsIn,
} from '@kaoshi/shared';
import type { Config } from '../../config.js';
import { nowIso, type Db } from '../../db/database.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { hasAnyPermission, type AuthContext } from '../../lib/auth-context.js';
import { visibleClassIds } from '../school/classes.repository.js';
import { examAccess } from '../../lib/access.js';
import { certificatePdf, localDay } from './certificate.pdf.js';
import { CertificateRepository, type CertificateRow } from './certificate.repository.js';

type Row = NonNullable<CertificateRow>;

const points = (hundredths: number) => hundredths / 100;

const factsOf = (row: Row): CertificateFacts => ({
  number: row.number,
  name: row.student_name,
  idNumber: row.id_number_masked,
  subjectName: row.subject_name,
  level: row.level,
  examName: row.exam_name,
  examDate: row.exam_date,
  score: points(row.score),
  totalScore: points(row.total_score),
  passScore: points(row.pass_score),
  issuedAt: row.issued_at,
});

const ownView = (row: Row): Omit<MyCertificateView, 'components'> => ({
  id: row.id,
  code: row.code,
  examId: row.exam_id,
  ...factsOf(row),
  state: row.revoked_at === null ? 'valid' : 'revoked',
  revokedAt: row.revoked_at,
  revokeCause: row.revoke_cause as RevokeCause | null,
  revokeReason: row.revoke_reason,
});

/** The staff view: with the ticket number, the batch and who revoked it. */
const staffView = (row: Row): CertificateView => ({
  ...ownView(row),
  ticketNumber: row.ticket_number,
  className: row.class_name,
  revokedBy: row.revoked_at === null ? '' : row.revoker_nick_name || row.revoker_name || '',
});

type ComponentRow = Awaited<ReturnType<CertificateRepository['componentsOf']>>[number];

/** A scheme certificate's part, on the part's own scale. */
const componentView = (part: ComponentRow): CertificateComponentView => ({
  kind: part.kind,
  score: part.score / SCORE_SCALE,
  fullScore: part.full_score / SCORE_SCALE,
  passScore: part.pass_score / SCORE_SCALE,
  finalAt: part.final_at,
});

/**
 * The public answer: the printed facts (ID number masked at issue; a scheme's parts) and the
 * state; the reason of a revocation by staff, but not the internal reason a release was
 * withdrawn for.
 */
const publicView = (row: Row, components: CertificateComponentView[]): VerifyResult => {
  const cause = row.revoke_cause as RevokeCause | null;
  return {
    state: row.revoked_at === null ? 'valid' : 'revoked',
    certificate: factsOf(row),
    components,
    revokedAt: row.revoked_at,
    revokeCause: cause,
    revokeReason: cause === 'staff' ? row.revoke_reason : '',
  };
};

/**
 * Certificates (docs/features/analysis.md). Staff with EXAM-ANALYSIS list and print them, administrators all,
 * anyone else those of their batches (class_teachers, as every batch-scoped list); revoking also
 * needs PUBLISHMANAGE, the key that releases and withdraws the scores a certificate rests on. A
 * student reaches only their own (STUDENT-EXAM); another's is "not found".
 */
export class CertificateService {
  private readonly repo: CertificateRepository;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'publicUrl' | 'certificateIssuer'>,
  ) {
    this.repo = new CertificateRepository(db);
  }

  private isStaff(auth: AuthContext) {
    return hasAnyPermission(auth, [Perm.ANALYSIS]);
  }

  /** A certificate the staff member may see: in their batches unless they see every batch. */
  private async staffRow(id: number, auth: AuthContext): Promise<Row> {
    const row = await this.repo.byId(id);
    if (!row) throw notFound('certificate', id);
    const scope = visibleClassIds(this.db, auth);
    if (scope) {
      const seen = await scope.execute();
      if (!seen.some((entry) => entry.class_id === row.class_id)) {
        throw notFound('certificate', id);
      }
    }
    return row;
  }

  async list(query: ListCertificateQuery, auth: AuthContext): Promise<ListResult<CertificateView>> {
    if (query.examId !== undefined) await examAccess(this.db, auth, query.examId, 'read');
    const { total, rows } = await this.repo.list(query, visibleClassIds(this.db, auth));
    return { total, list: rows.map(staffView) };
  }

  async mine(auth: AuthContext): Promise<MyCertificateView[]> {
    const rows = await this.repo.ofUser(auth.user.id);
    const parts = await this.repo.componentsOf(rows.map((row) => row.id));
    return rows.map((row) => ({
      ...ownView(row),
      components: parts.filter((part) => part.certificate_id === row.id).map(componentView),
    }));
  }

  /**
   * The PDF of a valid certificate: staff in scope, or its owner. Its verification address comes
   * from PUBLIC_URL: a request's Host is the asker's to choose, and would print their own site.
   */
  async pdf(id: number, auth: AuthContext, language: MessageLanguage) {
    let row: Row;
    if (this.isStaff(auth)) {
      row = await this.staffRow(id, auth);
    } else {
      const found = await this.repo.byId(id);
      if (!found || !(await this.repo.ownedBy(id, auth.user.id))) {
        throw notFound('certificate', id);
      }
      row = found;
    }
    if (row.revoked_at !== null) throw conflict('certificateRevoked', { number: row.number });
    const buffer = await certificatePdf(
      factsOf(row),
      `${this.config.publicUrl}${VERIFY_PAGE_PATH}/${row.code}`,
      this.config.certificateIssuer,
      language,
      (await this.repo.componentsOf([row.id])).map(componentView),
    );
    const name = `${wordsIn(CERTIFICATE_TEXTS, language).fileName}-${row.number}-${localDay(row.exam_date)}.pdf`;
    return { buffer, fileName: name, asciiName: `certificate-${row.number}.pdf` };
  }

  async revoke(body: RevokeCertificateBody, auth: AuthContext): Promise<CertificateView> {
    if (!hasAnyPermission(auth, [Perm.PUBLISH])) {
      throw forbidden('permissionDeniedNeeds', { keys: Perm.PUBLISH });
    }
    const row = await this.staffRow(body.id, auth);
    const revoked = await this.repo.revoke(body.id, {
      userId: auth.user.id,
      reason: body.reason,
      at: nowIso(),
    });
    if (!revoked) throw conflict('certificateAlreadyRevoked', { number: row.number });
    return staffView((await this.repo.byId(body.id))!);
  }

  async verify(code: string): Promise<VerifyResult> {
    const row = await this.repo.byCode(code);
    if (!row) return { state: 'unknown' };
    return publicView(row, (await this.repo.componentsOf([row.id])).map(componentView));
  }
}
