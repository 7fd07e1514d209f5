import type { Selectable } from 'kysely';
import {
  ApiStatus,
  type InstructionInput,
  type InstructionView,
  type ListInstructionQuery,
  type UpdateInstructionBody,
} from '@kaoshi/shared';
import { contains, inTransaction, nowIso, type Db } from '../../db/database.js';
import { AppError, invalid, notFound } from '../../errors.js';
import { htmlHasContent, htmlLoadProblem, sanitizeHtml } from '../../html.js';
import type { InstructionsTable } from '../../db/types.js';
import type { AuthContext } from '../auth/auth.service.js';

type InstructionRow = Selectable<InstructionsTable> & {
  author_nick: string | null;
  author_login: string | null;
};

/** Exam notices (考试须知): rich text an examinee reads, for every job type or chosen ones. */
export class InstructionService {
  constructor(private readonly db: Db) {}

  private base() {
    return this.db
      .selectFrom('instructions')
      .leftJoin('users as author', 'author.id', 'instructions.author_id');
  }

  async list(query: ListInstructionQuery): Promise<{ total: number; list: InstructionView[] }> {
    let base = this.base();
    if (query.keyword) base = base.where(contains('instructions.title', query.keyword));
    if (query.enabled !== undefined) {
      base = base.where('instructions.enabled', '=', query.enabled ? 1 : 0);
    }
    const { subjectId } = query;
    if (subjectId !== undefined) {
      base = base.where((eb) =>
        eb.or([
          eb('instructions.all_subjects', '=', 1),
          eb.exists(
            eb
              .selectFrom('instruction_subjects')
              .select('instruction_id')
              .whereRef('instruction_subjects.instruction_id', '=', 'instructions.id')
              .where('instruction_subjects.subject_id', '=', subjectId),
          ),
        ]),
      );
    }
    const { total } = await base
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('instructions')
      .select(['author.nick_name as author_nick', 'author.name as author_login'])
      .orderBy('instructions.id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    return { total: Number(total), list: await this.views(rows) };
  }

  async get(id: number): Promise<InstructionView> {
    const row = await this.base()
      .selectAll('instructions')
      .select(['author.nick_name as author_nick', 'author.name as author_login'])
      .where('instructions.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('instruction', id);
    return (await this.views([row]))[0]!;
  }

  private async views(rows: InstructionRow[]): Promise<InstructionView[]> {
    const ids = rows.map((row) => row.id);
    const scopes =
      ids.length === 0
        ? []
        : await this.db
            .selectFrom('instruction_subjects')
            .innerJoin('subjects', 'subjects.id', 'instruction_subjects.subject_id')
            .select(['instruction_subjects.instruction_id', 'subjects.id', 'subjects.name'])
            .where('instruction_subjects.instruction_id', 'in', ids)
            .orderBy('subjects.id')
            .execute();
    return rows.map((row) => {
      const scope = scopes.filter((s) => s.instruction_id === row.id);
      return {
        id: row.id,
        title: row.title,
        body: row.body,
        allSubjects: row.all_subjects === 1,
        subjectIds: scope.map((s) => s.id),
        subjectNames: scope.map((s) => s.name),
        minReadSeconds: row.min_read_seconds,
        enabled: row.enabled === 1,
        authorId: row.author_id,
        authorName: row.author_nick || row.author_login || '',
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    });
  }

  /** The body sanitized, refused when too heavy to sanitize or empty once sanitized. */
  private async clean(input: InstructionInput) {
    const heavy = htmlLoadProblem(input.body);
    if (heavy) throw new AppError(ApiStatus.INVALID_INPUT, heavy.key, heavy.params, 'body');
    const body = sanitizeHtml(input.body);
    if (!htmlHasContent(body)) throw invalid('body', 'instructionBodyEmpty');
    const subjectIds = input.allSubjects ? [] : [...new Set(input.subjectIds)];
    if (subjectIds.length > 0) {
      const found = await this.db
        .selectFrom('subjects')
        .select('id')
        .where('id', 'in', subjectIds)
        .execute();
      const missing = subjectIds.find((id) => !found.some((row) => row.id === id));
      if (missing !== undefined) throw invalid('subjectIds', 'noSuchSubject', { id: missing });
    }
    return { body, subjectIds };
  }

  async add(input: InstructionInput, auth: AuthContext): Promise<{ id: number }> {
    const { body, subjectIds } = await this.clean(input);
    const now = nowIso();
    return inTransaction(this.db, async (trx) => {
      const { id } = await trx
        .insertInto('instructions')
        .values({
          title: input.title,
          body,
          all_subjects: input.allSubjects ? 1 : 0,
          min_read_seconds: input.minReadSeconds,
          enabled: input.enabled ? 1 : 0,
          author_id: auth.user.id,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.writeScope(trx, id, subjectIds);
      return { id };
    });
  }

  async update(input: UpdateInstructionBody): Promise<void> {
    await this.get(input.id);
    const { body, subjectIds } = await this.clean(input);
    await inTransaction(this.db, async (trx) => {
      await trx
        .updateTable('instructions')
        .set({
          title: input.title,
          body,
          all_subjects: input.allSubjects ? 1 : 0,
          min_read_seconds: input.minReadSeconds,
          enabled: input.enabled ? 1 : 0,
          updated_at: nowIso(),
        })
        .where('id', '=', input.id)
        .execute();
      await trx.deleteFrom('instruction_subjects').where('instruction_id', '=', input.id).execute();
      await this.writeScope(trx, input.id, subjectIds);
    });
  }

  private async writeScope(trx: Db, id: number, subjectIds: number[]) {
    if (subjectIds.length === 0) return;
    await trx
      .insertInto('instruction_subjects')
      .values(subjectIds.map((subjectId) => ({ instruction_id: id, subject_id: subjectId })))
      .execute();
  }

  /** Exams will point at notices (the publishing issue refuses deleting one in use with 10004). */
  async delete(id: number): Promise<void> {
    await this.get(id);
    await this.db.deleteFrom('instructions').where('id', '=', id).execute();
  }
}
