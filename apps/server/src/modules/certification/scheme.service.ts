import {
  CERT_LEVEL_NAMES,
  ENTITY_NAMES,
  inEveryLanguage,
  listIn,
  SCHEME_COMPONENT_KIND_NAMES,
  renderMessage,
  scoreFromHundredths,
  scoreToHundredths,
  type AddSchemeBody,
  type CertLevel,
  type ListResult,
  type ListSchemeQuery,
  type Localized,
  type SchemeComponentInput,
  type SchemeComponentKind,
  type SchemeUserView,
  type SchemeView,
  type UpdateSchemeBody,
} from '@kaoshi/shared';
import { nowIso, type Db } from '../../db/database.js';
import { conflict, existing, invalid, notFound } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { levelsFromText } from '../school/subject.service.js';
import { SubjectRepository } from '../school/subject.repository.js';
import { stillInUseAnswer, writeInTransaction } from '../school/structure-write.js';
import {
  SchemeRepository,
  type SchemeComponentRow,
  type SchemeRow,
  type SchemeUserRow,
} from './scheme.repository.js';

type SchemeNamedRow = SchemeRow & { subject_name: string };
type Users = { exams: SchemeUserRow[]; assessments: SchemeUserRow[] };

/** "钳工 初级", "Fitter Junior": how messages name a scheme. */
const schemeName = (row: { subject_name: string; level: number }): Localized =>
  inEveryLanguage(
    (language) =>
      `${row.subject_name} ${CERT_LEVEL_NAMES[row.level as CertLevel]?.[language] ?? row.level}`,
  );

/** The names of exams or assessments, or "none", in each language. */
const nameList = (rows: readonly SchemeUserRow[]): Localized =>
  inEveryLanguage((language) =>
    rows.length === 0
      ? renderMessage('schemeUsersNone', {}, language)
      : listIn(
          rows.map((row) => `“${row.name}”`),
          language,
        ),
  );

const kindNames = (kinds: readonly string[]): Localized =>
  inEveryLanguage((language) =>
    kinds
      .map((kind) => SCHEME_COMPONENT_KIND_NAMES[kind as SchemeComponentKind][language])
      .join(', '),
  );

const inUse = (users: Users) => users.exams.length + users.assessments.length > 0;

const userView = (row: SchemeUserRow): SchemeUserView => ({
  id: row.id,
  name: row.name,
  kind: row.kind as SchemeComponentKind,
});

