import type { Db } from '../../db/database.js';

/**
 * What an exam reads of the candidate notices (instructions) it names: the checks, the title it
 * shows and the publish form's choices. The notices themselves are written by paper/instruction.
 */
export class ExamNoticeRepository {
  constructor(private readonly db: Db) {}

  find(id: number) {
    return this.db
      .selectFrom('instructions')
      .select(['id', 'title', 'enabled', 'all_subjects'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Whether a notice limited to some job types names `subjectId`. */
  async namesSubject(id: number, subjectId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('instruction_subjects')
      .select('subject_id')
      .where('instruction_id', '=', id)
      .where('subject_id', '=', subjectId)
      .executeTakeFirst();
    return row !== undefined;
  }

  title(id: number) {
    return this.db
      .selectFrom('instructions')
      .select('title')
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Enabled notices, newest first. */
  enabled() {
    return this.db
      .selectFrom('instructions')
      .select(['id', 'title', 'all_subjects'])
      .where('enabled', '=', 1)
      .orderBy('id', 'desc')
      .execute();
  }

  /** Every notice's job types (for notices not for all). */
  subjectLinks() {
    return this.db
      .selectFrom('instruction_subjects')
      .select(['instruction_id', 'subject_id'])
      .execute();
  }
}
