// The one seeding library of the benchmarks: sign in, the exam structure (project, category,
// job type, courses, appraisal points, batches) through the API, a paper and students written
// straight into the server's database (sign-in and authoring are not what the data-heavy benches
// measure), exams published through the API, and markers. Each bench makes its data with these.
import { createHash, randomBytes } from 'node:crypto';
import { clientPasswordHash } from './client-hash.mjs';
import { apiCaller, signIn } from './lib.mjs';

const sha256Hex = (value) => createHash('sha256').update(value).digest('hex');
const EXAM = '/api/kaoshi-exam/exam';
const USER = '/api/kaoshi-user';
const KNOWLEDGE = '/api/kaoshi-base/knowledge/addKnowledge';

/** An ISO time `minutes` from now (negative: in the past). */
export const inMinutes = (minutes) => new Date(Date.now() + minutes * 60_000).toISOString();

/** The admin signed in on the server at `url`: the raw caller, the token and a caller as admin. */
export async function signInAdmin(url, password) {
  const api = apiCaller(url);
  const token = await signIn(api, 'admin', password, 1);
  const call = (p, options) => api(p, { ...options, token });
  return { api, token, call };
}

/** A course (level 5) of the job type `subjectId`, through the API. */
export const addCourse = (call, { subjectId, code, name }) =>
  call(KNOWLEDGE, { method: 'POST', body: { type: 'cn', subjectId, level: 5, code, name } });

/** An appraisal point (level 5) under the course `parentId`, through the API. */
export const addPoint = (call, { subjectId, parentId, code, name, importance, weight }) =>
  call(KNOWLEDGE, {
    method: 'POST',
    body: { type: 'kn', subjectId, level: 5, parentId, code, name, importance, weight },
  });

/** Project, category and job type BENCH-J (level 5), as an import file names them. */
export async function addJobType(call) {
  const SCHOOL = '/api/kaoshi-school';
  const school = await call(`${SCHOOL}/school/addSchool`, {
    method: 'POST',
    body: { name: 'Bench project', code: 'BENCH-P' },
  });
  const department = await call(`${SCHOOL}/department/addDepartment`, {
    method: 'POST',
    body: { schoolId: school.id, name: 'Bench category', code: 'BENCH-D' },
  });
  return call(`${SCHOOL}/subject/addSubject`, {
    method: 'POST',
    body: { departmentId: department.id, name: 'Bench job type', code: 'BENCH-J', levels: '5' },
  });
}

/** The job type (addJobType), a course and `batches` batches of it, through the API. */
export async function addCourseAndBatches(call, { prefix, batches = 1 }) {
  const subject = await addJobType(call);
  const course = await addCourse(call, {
    subjectId: subject.id,
    code: `${prefix}-1`,
    name: 'Course 1',
  });
  const classIds = [];
  for (let b = 1; b <= batches; b++) {
    const batch = await call('/api/kaoshi-school/classes/addClasses', {
      method: 'POST',
      body: {
        subjectId: subject.id,
        level: 5,
        name: `Bench batch ${b}`,
        code: `${prefix}-B${b}`,
      },
    });
    classIds.push(batch.id);
  }
  return { subject, course, classIds };
}

/**
 * A passed manual paper of one section at level 5 of the course's job type, its questions
 * written to the bank first: each `{ type, content, score (hundredths), answer, options? }`
 * (options as the bank stores them: `[{ key, content, correct }]`). Answers its id and the
 * questions' ids.
 */
