import type { ListCertificationQuery } from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import type { visibleClassIds } from '../school/classes.repository.js';
import { chunks } from '../certificate/scheme-certificate.repository.js';

/** The batches a viewer may see (visibleClassIds when it is not null). */
type ClassScope = NonNullable<ReturnType<typeof visibleClassIds>>;

/**
 * listCertification's filters, and two the exam's analysis adds: one scheme, and the students
 * who are candidates of one exam.
 */
export type CertificationFilters = Omit<ListCertificationQuery, 'page' | 'limit'> & {
  schemeId?: number;
  examId?: number;
};

/** Certification results: per student and scheme, the components' results (issue 26 §4). */
export class CertificationResultsRepository {
  constructor(private readonly db: Db) {}

  /** The (student, scheme) pairs with a result, filtered and scoped, by ticket number. */
  private pairs(query: CertificationFilters, scope: ClassScope | null) {
    let base = this.db
      .selectFrom('cert_results as r')
      .innerJoin('cert_scheme_components as k', 'k.id', 'r.component_id')
      .innerJoin('cert_schemes as s', 's.id', 'k.scheme_id')
      .innerJoin('students as st', 'st.id', 'r.student_id')
      .where('r.withdrawn_at', 'is', null);
    if (scope) base = base.where('st.class_id', 'in', scope);
    if (query.subjectId !== undefined) base = base.where('s.subject_id', '=', query.subjectId);
    if (query.level !== undefined) base = base.where('s.level', '=', query.level);
    if (query.classId !== undefined) base = base.where('st.class_id', '=', query.classId);
    if (query.schemeId !== undefined) base = base.where('s.id', '=', query.schemeId);
    if (query.examId !== undefined) {
      const examId = query.examId;
      base = base.where('st.id', 'in', (eb) =>
        eb.selectFrom('exam_candidates').select('student_id').where('exam_id', '=', examId),
      );
    }
    return base
      .select(['st.id as student_id', 's.id as scheme_id', 'st.ticket_number'])
      .groupBy(['st.id', 's.id', 'st.ticket_number']);
  }

  async count(query: ListCertificationQuery, scope: ClassScope | null) {
    const row = await this.db
      .selectFrom(this.pairs(query, scope).as('p'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  page(
    query: CertificationFilters,
    scope: ClassScope | null,
    at: { limit: number; offset: number },
  ) {
    return this.pairs(query, scope)
      .orderBy('st.ticket_number')
      .orderBy('s.id')
      .limit(at.limit)
      .offset(at.offset)
      .execute();
  }

  /** The scheme component an exam counts for, with its scheme's job type and level; or none. */
  examScheme(examId: number) {
    return this.db
      .selectFrom('exams as e')
      .innerJoin('cert_scheme_components as k', 'k.id', 'e.scheme_component_id')
      .innerJoin('cert_schemes as s', 's.id', 'k.scheme_id')
      .innerJoin('subjects', 'subjects.id', 's.subject_id')
      .select([
        'k.id as component_id',
        's.id as scheme_id',
        's.subject_id',
        'subjects.name as subject_name',
        's.level',
      ])
      .where('e.id', '=', examId)
      .executeTakeFirst();
  }

  /** The students' names and batches. */
  async students(ids: number[]) {
    const rows = [];
    for (const part of chunks(ids)) {
      rows.push(
        ...(await this.db
          .selectFrom('students')
          .innerJoin('classes', 'classes.id', 'students.class_id')
          .select([
            'students.id',
            'students.name',
            'students.ticket_number',
            'classes.name as class_name',
          ])
          .where('students.id', 'in', part)
          .execute()),
      );
    }
    return rows;
  }

  /** The schemes with their job type and components. */
  schemes(ids: number[]) {
    return this.db
      .selectFrom('cert_schemes as s')
      .innerJoin('subjects', 'subjects.id', 's.subject_id')
      .innerJoin('cert_scheme_components as k', 'k.scheme_id', 's.id')
      .select([
        's.id as scheme_id',
        's.level',
        's.validity_months',
        'subjects.name as subject_name',
        'k.id as component_id',
        'k.kind',
        'k.full_score',
        'k.pass_score',
        'k.required',
      ])
      .where('s.id', 'in', ids)
      .orderBy('s.id')
      .orderBy('k.sort')
      .orderBy('k.id')
      .execute();
  }

  /** The students' results not withdrawn, with the exam or assessment each comes from. */
  async results(studentIds: number[], componentIds: number[]) {
    const rows = [];
    for (const part of chunks(studentIds)) {
      rows.push(
        ...(await this.db
          .selectFrom('cert_results as r')
          .leftJoin('exams as e', 'e.id', 'r.exam_id')
          .leftJoin('skill_candidates as c', 'c.id', 'r.skill_candidate_id')
          .leftJoin('skill_assessments as a', 'a.id', 'c.assessment_id')
          .select([
            'r.id',
            'r.student_id',
            'r.component_id',
            'r.score',
            'r.passed',
            'r.final_at',
            'e.name as exam_name',
            'a.name as assessment_name',
          ])
          .where('r.student_id', 'in', part)
          .where('r.component_id', 'in', componentIds)
          .where('r.withdrawn_at', 'is', null)
          .orderBy('r.score', 'desc')
          .orderBy('r.final_at', 'desc')
          .orderBy('r.id', 'desc')
          .execute()),
      );
    }
    return rows;
  }

  /** The (student, scheme) pairs holding a certificate that is not revoked. */
  async certifiedPairs(studentIds: number[], schemeIds: number[]) {
    const rows = [];
    for (const part of chunks(studentIds)) {
      rows.push(
        ...(await this.db
          .selectFrom('certificates')
          .select(['student_id', 'scheme_id'])
          .where('student_id', 'in', part)
          .where('scheme_id', 'in', schemeIds)
          .where('revoked_at', 'is', null)
          .execute()),
      );
    }
    return new Set(rows.map((r) => `${r.student_id}:${r.scheme_id}`));
  }
}
