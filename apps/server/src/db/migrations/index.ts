import type { Migration } from 'kysely';
import * as m0001 from './0001_users_roles_sessions.js';
import * as m0002 from './0002_exam_structure_and_base_data.js';
import * as m0003 from './0003_uploads.js';
import * as m0004 from './0004_question_bank.js';
import * as m0005 from './0005_papers.js';
import * as m0006 from './0006_initial_passwords_and_signin_limits.js';
import * as m0007 from './0007_paper_versions_and_notices.js';
import * as m0008 from './0008_exams_and_candidates.js';
import * as m0009 from './0009_attempts.js';
import * as m0010 from './0010_marking.js';
import * as m0011 from './0011_marking_indexes.js';
import * as m0012 from './0012_certificates.js';
import * as m0013 from './0013_id_number_masks.js';
import * as m0014 from './0014_attempt_guards.js';
import * as m0015 from './0015_leaves_and_receipt_keys.js';
import * as m0016 from './0016_import_jobs.js';
import * as m0017 from './0017_skills_certification.js';
import * as m0018 from './0018_venues_rooms.js';
import * as m0019 from './0019_attempt_pauses.js';
import * as m0020 from './0020_proctor_indexes.js';
import * as m0021 from './0021_accommodations.js';
import * as m0023 from './0023_invigilation.js';
import * as m0024 from './0024_irregularities.js';
import * as m0025 from './0025_rest_breaks.js';
import * as m0026 from './0026_exam_sessions.js';
import * as m0027 from './0027_room_sessions.js';
import * as m0028 from './0028_item_analysis_figures.js';
import * as m0030 from './0030_standing_pauses.js';
import * as m0031 from './0031_question_external_ids.js';

/** Every migration, in order. Listed by hand so the bundled server carries them. */
export const migrations: Record<string, Migration> = {
  '0001_users_roles_sessions': m0001,
  '0002_exam_structure_and_base_data': m0002,
  '0003_uploads': m0003,
  '0004_question_bank': m0004,
  '0005_papers': m0005,
  '0006_initial_passwords_and_signin_limits': m0006,
  '0007_paper_versions_and_notices': m0007,
  '0008_exams_and_candidates': m0008,
  '0009_attempts': m0009,
  '0010_marking': m0010,
  '0011_marking_indexes': m0011,
  '0012_certificates': m0012,
  '0013_id_number_masks': m0013,
  '0014_attempt_guards': m0014,
  '0015_leaves_and_receipt_keys': m0015,
  '0016_import_jobs': m0016,
  '0017_skills_certification': m0017,
  '0018_venues_rooms': m0018,
  '0019_attempt_pauses': m0019,
  '0020_proctor_indexes': m0020,
  '0021_accommodations': m0021,
  '0023_invigilation': m0023,
  '0024_irregularities': m0024,
  '0025_rest_breaks': m0025,
  '0026_exam_sessions': m0026,
  '0027_room_sessions': m0027,
  '0028_item_analysis_figures': m0028,
  '0030_standing_pauses': m0030,
  '0031_question_external_ids': m0031,
};