export async function writePaper(
  db,
  { subjectId, courseId, name, passScore, sectionTitle, questions },
) {
  const at = new Date().toISOString();
  const questionIds = await db.insert(
    'questions',
    [
      'type',
      'content',
      'options',
      'answer',
      'blanks',
      'link_url',
      'analysis',
      'score',
      'difficulty',
      'subject_id',
      'level',
      'course_id',
      'point_id',
      'tags',
      'search_text',
      'audit_status',
      'audit_reason',
      'retired',
      'author_id',
      'created_at',
      'updated_at',
    ],
    questions.map((q) => [
      q.type,
      q.content,
      JSON.stringify(q.options ?? []),
      q.answer,
      '[]',
      '',
      q.analysis ?? '',
      q.score,
      3,
      subjectId,
      5,
      courseId,
      null,
      '[]',
      '',
      2,
      '',
      0,
      1,
      at,
      at,
    ]),
  );
  const [paperId] = await db.insert(
    'papers',
    [
      'name',
      'subject_id',
      'level',
      'description',
      'pass_score',
      'duration_minutes',
      'mode',
      'draw_per_candidate',
      'blueprint',
      'audit_status',
      'audit_reason',
      'author_id',
      'created_at',
      'updated_at',
    ],
    [[name, subjectId, 5, '', passScore, 90, 'manual', 0, null, 1, '', 1, at, at]],
  );
  const [sectionId] = await db.insert(
    'paper_sections',
    ['paper_id', 'sort', 'title', 'description', 'score', 'rules'],
    [[paperId, 0, sectionTitle, '', null, '[]']],
  );
  await db.insert(
    'paper_questions',
    ['paper_id', 'section_id', 'question_id', 'sort', 'score'],
    questionIds.map((questionId, sort) => [
      paperId,
      sectionId,
      questionId,
      sort,
      questions[sort].score,
    ]),
    { returning: false },
  );
  return { paperId, questionIds };
}

/** The server's default session lifetime (SESSION_TTL_HOURS): no session is extended mid-run. */
const SESSION_TTL_MS = 12 * 3600_000;

/**
 * User accounts named `names` (name and nickname alike) of `userType` (2 staff, 3 student);
 * `passwordHashOf(i)` is the stored hash ('x': nobody can sign in). Answers their ids.
 */
export async function writeUsers(
  db,
  { names, userType, passwordHashOf = () => 'x', passwordIsDefault = 0 },
) {
  const at = new Date().toISOString();
  return db.insert(
    'users',
    [
      'name',
      'nick_name',
      'password_hash',
      'password_is_default',
      'user_type',
      'email',
      'introduction',
      'avatar',
      'end_date',
      'remote_login',
      'resource_url',
      'socket_open',
      'status',
      'created_at',
      'updated_at',
    ],
    names.map((name, i) => [
      name,
      name,
      passwordHashOf(i),
      passwordIsDefault,
      userType,
      '',
      '',
      '',
      null,
      0,
      '',
      0,
      1,
      at,
      at,
    ]),
  );
}

/**
 * The built-in role `roleKey` and a session for each user (not signed in: argon2 costs seconds
 * of CPU per hundred). Answers the session tokens in the users' order.
 */
export async function giveRoleAndSessions(db, userIds, roleKey) {
  const at = new Date().toISOString();
  const [role] = await db.query(`select id from roles where key = ?`, [roleKey]);
  await db.insert(
    'user_roles',
    ['user_id', 'role_id'],
    userIds.map((userId) => [userId, role.id]),
    { returning: false },
  );
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  const expires = new Date(Date.now() + SESSION_TTL_MS).toISOString();
  await db.insert(
    'sessions',
    ['id', 'user_id', 'expires_at', 'created_at', 'ip', 'user_agent'],
    tokens.map((t, i) => [sha256Hex(t), userIds[i], expires, at, '127.0.0.1', 'bench']),
    { returning: false },
  );
  return tokens;
}

/** A paper of `count` true-or-false questions of 2 points each ("T" right), passing at 60. */
export const writeTrueFalsePaper = (db, { subjectId, courseId, name, count = 50 }) =>
  writePaper(db, {
    subjectId,
    courseId,
    name,
    passScore: 6000,
    sectionTitle: 'True or false',
    questions: Array.from({ length: count }, (_, i) => ({
      type: 2,
      content: `<p>Question ${i}</p>`,
      answer: 'T',
      score: 200,
    })),
  });

