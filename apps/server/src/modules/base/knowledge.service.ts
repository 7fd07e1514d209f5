import {
  ENTITY_NAMES,
  KnowledgeType,
  MAX_COURSE_WEIGHT,
  Perm,
  percentFromWeight,
  weightFromPercent,
  type AddKnowledgeBody,
  type CourseNode,
  type Importance,
  type KnowledgeView,
  type ListKnowledgeTreeQuery,
  type UpdateKnowledgeBody,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, forbidden, invalid, notFound, type AppError } from '../../errors.js';
import { hasAnyPermission, type AuthContext } from '../../lib/auth-context.js';
import { isUniqueViolation } from '../../db/constraint.js';
import { KnowledgeRepository, type KnowledgeRow } from './knowledge.repository.js';

/**
 * Something else that may use a course or an appraisal point (questions, paper blueprints): returns
 * why it may not be deleted, or null. Later modules pass theirs to the service; delete runs them
 * inside its transaction.
 */
/** Another module's reason not to delete a course or appraisal point, or null. */
export type KnowledgeUsageCheck = (trx: Db, knowledge: KnowledgeRow) => Promise<AppError | null>;

export const entityOf = (type: string) => (type === KnowledgeType.COURSE ? 'course' : 'point');
const permissionFor = (type: string) => (type === KnowledgeType.COURSE ? Perm.COURSE : Perm.KNOW);

