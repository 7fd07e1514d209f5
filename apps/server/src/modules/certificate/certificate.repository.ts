import { randomBytes } from 'node:crypto';
import { PostgresAdapter, sql, type Insertable } from 'kysely';
import { contains, type Db } from '../../db/database.js';
import type { CertificatesTable, Database } from '../../db/types.js';
import type { ListCertificateQuery } from '@kaoshi/shared';
import type { visibleClassIds } from '../school/classes.repository.js';

/** The batches a teacher may see (visibleClassIds when it is not null). */
type ClassScope = NonNullable<ReturnType<typeof visibleClassIds>>;

/** Rows per INSERT: 24 parameters each stay far below SQLite's limit of bound parameters. */
const INSERT_CHUNK = 500;

/** A new verification code: 18 random bytes (144 bits) as URL-safe base64, 24 characters. */
export const newVerificationCode = () => randomBytes(18).toString('base64url');

/** A certificate's number until insertNumbered numbers it (SQLite). */
const PENDING_PREFIX = 'P';

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

const digits = sql<string>`cast(id as varchar(20))`;

/**
 * A certificate's number from its columns `id` and `issued_at`: KS-<year>-<id>, six digits or
 * more once the ids outgrow them (both engines: no lpad in SQLite, and PostgreSQL's lpad would cut
 * a longer id).
 */
const NUMBER = sql<string>`'KS-' || substr(issued_at, 1, 4) || '-' || case when id >= 1000000 then ${digits} else substr('000000' || ${digits}, length(${digits}) + 1) end`;

/** The rows json_populate_recordset reads, as one JSON parameter typed by the table. */
const jsonRows = (table: string, rows: readonly object[]) =>
  sql`json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::json)`;

/**
 * Inserts many rows of one shape (every row with the same keys). PostgreSQL: one statement, the
 * rows sent as one JSON parameter: a multi-row VALUES of thousands of bound parameters costs
 * PostgreSQL several times more to parse and bind than to run (bench/skills-certification.mjs:
 * 10,000 certificates took 2.3 s in chunks of 500 rows, under 1 s as JSON). SQLite: chunks.
 */
