import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Numbers as either database answers them (PostgreSQL's sums and counts arrive as text). */
type Num = number | string;

export interface ItemFigureRow {
  item_id: number;
  /** Candidates with a signed sheet scoring the item / with two or more. */
  scored: Num;
  scored_multi: Num;
  /** Sum over candidates of the mean of their examiners' points (hundredths). */
  sum_of_means: Num | null;
  /** Candidates whose examiners gave different points. */
  differing: Num;
  /** Candidates whose examiners split on the veto (hit on some signed sheets, not all). */
  veto_split: Num;
  veto_hits: Num;
}

export interface ItemPairRow {
  item_id: number;
  pairs: Num;
  abs_diff_sum: Num;
}

export interface ExaminerDeviationRow {
  examiner_id: number;
  nick_name: string | null;
  sheets: Num;
  compared: Num;
  deviation_sum: Num | null;
  abs_deviation_sum: Num | null;
}

export interface AnalysisCandidateRow {
  presence: string;
  state: string;
  final_score: number | null;
  final_veto: number;
  signed: Num | null;
}

/**
 * The figures of a skills assessment's analysis: a fixed number of set-based queries over the
 * signed sheets, whatever the number of candidates (never one per candidate).
 */
export class SkillAnalysisRepository {
  constructor(private readonly db: Db) {}

  /** The assessment, its frozen sheet and, when it counts for a scheme, the component's scale. */
  assessment(id: number) {
    return this.db
      .selectFrom('skill_assessments as a')
      .innerJoin('skill_sheet_versions as v', 'v.id', 'a.sheet_version_id')
      .leftJoin('cert_scheme_components as k', 'k.id', 'a.scheme_component_id')
      .select([
        'a.id',
        'a.name',
        'a.tolerance',
        'v.snapshot',
        'v.full_score as sheet_full_score',
        'k.full_score as component_full_score',
        'k.pass_score as component_pass_score',
      ])
      .where('a.id', '=', id)
      .executeTakeFirst();
  }

  /** Every candidate with its number of signed sheets. */
  candidates(assessmentId: number): Promise<AnalysisCandidateRow[]> {
    return this.db
      .selectFrom('skill_candidates as c')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('skill_scorings')
            .select(['candidate_id', (q) => q.fn.countAll<Num>().as('signed')])
            .where('signed_at', 'is not', null)
            .groupBy('candidate_id')
            .as('s'),
        (join) => join.onRef('s.candidate_id', '=', 'c.id'),
      )
      .select(['c.presence', 'c.state', 'c.final_score', 'c.final_veto', 's.signed'])
      .where('c.assessment_id', '=', assessmentId)
      .execute();
  }

  /** Per item: facility and agreement figures over each candidate's signed sheets. */
  async itemFigures(assessmentId: number): Promise<ItemFigureRow[]> {
    const { rows } = await sql<ItemFigureRow>`
      select per.item_id,
        sum(case when per.n_points > 0 then 1 else 0 end) as scored,
        sum(case when per.n_points > 1 then 1 else 0 end) as scored_multi,
        sum(case when per.n_points > 0
          then cast(per.sum_points as double precision) / per.n_points else 0 end) as sum_of_means,
        sum(case when per.n_points > 1 and per.max_points > per.min_points then 1 else 0 end)
          as differing,
        sum(case when per.veto_hits > 0 and per.veto_hits < signed.n then 1 else 0 end)
          as veto_split,
        sum(per.veto_hits) as veto_hits
      from (
        select s.candidate_id, i.item_id,
          count(i.points) as n_points,
          sum(i.points) as sum_points,
          min(i.points) as min_points,
          max(i.points) as max_points,
          sum(i.veto_hit) as veto_hits
        from skill_item_scores i
        join skill_scorings s on s.id = i.scoring_id
        join skill_candidates c on c.id = s.candidate_id
        where c.assessment_id = ${assessmentId} and s.signed_at is not null
        group by s.candidate_id, i.item_id
      ) per
      join (
        select s.candidate_id, count(*) as n
        from skill_scorings s
        join skill_candidates c on c.id = s.candidate_id
        where c.assessment_id = ${assessmentId} and s.signed_at is not null
        group by s.candidate_id
      ) signed on signed.candidate_id = per.candidate_id
      group by per.item_id`.execute(this.db);
    return rows;
  }

  /** Per item: every pair of two signed sheets of a candidate and their absolute difference. */
  async itemPairs(assessmentId: number): Promise<ItemPairRow[]> {
    const { rows } = await sql<ItemPairRow>`
      select a.item_id, count(*) as pairs, sum(abs(a.points - b.points)) as abs_diff_sum
      from skill_item_scores a
      join skill_scorings sa on sa.id = a.scoring_id
      join skill_candidates c on c.id = sa.candidate_id
      join skill_scorings sb on sb.candidate_id = sa.candidate_id and sb.id > sa.id
      join skill_item_scores b on b.scoring_id = sb.id and b.item_id = a.item_id
      where c.assessment_id = ${assessmentId}
        and sa.signed_at is not null and sb.signed_at is not null
        and a.points is not null and b.points is not null
      group by a.item_id`.execute(this.db);
    return rows;
  }

  /** Per examiner: signed sheets and their totals' deviation from the other signed sheets' mean. */
  async examinerDeviations(assessmentId: number): Promise<ExaminerDeviationRow[]> {
    const { rows } = await sql<ExaminerDeviationRow>`
      select s.examiner_id, u.nick_name,
        count(*) as sheets,
        sum(case when o.others is null then 0 else 1 end) as compared,
        sum(s.total - o.others_mean) as deviation_sum,
        sum(abs(s.total - o.others_mean)) as abs_deviation_sum
      from skill_scorings s
      join skill_candidates c on c.id = s.candidate_id
      join users u on u.id = s.examiner_id
      left join (
        select s1.id as scoring_id, count(*) as others,
          avg(cast(s2.total as double precision)) as others_mean
        from skill_scorings s1
        join skill_candidates c1 on c1.id = s1.candidate_id
        join skill_scorings s2 on s2.candidate_id = s1.candidate_id and s2.id <> s1.id
        where c1.assessment_id = ${assessmentId}
          and s1.signed_at is not null and s2.signed_at is not null
        group by s1.id
      ) o on o.scoring_id = s.id
      where c.assessment_id = ${assessmentId} and s.signed_at is not null
      group by s.examiner_id, u.nick_name
      order by s.examiner_id`.execute(this.db);
    return rows;
  }
}
