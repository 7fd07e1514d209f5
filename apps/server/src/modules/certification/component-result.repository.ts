import type { Db } from '../../db/database.js';

/** The components' final results (cert_results): what certification reads per student. */
export class ComponentResultRepository {
  constructor(private readonly db: Db) {}

  /**
   * A checked skills candidate with what its result needs: the score (hundredths of the sheet),
   * the veto, the sheet's full score and the scheme component the assessment counts for.
   */
  skillCandidate(candidateId: number) {
    return this.db
      .selectFrom('skill_candidates as c')
      .innerJoin('skill_assessments as a', 'a.id', 'c.assessment_id')
      .innerJoin('skill_sheet_versions as v', 'v.id', 'a.sheet_version_id')
      .leftJoin('cert_scheme_components as k', 'k.id', 'a.scheme_component_id')
      .select([
        'c.id',
        'c.student_id',
        'c.final_score',
        'c.final_veto',
        'v.full_score as sheet_full_score',
        'k.id as component_id',
        'k.full_score as component_full_score',
        'k.pass_score as component_pass_score',
      ])
      .where('c.id', '=', candidateId)
      .executeTakeFirst();
  }

  /** Writes the candidate's result, or replaces it when the candidate was checked before. */
  async saveSkillsResult(row: {
    studentId: number;
    componentId: number;
    skillCandidateId: number;
    score: number;
    passed: boolean;
    finalAt: string;
  }) {
    await this.db
      .deleteFrom('cert_results')
      .where('skill_candidate_id', '=', row.skillCandidateId)
      .execute();
    await this.db
      .insertInto('cert_results')
      .values({
        student_id: row.studentId,
        component_id: row.componentId,
        score: row.score,
        passed: row.passed ? 1 : 0,
        final_at: row.finalAt,
        skill_candidate_id: row.skillCandidateId,
      })
      .execute();
  }
}