export async function insertRows<T extends 'cert_results' | 'certificate_components'>(
  db: Db,
  table: T,
  rows: Insertable<Database[T]>[],
) {
  if (rows.length === 0) return;
  if (isPostgres(db)) {
    const columns = sql.join(Object.keys(rows[0]!).map((key) => sql.id(key)));
    await sql`insert into ${sql.table(table)} (${columns}) select ${columns} from ${jsonRows(table, rows)}`.execute(
      db,
    );
    return;
  }
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

/** A candidacy with what its certificate shows: the student, batch, job type, exam and scores. */
export function certificateFacts(db: Db) {
  return db
    .selectFrom('exam_candidates')
    .innerJoin('exams', 'exams.id', 'exam_candidates.exam_id')
    .innerJoin('students', 'students.id', 'exam_candidates.student_id')
    .innerJoin('classes', 'classes.id', 'exam_candidates.class_id')
    .innerJoin('subjects', 'subjects.id', 'exams.subject_id')
    .innerJoin('paper_versions', 'paper_versions.id', 'exams.paper_version_id')
    .select([
      'exam_candidates.id as candidate_id',
      'exam_candidates.exam_id',
      'exam_candidates.student_id',
      'exam_candidates.class_id',
      'exam_candidates.score',
      'classes.name as class_name',
      'students.name as student_name',
      'students.id_number',
      'students.ticket_number',
      'subjects.name as subject_name',
      'exams.level',
      'exams.name as exam_name',
      'exams.start_at',
      'exams.pass_score',
      'paper_versions.total_score',
    ]);
}

type CertificateFacts = Awaited<ReturnType<ReturnType<typeof certificateFacts>['execute']>>[number];

/** A new certificate of the candidacy, numbered by insertNumbered (the placeholder until then). */
export function certificateValues(
  row: CertificateFacts,
  at: string,
  mask: (idNumber: string) => string,
): Insertable<CertificatesTable> {
  const code = newVerificationCode();
  return {
    number: `${PENDING_PREFIX}${code}`,
    code,
    exam_id: row.exam_id,
    candidate_id: row.candidate_id,
    student_id: row.student_id,
    class_id: row.class_id,
    class_name: row.class_name,
    student_name: row.student_name,
    id_number_masked: mask(row.id_number),
    ticket_number: row.ticket_number,
    subject_name: row.subject_name,
    level: row.level,
    exam_name: row.exam_name,
    exam_date: row.start_at,
    score: row.score ?? 0,
    total_score: row.total_score,
    pass_score: row.pass_score,
    issued_at: at,
  };
}

export type CertificateRow = Awaited<ReturnType<CertificateRepository['byId']>>;

/** `certificates`: issued on release, revoked by staff or by a withdrawal of the scores. */
export class CertificateRepository {
  constructor(private readonly db: Db) {}

  /** What the exam's passed candidates without a certificate are to be certified with. */
  private uncertified(trx: Db, examId: number) {
    return certificateFacts(trx)
      .leftJoin('certificates', 'certificates.candidate_id', 'exam_candidates.id')
      .where('exam_candidates.exam_id', '=', examId)
      .where('exam_candidates.passed', '=', 1)
      .where('exam_candidates.score', 'is not', null)
      .where('certificates.id', 'is', null)
      .orderBy('exam_candidates.seat_number')
      .orderBy('exam_candidates.id')
      .execute();
  }

  /**
   * Issues the exam's missing certificates inside `trx`, numbered KS-<year>-<id>. The rows go in
   * with a unique placeholder number (their code), then one UPDATE numbers them by their id.
   */
  async issueMissing(
    trx: Db,
    examId: number,
    at: string,
    mask: (idNumber: string) => string,
  ): Promise<number> {
    const rows = await this.uncertified(trx, examId);
    const values = rows.map((row) => certificateValues(row, at, mask));
    await this.insertNumbered(trx, values);
    return values.length;
  }

  /**
   * Inserts new certificates (certificateValues) numbered KS-<year>-<id>; their ids and codes.
   * PostgreSQL: one statement (see insertRows), the ids drawn from the table's sequence so that
   * the number goes in with the row (an UPDATE of every new row cost more than the INSERT).
   * SQLite: chunks with the placeholder number, each then numbered by its ids.
   */
  async insertNumbered(
    trx: Db,
    values: Insertable<CertificatesTable>[],
  ): Promise<{ id: number; code: string }[]> {
    if (values.length === 0) return [];
    if (isPostgres(trx)) {
      const keys = Object.keys(values[0]!).filter((key) => key !== 'id' && key !== 'number');
      const columns = sql.join(keys.map((key) => sql.id(key)));
      const sequence = sql`nextval(pg_get_serial_sequence('certificates', 'id'))`;
      const result = await sql<{ id: number; code: string }>`
        insert into certificates (id, number, ${columns})
        select id, ${NUMBER}, ${columns}
        from (select ${sequence} as id, ${columns} from ${jsonRows('certificates', values)}) as r
        returning id, code`.execute(trx);
      return result.rows;
    }
    const out: { id: number; code: string }[] = [];
    for (let start = 0; start < values.length; start += INSERT_CHUNK) {
      const rows = await trx
        .insertInto('certificates')
        .values(values.slice(start, start + INSERT_CHUNK))
        .returning(['id', 'code'])
        .execute();
      const ids = rows.map((row) => row.id);
      await trx
        .updateTable('certificates')
        .set({ number: NUMBER })
        .where('id', 'in', ids)
        .execute();
      out.push(...rows);
    }
    return out;
  }

  /**
   * A re-release gives back the certificates its withdrawal revoked, to candidates who still
   * pass, with the score as now released; the number and the code stay (printed copies work).
   */
  async reinstateWithdrawn(trx: Db, examId: number): Promise<number> {
    const passed = trx
      .selectFrom('exam_candidates')
      .select('exam_candidates.id')
      .where('exam_candidates.exam_id', '=', examId)
      .where('exam_candidates.passed', '=', 1)
      .where('exam_candidates.score', 'is not', null);
    const result = await trx
      .updateTable('certificates')
      .set({
        revoked_at: null,
        revoked_by: null,
        revoke_cause: null,
        revoke_reason: '',
        score: (eb) =>
          eb
            .selectFrom('exam_candidates')
            .select('exam_candidates.score')
            .whereRef('exam_candidates.id', '=', 'certificates.candidate_id')
            .$castTo<number>(),
      })
      .where('exam_id', '=', examId)
      .where('revoke_cause', '=', 'withdrawal')
      .where('candidate_id', 'in', passed)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** A withdrawal of the scores revokes the exam's valid certificates, with its reason. */
  async revokeForWithdrawal(
    trx: Db,
    examId: number,
    entry: { userId: number; reason: string; at: string },
  ): Promise<number> {
    const result = await trx
      .updateTable('certificates')
      .set({
        revoked_at: entry.at,
        revoked_by: entry.userId,
        revoke_cause: 'withdrawal',
        revoke_reason: entry.reason,
      })
      .where('exam_id', '=', examId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** One conditional UPDATE: revoking what is already revoked changes nothing. */
  async revoke(id: number, entry: { userId: number; reason: string; at: string }) {
    const result = await this.db
      .updateTable('certificates')
      .set({
        revoked_at: entry.at,
        revoked_by: entry.userId,
        revoke_cause: 'staff',
        revoke_reason: entry.reason,
      })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private base() {
    return this.db
      .selectFrom('certificates')
      .leftJoin('users', 'users.id', 'certificates.revoked_by')
      .selectAll('certificates')
      .select(['users.nick_name as revoker_nick_name', 'users.name as revoker_name']);
  }

  byId(id: number) {
    return this.base().where('certificates.id', '=', id).executeTakeFirst();
  }

  byCode(code: string) {
    return this.base().where('certificates.code', '=', code).executeTakeFirst();
  }

  /** The certificates of the student records that belong to the user, newest first. */
  ofUser(userId: number) {
    return this.base()
      .where(
        'certificates.student_id',
        'in',
        this.db.selectFrom('students').select('students.id').where('students.user_id', '=', userId),
      )
      .orderBy('certificates.id', 'desc')
      .execute();
  }

  /** The parts of scheme certificates (certificate_components), in the scheme's order. */
  componentsOf(certificateIds: number[]) {
    if (certificateIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('certificate_components as cc')
      .innerJoin('certificates as c', 'c.id', 'cc.certificate_id')
      .leftJoin('cert_scheme_components as k', (join) =>
        join.onRef('k.scheme_id', '=', 'c.scheme_id').onRef('k.kind', '=', 'cc.kind'),
      )
      .selectAll('cc')
      .where('cc.certificate_id', 'in', certificateIds)
      .orderBy('k.sort')
      .orderBy('cc.kind')
      .execute();
  }

  /** Whether the certificate belongs to one of the user's student records. */
  async ownedBy(id: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('certificates')
      .innerJoin('students', 'students.id', 'certificates.student_id')
      .select('certificates.id')
      .where('certificates.id', '=', id)
      .where('students.user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async list(query: ListCertificateQuery, scope: ClassScope | null) {
    let filtered = this.db.selectFrom('certificates');
    if (scope) filtered = filtered.where('certificates.class_id', 'in', scope);
    if (query.examId !== undefined)
      filtered = filtered.where('certificates.exam_id', '=', query.examId);
    if (query.state === 'valid') filtered = filtered.where('certificates.revoked_at', 'is', null);
    if (query.state === 'revoked')
      filtered = filtered.where('certificates.revoked_at', 'is not', null);
    if (query.keyword) {
      const keyword = query.keyword;
      filtered = filtered.where((eb) =>
        eb.or([
          contains('certificates.number', keyword),
          contains('certificates.student_name', keyword),
          contains('certificates.ticket_number', keyword),
        ]),
      );
    }
    const [count, rows] = await Promise.all([
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      filtered
        .leftJoin('users', 'users.id', 'certificates.revoked_by')
        .selectAll('certificates')
        .select(['users.nick_name as revoker_nick_name', 'users.name as revoker_name'])
        .orderBy('certificates.id', 'desc')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
    ]);
    return { total: Number(count.n), rows };
  }
}
