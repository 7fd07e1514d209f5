import type { Generated } from 'kysely';

// Schools, departments, subjects, classes, knowledge points, students and uploads.
// Times are ISO-8601 UTC text, flags 0/1 (db/types.ts).

export interface SchoolsTable {
  id: Generated<number>;
  name: string;
  code: string;
  organiser: string;
  contact: string;
  description: string;
  status: number;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface DepartmentsTable {
  id: Generated<number>;
  school_id: number;
  name: string;
  code: string;
  description: string;
  status: number;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface SubjectsTable {
  id: Generated<number>;
  department_id: number;
  name: string;
  code: string;
  /** Comma-separated levels 5..1, e.g. "5,4,3". */
  levels: string;
  description: string;
  status: number;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface ClassesTable {
  id: Generated<number>;
  subject_id: number;
  level: number;
  name: string;
  code: string;
  registration_start: string | null;
  registration_end: string | null;
  exam_start: string | null;
  exam_end: string | null;
  capacity: number;
  status: number;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface ClassTeachersTable {
  class_id: number;
  user_id: number;
}

export interface KnowledgeTable {
  id: Generated<number>;
  subject_id: number;
  level: number;
  /** 'cn' course, 'kn' appraisal point. */
  type: string;
  parent_id: number | null;
  code: string;
  name: string;
  importance: string | null;
  /** Hundredths of a percent. */
  weight: number;
  description: string;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface StudentsTable {
  id: Generated<number>;
  user_id: number;
  class_id: number;
  name: string;
  gender: number;
  id_type: number;
  id_number: string;
  phone: string;
  email: string;
  ticket_number: string;
  photo: string;
  status: number;
  /** The first password as given (STUDENT_INITIAL_PASSWORD); printed while still in use. */
  initial_password: string | null;
  created_at: string;
  updated_at: string;
}

export interface UploadsTable {
  id: Generated<number>;
  owner_id: number;
  kind: string;
  original_name: string;
  stored_name: string;
  stored_path: string;
  mime: string;
  size: number;
  sha256: string;
  created_at: string;
}
