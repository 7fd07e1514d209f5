import type { ColumnType, Generated } from 'kysely';

// Questions, papers and their versions, instructions.
// Times are ISO-8601 UTC text, flags 0/1 (db/types.ts).

export interface QuestionsTable {
  id: Generated<number>;
  type: number;
  content: string;
  /** JSON [{ key, content, correct }]. */
  options: string;
  answer: string;
  /** JSON string[][]. */
  blanks: string;
  link_url: string;
  analysis: string;
  /** Hundredths of a point. */
  score: number;
  difficulty: number;
  subject_id: number;
  level: number;
  course_id: number;
  point_id: number | null;
  /** JSON string[]. */
  tags: string;
  search_text: string;
  audit_status: number;
  audit_reason: string;
  retired: number;
  author_id: number;
  reviewer_id: number | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
  /** Where an imported question came from: 'moodleXml' | 'gift' | 'qti'; null for the others. */
  external_source: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its identifier there (unique per source): Moodle's idnumber, a GIFT title or a hash. */
  external_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PapersTable {
  id: Generated<number>;
  name: string;
  subject_id: number;
  level: number;
  description: string;
  /** Hundredths of a point. */
  pass_score: number;
  duration_minutes: number;
  /** manual | rules | blueprint */
  mode: string;
  draw_per_candidate: number;
  /** JSON { types: [{ type, count, score }] }, or null. */
  blueprint: string | null;
  /** Group audit: null draft, 0 under review, 1 passed, 2 failed. */
  audit_status: number | null;
  audit_reason: string;
  author_id: number;
  reviewer_id: number | null;
  reviewed_at: string | null;
  /** The last draw's seed ('' before any draw). */
  seed: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface PaperSectionsTable {
  id: Generated<number>;
  paper_id: number;
  sort: number;
  title: string;
  description: string;
  /** One score for every question of the section (hundredths), or null. */
  score: number | null;
  /** JSON draw rules. */
  rules: string;
}

export interface PaperQuestionsTable {
  paper_id: number;
  section_id: number;
  question_id: number;
  sort: number;
  /** Hundredths of a point. */
  score: number;
}

export interface PaperVersionsTable {
  id: Generated<number>;
  paper_id: number;
  version: number;
  /** JSON PaperSnapshot. */
  snapshot: string;
  total_score: number;
  question_count: number;
  sha256: string;
  created_by: number;
  created_at: string;
}

export interface InstructionsTable {
  id: Generated<number>;
  title: string;
  body: string;
  all_subjects: number;
  min_read_seconds: number;
  enabled: number;
  author_id: number;
  created_at: string;
  updated_at: string;
}

export interface InstructionSubjectsTable {
  instruction_id: number;
  subject_id: number;
}
