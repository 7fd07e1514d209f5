import {
  ApiStatus,
  type InstructionInput,
  type InstructionView,
  type ListInstructionQuery,
  type UpdateInstructionBody,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { AppError, invalid, notFound } from '../../errors.js';
import { htmlHasContent, htmlLoadProblem, sanitizeHtml } from '../../html.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { InstructionRepository, type InstructionRow } from './instruction.repository.js';

/** Exam notices (考试须知): rich text an examinee reads, for every job type or chosen ones. */
export class InstructionService {
  constructor(private readonly db: Db) {}

  async list(query: ListInstructionQuery): Promise<{ total: number; list: InstructionView[] }> {
    const { total, rows } = await new InstructionRepository(this.db).list(query);
    return { total, list: await this.views(rows) };
  }

  async get(id: number): Promise<InstructionView> {
    const row = await new InstructionRepository(this.db).find(id);
    if (!row) throw notFound('instruction', id);
    return (await this.views([row]))[0]!;
  }

  private async views(rows: InstructionRow[]): Promise<InstructionView[]> {
    const ids = rows.map((row) => row.id);
    const scopes = await new InstructionRepository(this.db).scopes(ids);
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
      const found = await new InstructionRepository(this.db).existingSubjects(subjectIds);
      const missing = subjectIds.find((id) => !found.includes(id));
      if (missing !== undefined) throw invalid('subjectIds', 'noSuchSubject', { id: missing });
    }
    return { body, subjectIds };
  }

  async add(input: InstructionInput, auth: AuthContext): Promise<{ id: number }> {
    const { body, subjectIds } = await this.clean(input);
    const now = nowIso();
    return inTransaction(this.db, async (trx) => {
      const repository = new InstructionRepository(trx);
      const id = await repository.insert({
        title: input.title,
        body,
        all_subjects: input.allSubjects ? 1 : 0,
        min_read_seconds: input.minReadSeconds,
        enabled: input.enabled ? 1 : 0,
        author_id: auth.user.id,
        created_at: now,
        updated_at: now,
      });
      await repository.setScope(id, subjectIds);
      return { id };
    });
  }

  async update(input: UpdateInstructionBody): Promise<void> {
    await this.get(input.id);
    const { body, subjectIds } = await this.clean(input);
    await inTransaction(this.db, async (trx) => {
      const repository = new InstructionRepository(trx);
      await repository.update(input.id, {
        title: input.title,
        body,
        all_subjects: input.allSubjects ? 1 : 0,
        min_read_seconds: input.minReadSeconds,
        enabled: input.enabled ? 1 : 0,
        updated_at: nowIso(),
      });
      await repository.setScope(input.id, subjectIds);
    });
  }

  /** Exams will point at notices (the publishing issue refuses deleting one in use with 10004). */
  async delete(id: number): Promise<void> {
    await this.get(id);
    await new InstructionRepository(this.db).delete(id);
  }
}