const toView = (
  row: SchemeNamedRow,
  components: SchemeComponentRow[],
  users: Users,
): SchemeView => ({
  id: row.id,
  subjectId: row.subject_id,
  subjectName: row.subject_name,
  level: row.level as CertLevel,
  validityMonths: row.validity_months,
  components: components.map((component) => ({
    id: component.id,
    kind: component.kind as SchemeComponentKind,
    fullScore: scoreFromHundredths(component.full_score),
    passScore: scoreFromHundredths(component.pass_score),
    required: component.required === 1,
    sort: component.sort,
  })),
  exams: users.exams.map(userView),
  assessments: users.assessments.map(userView),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/**
 * The rules between a scheme's components: no kind twice, a pass score within the full score,
 * and exactly one required theory component (the certificate is anchored on the theory exam).
 */
function checkComponents(components: readonly SchemeComponentInput[]) {
  const seen = new Set<string>();
  components.forEach((component, index) => {
    if (seen.has(component.kind)) {
      throw invalid(`components.${index}.kind`, 'schemeKindTwice', {
        kind: SCHEME_COMPONENT_KIND_NAMES[component.kind],
      });
    }
    seen.add(component.kind);
    if (scoreToHundredths(component.passScore) > scoreToHundredths(component.fullScore)) {
      throw invalid(`components.${index}.passScore`, 'schemePassAboveFull', {
        pass: component.passScore,
        full: component.fullScore,
      });
    }
  });
  if (!components.some((component) => component.kind === 'theory' && component.required)) {
    throw invalid('components', 'schemeNeedsTheory');
  }
}

/** Certification schemes (认定方案): per job type and level, the components a certificate needs. */
export class SchemeService {
  constructor(
    private readonly db: Db,
    /** Postgres: a change locks the scheme's row against exams published to it meanwhile. */
    private readonly postgres: boolean,
  ) {}

  async list(query: ListSchemeQuery): Promise<ListResult<SchemeView>> {
    const repo = new SchemeRepository(this.db);
    const { rows, total } = await repo.list(query);
    const ids = rows.map((row) => row.id);
    const [components, users] = await Promise.all([repo.components(ids), repo.users(ids)]);
    const of = <T extends { scheme_id: number }>(list: T[], id: number) =>
      list.filter((item) => item.scheme_id === id);
    return {
      list: rows.map((row) =>
        toView(row, of(components, row.id), {
          exams: of(users.exams, row.id),
          assessments: of(users.assessments, row.id),
        }),
      ),
      total,
    };
  }

  async get(id: number): Promise<SchemeView> {
    const repo = new SchemeRepository(this.db);
    const row = existing(await repo.findById(id), 'scheme', id);
    const [components, users] = await Promise.all([repo.components([id]), repo.users([id])]);
    return toView(row, components, users);
  }

  add(body: AddSchemeBody, auth: AuthContext): Promise<{ id: number }> {
    checkComponents(body.components);
    return this.write(body, async (trx) => {
      const repo = new SchemeRepository(trx);
      await this.checkSubjectLevel(trx, body.subjectId, body.level);
      const id = await repo.insert(
        { subject_id: body.subjectId, level: body.level, validity_months: body.validityMonths },
        auth.user.id,
        nowIso(),
      );
      await this.saveComponents(repo, id, [], body.components);
      return { id };
    });
  }

  /**
   * Replaces the fields and the components; a kind kept keeps its component (exams and
   * assessments name it). While anything counts for the scheme its job type, level and kinds stay.
   */
  update(body: UpdateSchemeBody): Promise<void> {
    checkComponents(body.components);
    return this.write(body, async (trx) => {
      const repo = new SchemeRepository(trx);
      if (this.postgres) await repo.lock(body.id);
      const current = existing(await repo.findById(body.id), 'scheme', body.id);
      const components = await repo.components([body.id]);
      const users = await repo.users([body.id]);
      const moved = body.subjectId !== current.subject_id || body.level !== current.level;
      const kinds = new Set<string>(body.components.map((component) => component.kind));
      const removed = components.filter((component) => !kinds.has(component.kind));
      if (inUse(users)) {
        const params = {
          name: schemeName(current),
          exams: nameList(users.exams),
          assessments: nameList(users.assessments),
        };
        if (moved) throw conflict('schemeInUseNoMove', params, 'subjectId');
        if (removed.length > 0) {
          throw conflict(
            'schemeInUseKindRemoved',
            { ...params, kinds: kindNames(removed.map((component) => component.kind)) },
            'components',
          );
        }
      }
      if (moved) await this.checkSubjectLevel(trx, body.subjectId, body.level, body.id);
      await repo.update(
        body.id,
        { subject_id: body.subjectId, level: body.level, validity_months: body.validityMonths },
        nowIso(),
      );
      await repo.deleteComponents(removed.map((component) => component.id));
      await this.saveComponents(repo, body.id, components, body.components);
    });
  }

  /** Refused while exams or assessments count for it, naming them. */
  delete(id: number): Promise<void> {
    return writeInTransaction(this.db, stillInUseAnswer('scheme', id), async (trx) => {
      const repo = new SchemeRepository(trx);
      if (this.postgres) await repo.lock(id);
      const row = existing(await repo.findById(id), 'scheme', id);
      const users = await repo.users([id]);
      if (inUse(users)) {
        throw conflict('schemeInUse', {
          name: schemeName(row),
          exams: nameList(users.exams),
          assessments: nameList(users.assessments),
        });
      }
      await repo.delete(id);
    });
  }

  /**
   * The checks and the write in one transaction: a scheme for the job type and level written
   * meanwhile is answered as the check would have, a job type deleted meanwhile as not found.
   */
  private write<T>(
    body: Pick<AddSchemeBody, 'subjectId' | 'level'>,
    work: (trx: Db) => Promise<T>,
  ): Promise<T> {
    return writeInTransaction(
      this.db,
      {
        unique: () =>
          conflict('schemeExists', this.existsParams(body.subjectId, body.level), 'level'),
        foreignKey: () => notFound('subject', body.subjectId),
      },
      work,
    );
  }

  private existsParams(subject: number | string, level: number) {
    return { subject, level: CERT_LEVEL_NAMES[level as CertLevel] ?? String(level) };
  }

  /** The job type exists and offers the level, and no other scheme holds both. */
  private async checkSubjectLevel(trx: Db, subjectId: number, level: number, ownId?: number) {
    const subject = await new SubjectRepository(trx).levelsOf(subjectId);
    if (!subject) {
      throw invalid('subjectId', 'notFound', { entity: ENTITY_NAMES.subject, id: subjectId });
    }
    const levels = levelsFromText(subject.levels);
    if (!(levels as number[]).includes(level)) {
      throw invalid('level', 'subjectOffersLevels', {
        name: subject.name,
        levels: levels.join(', '),
      });
    }
    const holder = await new SchemeRepository(trx).findBySubjectLevel(subjectId, level);
    if (holder && holder.id !== ownId) {
      throw conflict('schemeExists', this.existsParams(subject.name, level), 'level');
    }
  }

  /** Updates the kinds the scheme has, adds the others, in the order given. */
  private async saveComponents(
    repo: SchemeRepository,
    schemeId: number,
    current: readonly SchemeComponentRow[],
    components: readonly SchemeComponentInput[],
  ) {
    for (const [sort, component] of components.entries()) {
      const values = {
        kind: component.kind,
        full_score: scoreToHundredths(component.fullScore),
        pass_score: scoreToHundredths(component.passScore),
        required: component.required ? 1 : 0,
        sort,
      };
      const kept = current.find((row) => row.kind === component.kind);
      if (kept) await repo.updateComponent(kept.id, values);
      else await repo.insertComponent(schemeId, values);
    }
  }
}