const toView = (row: KnowledgeRow): KnowledgeView => ({
  id: row.id,
  subjectId: row.subject_id,
  level: row.level,
  type: row.type,
  parentId: row.parent_id,
  code: row.code,
  name: row.name,
  importance: row.importance as Importance | null,
  weight: percentFromWeight(row.weight),
  description: row.description,
  sort: row.sort,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const codeTaken = (code: string, holder?: string) =>
  holder
    ? conflict('knowledgeCodeTakenBy', { code, holder }, 'code')
    : conflict('knowledgeCodeTaken', { code }, 'code');

export class KnowledgeService {
  constructor(
    private readonly db: Db,
    private readonly usageChecks: readonly KnowledgeUsageCheck[] = [],
  ) {}

  /** The courses of a job type and level with their appraisal points and weight sums. */
  async tree(query: ListKnowledgeTreeQuery): Promise<CourseNode[]> {
    const knowledge = new KnowledgeRepository(this.db);
    await this.checkSubjectLevel(knowledge, query.subjectId, query.level);
    const rows = await knowledge.listOf(query.subjectId, query.level);
    const courses = new Map<number, CourseNode>();
    const sums = new Map<number, number>();
    for (const row of rows) {
      if (row.type === KnowledgeType.COURSE) {
        courses.set(row.id, { ...toView(row), weightSum: 0, children: [] });
      }
    }
    for (const row of rows) {
      if (row.type !== KnowledgeType.POINT || row.parent_id === null) continue;
      const course = courses.get(row.parent_id);
      if (!course) continue;
      course.children.push(toView(row));
      sums.set(course.id, (sums.get(course.id) ?? 0) + row.weight);
    }
    return [...courses.values()].map((course) => ({
      ...course,
      weightSum: percentFromWeight(sums.get(course.id) ?? 0),
    }));
  }

  async get(id: number): Promise<KnowledgeView> {
    const row = await new KnowledgeRepository(this.db).findById(id);
    if (!row) throw notFound('knowledge', id);
    return toView(row);
  }

  async add(body: AddKnowledgeBody, actor: AuthContext): Promise<{ id: number }> {
    this.checkPermission(actor, body.type);
    try {
      return await inTransaction(this.db, async (trx) => {
        const knowledge = new KnowledgeRepository(trx);
        await this.checkSubjectLevel(knowledge, body.subjectId, body.level);
        const holder = await knowledge.findByCode(body.subjectId, body.level, body.code);
        if (holder) throw codeTaken(body.code, holder.name);

        let parentId: number | null = null;
        let weight = 0;
        if (body.type === KnowledgeType.POINT) {
          const course = await this.courseFor(knowledge, body.parentId, body);
          weight = weightFromPercent(body.weight);
          await this.checkWeightSum(knowledge, course, weight);
          parentId = course.id;
        }
        const now = nowIso();
        const id = await knowledge.insert({
          subject_id: body.subjectId,
          level: body.level,
          type: body.type,
          parent_id: parentId,
          code: body.code,
          name: body.name,
          importance: body.type === KnowledgeType.POINT ? body.importance : null,
          weight,
          description: body.description ?? '',
          sort: body.sort,
          created_at: now,
          updated_at: now,
        });
        return { id };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken(body.code);
      throw error;
    }
  }

  async update(body: UpdateKnowledgeBody, actor: AuthContext): Promise<void> {
    try {
      await inTransaction(this.db, async (trx) => {
        const knowledge = new KnowledgeRepository(trx);
        const current = await knowledge.findById(body.id);
        if (!current) throw notFound('knowledge', body.id);
        if (current.type !== body.type) {
          throw invalid('type', 'knowledgeTypeFixed', {
            id: body.id,
            type: ENTITY_NAMES[entityOf(current.type)],
          });
        }
        this.checkPermission(actor, current.type);
        const holder = await knowledge.findByCode(current.subject_id, current.level, body.code);
        if (holder && holder.id !== body.id) throw codeTaken(body.code, holder.name);

        let point = {};
        if (body.type === KnowledgeType.POINT) {
          const course = await this.courseFor(knowledge, body.parentId, {
            subjectId: current.subject_id,
            level: current.level,
          });
          const weight = weightFromPercent(body.weight);
          await this.checkWeightSum(knowledge, course, weight, body.id);
          point = { parent_id: course.id, importance: body.importance, weight };
        }
        await knowledge.update(body.id, {
          code: body.code,
          name: body.name,
          ...(body.description !== undefined && { description: body.description }),
          sort: body.sort,
          ...point,
          updated_at: nowIso(),
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken(body.code);
      throw error;
    }
  }

  async delete(id: number, actor: AuthContext): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const knowledge = new KnowledgeRepository(trx);
      const row = await knowledge.findById(id);
      if (!row) throw notFound('knowledge', id);
      this.checkPermission(actor, row.type);
      if (row.type === KnowledgeType.COURSE) {
        await knowledge.lockCourse(id);
        const points = await knowledge.countChildren(id);
        if (points > 0) {
          throw conflict('courseHasPoints', { name: row.name, count: points });
        }
      }
      for (const check of this.usageChecks) {
        const refusal = await check(trx, row);
        if (refusal) throw refusal;
      }
      await knowledge.delete(id);
    });
  }

  /** COURSE manages courses, KNOW-CAPTER appraisal points; the route lets either in. */
  private checkPermission(actor: AuthContext, type: string) {
    const key = permissionFor(type);
    if (!hasAnyPermission(actor, [key])) {
      throw forbidden('permissionDeniedNeeds', { keys: key });
    }
  }

  private async checkSubjectLevel(
    knowledge: KnowledgeRepository,
    subjectId: number,
    level: number,
  ) {
    const subject = await knowledge.findSubject(subjectId);
    if (!subject) throw notFound('subject', subjectId);
    const levels = subject.levels.split(',').map((part) => Number(part.trim()));
    if (!levels.includes(level)) {
      throw invalid('level', 'subjectCertifiesLevels', {
        name: subject.name,
        levels: levels.join(', '),
        level,
      });
    }
  }

  /** The course an appraisal point goes under: a course of the same job type and level. */
  private async courseFor(
    knowledge: KnowledgeRepository,
    parentId: number,
    owner: { subjectId: number; level: number },
  ) {
    const course = await knowledge.findById(parentId);
    if (!course) throw notFound('course', parentId);
    if (course.type !== KnowledgeType.COURSE) {
      throw invalid('parentId', 'notACourse', { id: parentId });
    }
    if (course.subject_id !== owner.subjectId || course.level !== owner.level) {
      throw invalid('parentId', 'courseOtherSubject', { id: parentId });
    }
    return course;
  }

  /** The points under a course may add up to 100 % at most. */
  private async checkWeightSum(
    knowledge: KnowledgeRepository,
    course: KnowledgeRow,
    weight: number,
    exceptId?: number,
  ) {
    await knowledge.lockCourse(course.id);
    const sum = (await knowledge.weightSumOf(course.id, exceptId)) + weight;
    if (sum > MAX_COURSE_WEIGHT) {
      throw invalid('weight', 'weightSumTooHigh', {
        name: course.name,
        sum: percentFromWeight(sum),
        max: percentFromWeight(MAX_COURSE_WEIGHT),
      });
    }
  }
}