/**
 * Students with their accounts, one per ticket, spread over the batches in turn: named
 * `${namePrefix} ${i + 1}`, ID numbers `${idPrefix}` and nine digits. `passwordHashOf(i)` is the
 * stored hash ('x': nobody can sign in). With `sessions`, each also gets the STUDENT role and a
 * session (not signed in: argon2 costs seconds of CPU per hundred); answers the user ids and
 * the session tokens.
 */
export async function writeStudents(
  db,
  {
    tickets,
    classIds,
    namePrefix,
    idPrefix,
    passwordHashOf = () => 'x',
    passwordIsDefault = 1,
    sessions = false,
  },
) {
  const at = new Date().toISOString();
  const userIds = await writeUsers(db, {
    names: tickets,
    userType: 3,
    passwordHashOf,
    passwordIsDefault,
  });
  await db.insert(
    'students',
    [
      'user_id',
      'class_id',
      'name',
      'gender',
      'id_type',
      'id_number',
      'phone',
      'email',
      'ticket_number',
      'photo',
      'status',
      'initial_password',
      'created_at',
      'updated_at',
    ],
    tickets.map((ticket, i) => [
      userIds[i],
      classIds[i % classIds.length],
      `${namePrefix} ${i + 1}`,
      1,
      2,
      `${idPrefix}${String(i).padStart(9, '0')}`,
      '',
      '',
      ticket,
      '',
      1,
      null,
      at,
      at,
    ]),
    { returning: false },
  );
  if (!sessions) return { userIds, tokens: [] };
  const tokens = await giveRoleAndSessions(db, userIds, 'STUDENT');
  return { userIds, tokens };
}

/**
 * An exam of the paper for the batches, added and published through the API (the window an hour
 * from now, as publishing wants it in the future); throws unless `candidates` were enrolled.
 * Answers the exam and the publish answer, and the seconds publishing took.
 */
export async function publishExam(call, { name, paperId, classIds, candidates }) {
  const exam = await call(`${EXAM}/addExam`, {
    method: 'POST',
    body: {
      name,
      paperId,
      instructionId: null,
      classIds,
      startAt: inMinutes(60),
      endAt: inMinutes(300),
      durationMinutes: 90,
    },
  });
  const begin = performance.now();
  const published = await call(`${EXAM}/publishExam/${exam.id}`, { method: 'POST' });
  const publishSeconds = (performance.now() - begin) / 1000;
  if (published.candidateCount !== candidates) {
    throw new Error(`expected ${candidates} candidates, got ${published.candidateCount}`);
  }
  return { exam, published, publishSeconds };
}

/**
 * `n` markers (back-office users marker001…) holding a role with the MARKINGPAPERS permission,
 * made through the API and each signed in: `{ id, name, token }`.
 */
export async function addMarkers(call, api, { n, password }) {
  const tree = await call(`${USER}/permission/listPermissionTree`);
  const flatten = (nodes) => nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
  const permission = flatten(tree).find((node) => node.key === 'MARKINGPAPERS');
  const { roleId } = await call(`${USER}/role/addRole`, {
    method: 'POST',
    body: { name: 'Bench markers', key: 'BENCH_MARKER' },
  });
  await call(`${USER}/role/bindRoleWithPermission`, {
    method: 'POST',
    body: { roleId, permissionIds: [permission.id] },
  });
  const markers = [];
  for (let m = 1; m <= n; m++) {
    const name = `marker${String(m).padStart(3, '0')}`;
    const { id } = await call(`${USER}/user/addUser`, {
      method: 'POST',
      body: { name, nickName: `Marker ${m}`, userType: 2, password: clientPasswordHash(password) },
    });
    await call(`${USER}/user/bindUserWithRole`, {
      method: 'POST',
      body: { userId: id, roleIds: [roleId] },
    });
    markers.push({ id, name });
  }
  await Promise.all(
    markers.map(async (marker) => {
      marker.token = await signIn(api, marker.name, password, 2);
    }),
  );
  return markers;
}
