import type { Selectable } from 'kysely';
import type { ListSchemeQuery } from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import type { CertSchemeComponentsTable, CertSchemesTable } from '../../db/types.js';

export type SchemeRow = Selectable<CertSchemesTable>;
export type SchemeComponentRow = Selectable<CertSchemeComponentsTable>;
export type SchemeValues = Pick<SchemeRow, 'subject_id' | 'level' | 'validity_months'>;
export type SchemeComponentValues = Pick<
  SchemeComponentRow,
  'kind' | 'full_score' | 'pass_score' | 'required' | 'sort'
>;

/** An exam or assessment counting for one of a scheme's components. */
export interface SchemeUserRow {
  id: number;
  name: string;
  kind: string;
}

/** Certification schemes and their components, and what counts for them. */
export class SchemeRepository {
  constructor(private readonly db: Db) {}

  /** Schemes with their job type's name. */
  private withNames() {
    return this.db
      .selectFrom('cert_schemes')
      .innerJoin('subjects', 'subjects.id', 'cert_schemes.subject_id')
      .selectAll('cert_schemes')
      .select('subjects.name as subject_name');
  }

  async list(query: ListSchemeQuery) {
    let base = this.db.selectFrom('cert_schemes');
    if (query.subjectId !== undefined) base = base.where('subject_id', '=', query.subjectId);
    if (query.level !== undefined) base = base.where('level', '=', query.level);
    const [rows, count] = await Promise.all([
      this.withNames()
        .where('cert_schemes.id', 'in', base.select('cert_schemes.id'))
        .orderBy('subjects.sort')
        .orderBy('subjects.id')
        .orderBy('cert_schemes.level', 'desc')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** Locks the scheme's row until the transaction ends (Postgres; SQLite's writer lock does this). */
  async lock(id: number) {
    await this.db
      .selectFrom('cert_schemes')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .execute();
  }

  findById(id: number) {
    return this.withNames().where('cert_schemes.id', '=', id).executeTakeFirst();
  }

  findBySubjectLevel(subjectId: number, level: number) {
    return this.db
      .selectFrom('cert_schemes')
      .select('id')
      .where('subject_id', '=', subjectId)
      .where('level', '=', level)
      .executeTakeFirst();
  }

  /** The components of the schemes, in their order. */
  components(schemeIds: readonly number[]) {
    if (schemeIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('cert_scheme_components')
      .selectAll()
      .where('scheme_id', 'in', schemeIds)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** The exams and assessments counting for the schemes' components, per scheme. */
  async users(schemeIds: readonly number[]) {
    if (schemeIds.length === 0) return { exams: [], assessments: [] };
    const [exams, assessments] = await Promise.all([
      this.db
        .selectFrom('exams')
        .innerJoin('cert_scheme_components as c', 'c.id', 'exams.scheme_component_id')
        .select(['exams.id', 'exams.name', 'c.kind', 'c.scheme_id'])
        .where('c.scheme_id', 'in', schemeIds)
        .orderBy('exams.id')
        .execute(),
      this.db
        .selectFrom('skill_assessments as a')
        .innerJoin('cert_scheme_components as c', 'c.id', 'a.scheme_component_id')
        .select(['a.id', 'a.name', 'c.kind', 'c.scheme_id'])
        .where('c.scheme_id', 'in', schemeIds)
        .orderBy('a.id')
        .execute(),
    ]);
    return { exams, assessments };
  }

  async insert(values: SchemeValues, createdBy: number, now: string) {
    const row = await this.db
      .insertInto('cert_schemes')
      .values({ ...values, created_by: createdBy, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: SchemeValues, now: string) {
    await this.db
      .updateTable('cert_schemes')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes the scheme; its components go with it (on delete cascade). */
  async delete(id: number) {
    await this.db.deleteFrom('cert_scheme_components').where('scheme_id', '=', id).execute();
    await this.db.deleteFrom('cert_schemes').where('id', '=', id).execute();
  }

  async insertComponent(schemeId: number, values: SchemeComponentValues) {
    await this.db
      .insertInto('cert_scheme_components')
      .values({ ...values, scheme_id: schemeId })
      .execute();
  }

  async updateComponent(id: number, values: SchemeComponentValues) {
    await this.db.updateTable('cert_scheme_components').set(values).where('id', '=', id).execute();
  }

  async deleteComponents(ids: readonly number[]) {
    if (ids.length === 0) return;
    await this.db.deleteFrom('cert_scheme_components').where('id', 'in', ids).execute();
  }

  /** The scheme a component belongs to (an exam's view names the scheme). */
  async schemeOfComponent(componentId: number | null): Promise<number | null> {
    if (componentId === null) return null;
    const row = await this.db
      .selectFrom('cert_scheme_components')
      .select('scheme_id')
      .where('id', '=', componentId)
      .executeTakeFirst();
    return row?.scheme_id ?? null;
  }

  /**
   * A scheme's job type and level, its job type's name, and its theory component. `share`
   * (Postgres): the rows stay as read until the transaction ends, so that the scheme cannot move
   * or lose the component meanwhile.
   */
  theoryOf(schemeId: number, share = false) {
    const query = this.withNames()
      .innerJoin('cert_scheme_components as c', 'c.scheme_id', 'cert_schemes.id')
      .select('c.id as component_id')
      .where('cert_schemes.id', '=', schemeId)
      .where('c.kind', '=', 'theory');
    return (share ? query.forShare() : query).executeTakeFirst();
  }
}
