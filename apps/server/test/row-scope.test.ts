import { TOKEN_COOKIE } from '@kaoshi/shared';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccessEntry } from '../src/plugins/access.js';
import { residentId } from '../src/modules/base/test-data.js';
import { useTestApp } from './build-app.js';
import { buildRowScopeFixture, type RowScopeFixture, type Side } from './row-scope-fixture.js';

/**
 * The row-scope matrix (DESIGN rule 13), beside the permission matrix (access.test.ts): every
 * route that takes an exam, paper, attempt, answer, batch, student, certificate or skills id, called by
 * a user scoped to batch A who holds every key, with batch B's ids, is refused (403 or 404).
 *
 * The walk reads each route's schema. A route whose inputs carry an id field the walk does not
 * know (neither one of batch B's entities nor one that has no batch), or a scoped route whose
 * other inputs it cannot fill (CALLS), fails the test: a new route cannot slip by.
 */

type Entity =
  | 'exam'
  | 'paper'
  | 'attempt'
  | 'answer'
  | 'batch'
  | 'student'
  | 'certificate'
  | 'skillAssessment'
  | 'skillCandidate'
  | 'skillScoring';

/** Fields that name a scoped row wherever they appear. */
const SCOPED_FIELDS: Record<string, Entity> = {
  examId: 'exam',
  paperId: 'paper',
  attemptId: 'attempt',
  answerId: 'answer',
  classId: 'batch',
  classIds: 'batch',
  studentId: 'student',
  studentIds: 'student',
  // Skills assessments: examiners, chief examiner and checker reach them by assignment only.
  assessmentId: 'skillAssessment',
  candidateId: 'skillCandidate',
  scoringId: 'skillScoring',
};

/** Id fields of rows that belong to no batch (structure, bank, users, roles, notices). */
const UNSCOPED_FIELDS = new Set([
  'userId',
  'userIds',
  'roleId',
  'roleIds',
  'permissionIds',
  'parentId',
  'schoolId',
  'departmentId',
  'subjectId',
  'subjectIds',
  'courseId',
  'pointId',
  'questionId',
  'questionIds',
  'instructionId',
  'itemId',
  // Scoring sheets and certification schemes belong to a job type, not a batch; users.
  'sheetId',
  'schemeId',
  'chiefId',
  'checkerId',
  // Venues and rooms belong to no batch (a seat plan is reached through its exam).
  'venueId',
  'roomId',
  'roomIds',
  // An exam's session: checked to be of the exam the call names (examId).
  'sessionId',
]);

/** What `id` / `ids` (a path parameter or a body field) names, per route. */
const ID_MEANS: Record<string, Entity | 'unscoped'> = {};
const idRoutes = (entity: Entity | 'unscoped', routes: string[]) => {
  for (const route of routes) ID_MEANS[route] = entity;
};
// An irregularity is reversed through its exam with every batch of it (examRoomsScope 'manage':
// irregularity.test.ts refuses an invigilator and a publisher without the batches).
idRoutes('unscoped', ['POST /api/kaoshi-exam/irregularity/reverseIrregularity']);
// An import job is its starter's alone, whatever the batch (404 to anyone else:
// student-import-job.test.ts and the question import's job tests).
idRoutes('unscoped', [
  'GET /api/kaoshi-base/student/importJob/:id',
  'GET /api/kaoshi-question/question/importJob/:id',
]);
// A photo of the work piece is its examiner's alone, on their own sheet (404 to anyone else:
// scoring-photo.test.ts); listSheetPhotos is walked by its candidateId.
idRoutes('unscoped', ['DELETE /api/kaoshi-skills/scoring/deleteSheetPhoto/:id']);
idRoutes('unscoped', [
  'GET /api/kaoshi-user/user/queryUserDetailByUserId/:id',
  'PUT /api/kaoshi-user/user/updateUser',
  'DELETE /api/kaoshi-user/user/deleteUser/:id',
  'GET /api/kaoshi-user/user/reSetPass/:id',
  'GET /api/kaoshi-user/role/getRoleById/:id',
  'DELETE /api/kaoshi-user/role/deleteRole/:id',
  'GET /api/kaoshi-user/role/listRoleRefPermission/:id',
  'PUT /api/kaoshi-user/permission/updatePermission',
  'DELETE /api/kaoshi-user/permission/deletePermission/:id',
  'GET /api/kaoshi-school/school/getSchoolById/:id',
  'PUT /api/kaoshi-school/school/updateSchool',
  'DELETE /api/kaoshi-school/school/deleteSchool/:id',
  'GET /api/kaoshi-school/department/getDepartmentById/:id',
  'PUT /api/kaoshi-school/department/updateDepartment',
  'DELETE /api/kaoshi-school/department/deleteDepartment/:id',
  'GET /api/kaoshi-school/subject/getSubjectById/:id',
  'PUT /api/kaoshi-school/subject/updateSubject',
  'DELETE /api/kaoshi-school/subject/deleteSubject/:id',
  'GET /api/kaoshi-base/knowledge/getKnowledgeById/:id',
  'PUT /api/kaoshi-base/knowledge/updateKnowledge',
  'DELETE /api/kaoshi-base/knowledge/deleteKnowledge/:id',
  'GET /api/kaoshi-question/question/getQuestion/:id',
  'PUT /api/kaoshi-question/question/updateQuestion',
  'DELETE /api/kaoshi-question/question/deleteQuestion/:id',
  'POST /api/kaoshi-question/question/batchQuestion',
  'GET /api/kaoshi-paper/instruction/getInstruction/:id',
  'PUT /api/kaoshi-paper/instruction/updateInstruction',
  'DELETE /api/kaoshi-paper/instruction/deleteInstruction/:id',
  // Scoring sheets belong to a job type, not to a batch.
  'GET /api/kaoshi-skills/sheet/getSheetById/:id',
  'PUT /api/kaoshi-skills/sheet/updateSheet',
  'DELETE /api/kaoshi-skills/sheet/deleteSheet/:id',
  'POST /api/kaoshi-skills/sheet/copySheet/:id',
  'POST /api/kaoshi-skills/sheet/freezeSheet/:id',
  'GET /api/kaoshi-skills/sheet/listSheetVersions/:id',
  'GET /api/kaoshi-skills/sheet/exportSheet/:id',
  'GET /api/kaoshi-certification/scheme/getSchemeById/:id',
  'PUT /api/kaoshi-certification/scheme/updateScheme',
  'DELETE /api/kaoshi-certification/scheme/deleteScheme/:id',
  'PUT /api/kaoshi-exam/venue/updateVenue',
  'DELETE /api/kaoshi-exam/venue/deleteVenue/:id',
  'PUT /api/kaoshi-exam/venue/updateRoom',
  'DELETE /api/kaoshi-exam/venue/deleteRoom/:id',
]);
idRoutes('batch', [
  'GET /api/kaoshi-school/classes/getClassesById/:id',
  'PUT /api/kaoshi-school/classes/updateClasses',
  'DELETE /api/kaoshi-school/classes/deleteClasses/:id',
  'GET /api/kaoshi-school/classes/listClassTeachers/:id',
]);
idRoutes('student', [
  'GET /api/kaoshi-base/student/getStudentById/:id',
  'PUT /api/kaoshi-base/student/updateStudent',
  'DELETE /api/kaoshi-base/student/deleteStudent/:id',
  'POST /api/kaoshi-base/student/batchMoveStudents',
  'POST /api/kaoshi-base/student/batchResetStudentPassword',
  'POST /api/kaoshi-base/student/batchSetStudentStatus',
]);
idRoutes('paper', [
  'GET /api/kaoshi-paper/paper/getPaper/:id',
  'PUT /api/kaoshi-paper/paper/updatePaper',
  'DELETE /api/kaoshi-paper/paper/deletePaper/:id',
  'POST /api/kaoshi-paper/paper/copyPaper/:id',
  'GET /api/kaoshi-paper/paper/previewPaper/:id',
  'GET /api/kaoshi-paper/paper/printPaper/:id',
  'GET /api/kaoshi-paper/paper/exportPaper/:id',
  'POST /api/kaoshi-paper/paper/submitPaper/:id',
  'POST /api/kaoshi-paper/paper/auditPaper',
]);
idRoutes('exam', [
  'GET /api/kaoshi-exam/exam/getExam/:id',
  'PUT /api/kaoshi-exam/exam/updateExam',
  'GET /api/kaoshi-exam/exam/checkExam/:id',
  'POST /api/kaoshi-exam/exam/publishExam/:id',
  'POST /api/kaoshi-exam/exam/unpublishExam/:id',
  'DELETE /api/kaoshi-exam/exam/deleteExam/:id',
  'GET /api/kaoshi-exam/exam/listExamChange/:id',
  'GET /api/kaoshi-marking/marking/getMarkingProgress/:id',
  'GET /api/kaoshi-marking/marking/getRelease/:id',
  'POST /api/kaoshi-marking/marking/releaseScores/:id',
  'POST /api/kaoshi-marking/marking/withdrawScores/:id',
  'GET /api/kaoshi-marking/marking/listKeyItems/:id',
]);
idRoutes('attempt', [
  'GET /api/kaoshi-attempt/attempt/getAttempt/:id',
  'POST /api/kaoshi-attempt/attempt/submitAttempt/:id',
  'GET /api/kaoshi-attempt/attempt/getResult/:id',
]);
idRoutes('skillAssessment', [
  'GET /api/kaoshi-skills/assessment/getAssessmentById/:id',
  'PUT /api/kaoshi-skills/assessment/updateAssessment',
  'DELETE /api/kaoshi-skills/assessment/deleteAssessment/:id',
  'POST /api/kaoshi-skills/assessment/publishAssessment/:id',
  'POST /api/kaoshi-skills/assessment/closeAssessment/:id',
]);
idRoutes('certificate', [
  'GET /api/kaoshi-analysis/certificate/getCertificatePdf/:id',
  'POST /api/kaoshi-analysis/certificate/revokeCertificate',
]);

const ID_LIKE = /^(id|ids)$|Ids?$/;

/** The top-level field names of a zod schema (objects, unions of objects, pipes, wrappers). */
function fieldsOf(schema: unknown): string[] | null {
  if (!schema) return [];
  const node = schema as {
    shape?: Record<string, unknown>;
    def?: { type?: string; options?: unknown[]; in?: unknown; innerType?: unknown };
  };
  if (node.shape) return Object.keys(node.shape);
  const def = node.def;
  if (def?.type === 'union' && def.options) {
    const parts = def.options.map(fieldsOf);
    return parts.some((part) => part === null) ? null : [...new Set(parts.flat() as string[])];
  }
  if (def?.type === 'pipe') return fieldsOf(def.in);
  if (def?.innerType) return fieldsOf(def.innerType);
  return null;
}

/** A skills assessment of batch B, valid as far as the input's own rules go. */
const skillAssessmentBody = (b: Side) => ({
  name: 'Taken',
  sheetId: b.skillSheetId,
  classIds: [b.classId],
  chiefId: 1,
  checkerId: 1,
  sessions: [
    {
      startsAt: '2030-06-01T01:00:00.000Z',
      endsAt: '2030-06-01T02:00:00.000Z',
      place: 'Workshop',
      stations: 1,
      examiners: [{ station: 1, userIds: [1, 2] }],
    },
  ],
});

/** The query and body of a scoped call, valid but for batch B's ids. */
type Call = (b: Side) => { query?: Record<string, string>; body?: unknown };
const CALLS: Record<string, Call> = {
  'POST /api/kaoshi-skills/scoring/setPresence': (b) => ({
    body: { candidateId: b.skillCandidateId, presence: 'checked' },
  }),
  'POST /api/kaoshi-skills/scoring/saveItemScores': (b) => ({
    body: {
      candidateId: b.skillCandidateId,
      scores: [{ itemId: 101, points: 1, vetoHit: false, note: '', seq: 1 }],
    },
  }),
  'POST /api/kaoshi-skills/scoring/startTimer': (b) => ({
    body: { candidateId: b.skillCandidateId },
  }),
  'POST /api/kaoshi-skills/scoring/stopTimer': (b) => ({
    body: { candidateId: b.skillCandidateId },
  }),
  'POST /api/kaoshi-skills/check/reopenSheet': (b) => ({
    body: { scoringId: b.skillScoringId, reason: 'Planted' },
  }),
  'GET /api/kaoshi-skills/check/getSheetPdf': (b) => ({
    query: { assessmentId: String(b.skillAssessmentId), candidateId: String(b.skillCandidateId) },
  }),
  'POST /api/kaoshi-skills/check/decide': (b) => ({
    body: { candidateId: b.skillCandidateId, score: 1, veto: false, reason: 'Planted' },
  }),
  'GET /api/kaoshi-school/classes/listClasses': () => ({}),
  'PUT /api/kaoshi-school/classes/updateClasses': (b) => ({
    body: { id: b.classId, subjectId: 1, level: 5, name: 'Taken', code: 'TAKEN-1' },
  }),
  'POST /api/kaoshi-school/classes/bindClassTeachers': (b) => ({
    body: { classId: b.classId, userIds: [] },
  }),
  'GET /api/kaoshi-school/classes/listClassesForSelect': () => ({}),
  'GET /api/kaoshi-base/student/listStudent': (b) => ({ query: { classId: String(b.classId) } }),
  'POST /api/kaoshi-base/student/addStudent': (b) => ({
    body: {
      name: 'Planted',
      gender: 1,
      idType: 1,
      idNumber: residentId(990_001),
      classId: b.classId,
    },
  }),
  'PUT /api/kaoshi-base/student/updateStudent': (b) => ({
    body: {
      id: b.studentIds[0],
      name: 'Renamed',
      gender: 1,
      idType: 1,
      idNumber: residentId(990_001),
      classId: b.classId,
    },
  }),
  'POST /api/kaoshi-base/student/batchMoveStudents': (b) => ({
    body: { ids: b.studentIds, classId: b.classId },
  }),
  'POST /api/kaoshi-base/student/batchResetStudentPassword': (b) => ({
    body: { ids: b.studentIds },
  }),
  'POST /api/kaoshi-base/student/batchSetStudentStatus': (b) => ({
    body: { ids: b.studentIds, status: 0 },
  }),
  'GET /api/kaoshi-base/student/export': (b) => ({ query: { classId: String(b.classId) } }),
  'GET /api/kaoshi-accommodation/accommodation/getStudentAccommodation': (b) => ({
    query: { studentId: String(b.studentIds[0]) },
  }),
  'PUT /api/kaoshi-accommodation/accommodation/setStudentAccommodation': (b) => ({
    body: { studentId: b.studentIds[0], largeFont: true },
  }),
  'GET /api/kaoshi-accommodation/accommodation/getClassAccommodation': (b) => ({
    query: { classId: String(b.classId) },
  }),
  'PUT /api/kaoshi-accommodation/accommodation/setClassAccommodation': (b) => ({
    body: { classId: b.classId, extraMinutes: 10 },
  }),
  'GET /api/kaoshi-accommodation/accommodation/listExamAccommodations': (b) => ({
    query: { examId: String(b.openExamId) },
  }),
  'PUT /api/kaoshi-paper/paper/updatePaper': (b) => ({
    body: {
      id: b.paperId,
      name: 'Taken',
      subjectId: 1,
      level: 5,
      passScore: 1,
      durationMinutes: 30,
      mode: 'manual',
      sections: [{ title: 'Part one' }],
    },
  }),
  'GET /api/kaoshi-paper/paper/printPaper/:id': () => ({ query: { answers: '1' } }),
  'GET /api/kaoshi-paper/paper/exportPaper/:id': () => ({ query: { answers: '1' } }),
  'POST /api/kaoshi-paper/paper/auditPaper': (b) => ({
    body: { id: b.paperId, result: 2, reason: 'no' },
  }),
  'GET /api/kaoshi-exam/exam/listExam': (b) => ({ query: { classId: String(b.classId) } }),
  'POST /api/kaoshi-exam/exam/addExam': (b) => ({
    body: {
      name: 'Planted',
      paperId: b.paperId,
      instructionId: null,
      classIds: [b.classId],
      startAt: new Date(Date.now() + 50 * 3_600_000).toISOString(),
      endAt: new Date(Date.now() + 52 * 3_600_000).toISOString(),
      durationMinutes: 30,
    },
  }),
  'PUT /api/kaoshi-exam/exam/updateExam': (b) => ({
    body: {
      id: b.openExamId,
      name: 'Taken',
      paperId: b.paperId,
      instructionId: null,
      classIds: [b.classId],
      startAt: new Date(Date.now() + 50 * 3_600_000).toISOString(),
      endAt: new Date(Date.now() + 52 * 3_600_000).toISOString(),
      durationMinutes: 30,
    },
  }),
  'GET /api/kaoshi-exam/venue/getSeatPlan': (b) => ({ query: { examId: String(b.openExamId) } }),
  'GET /api/kaoshi-exam/venue/exportSeatPlan': (b) => ({ query: { examId: String(b.openExamId) } }),
  // The exam is checked before the upload is read: a JSON body is refused on the exam first.
  'POST /api/kaoshi-exam/venue/previewSeatPlanImport': (b) => ({
    query: { examId: String(b.openExamId) },
  }),
  'POST /api/kaoshi-exam/venue/importSeatPlan': (b) => ({
    query: { examId: String(b.openExamId) },
  }),
  'POST /api/kaoshi-exam/venue/planSeats': (b) => ({
    body: { examId: b.openExamId, roomIds: [1] },
  }),
  'PUT /api/kaoshi-exam/venue/moveCandidate': (b) => ({
    body: { examId: b.openExamId, studentId: b.studentIds[0], roomId: 1, seat: 1 },
  }),
  'PUT /api/kaoshi-exam/venue/setRoomInvigilators': (b) => ({
    body: { examId: b.openExamId, roomId: 1, userIds: [] },
  }),
  'GET /api/kaoshi-exam/venue/listSession': (b) => ({ query: { examId: String(b.openExamId) } }),
  'PUT /api/kaoshi-exam/venue/setSessions': (b) => ({
    body: { examId: b.openExamId, sessions: [] },
  }),
  'GET /api/kaoshi-exam/invigilation/getRoom': (b) => ({
    query: { examId: String(b.openExamId), roomId: '1' },
  }),
  'POST /api/kaoshi-exam/invigilation/checkInCandidate': (b) => ({
    body: { examId: b.openExamId, roomId: 1, studentId: b.studentIds[0], confirmed: true },
  }),
  'POST /api/kaoshi-exam/invigilation/startRoom': (b) => ({
    body: { examId: b.openExamId, roomId: 1 },
  }),
  'POST /api/kaoshi-exam/invigilation/pauseRoom': (b) => ({
    body: { examId: b.openExamId, roomId: 1, reason: 'x' },
  }),
  'POST /api/kaoshi-exam/invigilation/resumeRoom': (b) => ({
    body: { examId: b.openExamId, roomId: 1, reason: 'x' },
  }),
  'POST /api/kaoshi-exam/invigilation/pauseCandidate': (b) => ({
    body: { examId: b.openExamId, roomId: 1, studentId: b.studentIds[0], reason: 'x' },
  }),
  'POST /api/kaoshi-exam/invigilation/resumeCandidate': (b) => ({
    body: { examId: b.openExamId, roomId: 1, studentId: b.studentIds[0], reason: 'x' },
  }),
  'POST /api/kaoshi-exam/invigilation/uploadAnswerFile': (b) => ({
    body: {
      examId: b.openExamId,
      studentId: b.studentIds[0],
      fileName: 'x.kaoshi-answers',
      content: '{}',
    },
  }),
  'GET /api/kaoshi-exam/irregularity/listIrregularity': (b) => ({
    query: { examId: String(b.openExamId) },
  }),
  'POST /api/kaoshi-exam/irregularity/recordIrregularity': (b) => ({
    body: {
      examId: b.openExamId,
      category: 'candidate',
      note: 'x',
      studentIds: [b.studentIds[0]],
      action: 'warning',
    },
  }),
  'GET /api/kaoshi-exam/irregularity/getSignInSheet': (b) => ({
    query: { examId: String(b.openExamId), roomId: '1' },
  }),
  'GET /api/kaoshi-exam/irregularity/getDoorList': (b) => ({
    query: { examId: String(b.openExamId), roomId: '1' },
  }),
  'GET /api/kaoshi-exam/irregularity/getRoomRecord': (b) => ({
    query: { examId: String(b.openExamId), roomId: '1' },
  }),
  'GET /api/kaoshi-exam/irregularity/exportRoomRecord': (b) => ({
    query: { examId: String(b.openExamId), roomId: '1' },
  }),
  'GET /api/kaoshi-exam/exam/listCandidate': (b) => ({
    query: { examId: String(b.openExamId) },
  }),
  'GET /api/kaoshi-exam/exam/exportCandidate': (b) => ({
    query: { examId: String(b.openExamId) },
  }),
  'GET /api/kaoshi-exam/exam/listEligibleStudent': (b) => ({
    query: { examId: String(b.openExamId) },
  }),
  'POST /api/kaoshi-exam/exam/addCandidate': (b) => ({
    body: { examId: b.openExamId, studentIds: b.studentIds },
  }),
  'POST /api/kaoshi-exam/exam/removeCandidate': (b) => ({
    body: { examId: b.openExamId, studentIds: b.studentIds },
  }),
  'POST /api/kaoshi-exam/exam/setExtraTime': (b) => ({
    body: { examId: b.openExamId, studentId: b.studentIds[0], minutes: 5 },
  }),
  'GET /api/kaoshi-exam/exam/admissionTicket': (b) => ({
    query: { examId: String(b.openExamId), classId: String(b.classId) },
  }),
  'POST /api/kaoshi-exam/exam/addMakeUpExam': (b) => ({
    body: {
      examId: b.releasedExamId,
      paperId: b.paperId,
      who: 'failed',
      startAt: new Date(Date.now() + 50 * 3_600_000).toISOString(),
      endAt: new Date(Date.now() + 52 * 3_600_000).toISOString(),
      durationMinutes: 30,
    },
  }),
  'POST /api/kaoshi-attempt/attempt/startAttempt': (b) => ({ body: { examId: b.openExamId } }),
  'POST /api/kaoshi-attempt/attempt/openNotice': (b) => ({ body: { examId: b.openExamId } }),
  'POST /api/kaoshi-attempt/attempt/saveAnswers': (b) => ({
    body: { attemptId: b.attemptIds[0], answers: [{ itemId: b.singleItemId, seq: 9, value: 'A' }] },
  }),
  'POST /api/kaoshi-attempt/attempt/logEvent': (b) => ({
    body: { attemptId: b.attemptIds[0], type: 'paste' },
  }),
  'POST /api/kaoshi-attempt/attempt/takeBreak': (b) => ({ body: { attemptId: b.attemptIds[0] } }),
  'POST /api/kaoshi-attempt/attempt/endBreak': (b) => ({ body: { attemptId: b.attemptIds[0] } }),
  'GET /api/kaoshi-exam/proctor/candidateEvents': (b) => ({
    query: { examId: String(b.openExamId), studentId: String(b.studentIds[0]) },
  }),
  'POST /api/kaoshi-exam/proctor/checkReceipt': (b) => ({
    body: { examId: b.closedExamId, code: 'ABCD-EFGH-JKMN-PQRS' },
  }),
  'POST /api/kaoshi-exam/proctor/extraTime': (b) => ({
    body: { examId: b.openExamId, studentId: b.studentIds[0], minutes: 5, reason: 'mine' },
  }),
  'POST /api/kaoshi-exam/proctor/submitAttempt': (b) => ({
    body: { examId: b.openExamId, studentId: b.studentIds[0], reason: 'mine' },
  }),
  'POST /api/kaoshi-exam/proctor/reopenAttempt': (b) => ({
    body: { examId: b.closedExamId, studentId: b.studentIds[0], minutes: 5, reason: 'mine' },
  }),
  'POST /api/kaoshi-exam/proctor/sendMessage': (b) => ({
    body: { examId: b.openExamId, studentId: b.studentIds[0], content: 'hello' },
  }),
  'POST /api/kaoshi-exam/proctor/pauseAttempt': (b) => ({
    body: { examId: b.openExamId, studentId: b.studentIds[0], reason: 'mine' },
  }),
  'POST /api/kaoshi-exam/proctor/resumeAttempt': (b) => ({
    body: { examId: b.openExamId, studentId: b.studentIds[0], reason: 'mine' },
  }),
  'POST /api/kaoshi-exam/proctor/pauseExam': (b) => ({
    body: { examId: b.openExamId, reason: 'mine' },
  }),
  'POST /api/kaoshi-exam/proctor/resumeExam': (b) => ({
    body: { examId: b.openExamId, reason: 'mine' },
  }),
  'POST /api/kaoshi-marking/marking/setMarkingPlan': (b) => ({
    body: {
      examId: b.closedExamId,
      mode: 'question',
      double: false,
      tolerance: 0,
      step: 0.5,
      auditShare: 0,
      assignments: [{ itemId: b.markedItemId, markerIds: [1] }],
    },
  }),
  'POST /api/kaoshi-marking/marking/nextAnswer': (b) => ({
    body: { examId: b.closedExamId, itemId: b.markedItemId },
  }),
  'POST /api/kaoshi-marking/marking/scoreAnswer': (b) => ({
    body: { answerId: b.answerIds[0], score: 1, comment: '' },
  }),
  'GET /api/kaoshi-marking/marking/listArbitration': (b) => ({
    query: { examId: String(b.closedExamId) },
  }),
  'POST /api/kaoshi-marking/marking/arbitrate': (b) => ({
    body: { answerId: b.answerIds[0], score: 1, comment: '' },
  }),
  'GET /api/kaoshi-marking/marking/listScoreLog': (b) => ({
    query: { examId: String(b.closedExamId), answerId: String(b.answerIds[0]) },
  }),
  'GET /api/kaoshi-marking/marking/exportScoreLog': (b) => ({
    query: { examId: String(b.closedExamId) },
  }),
  'GET /api/kaoshi-marking/marking/getAuditSample': (b) => ({
    query: { examId: String(b.closedExamId), itemId: b.markedItemId },
  }),
  'POST /api/kaoshi-marking/marking/auditGroup': (b) => ({
    body: { examId: b.closedExamId, itemId: b.markedItemId, result: 1, reason: '' },
  }),
  'POST /api/kaoshi-marking/marking/withdrawScores/:id': () => ({ body: { reason: 'mine' } }),
  'POST /api/kaoshi-marking/marking/correctKey': (b) => ({
    body: { examId: b.readyExamId, itemId: b.singleItemId, answer: 'B', reason: 'mine' },
  }),
  'GET /api/kaoshi-analysis/analysis/classRanking': (b) => ({
    query: { examId: String(b.releasedExamId), classId: String(b.classId) },
  }),
  'GET /api/kaoshi-analysis/analysis/exportClassRanking': (b) => ({
    query: { examId: String(b.releasedExamId), classId: String(b.classId) },
  }),
  'GET /api/kaoshi-analysis/analysis/passStatistics': (b) => ({
    query: { examId: String(b.releasedExamId), classId: String(b.classId) },
  }),
  'GET /api/kaoshi-analysis/analysis/exportPassStatistics': (b) => ({
    query: { examId: String(b.releasedExamId), classId: String(b.classId) },
  }),
  'GET /api/kaoshi-analysis/analysis/supplementaryStatistics': (b) => ({
    query: { examId: String(b.releasedExamId) },
  }),
  'GET /api/kaoshi-analysis/analysis/exportSupplementaryStatistics': (b) => ({
    query: { examId: String(b.releasedExamId) },
  }),
  'GET /api/kaoshi-analysis/analysis/itemAnalysis/:examId': () => ({
    query: { includeUnreleased: 'true' },
  }),
  'GET /api/kaoshi-analysis/certificate/listCertificate': (b) => ({
    query: { examId: String(b.releasedExamId) },
  }),
  'GET /api/kaoshi-certification/result/listCertification': (b) => ({
    query: { classId: String(b.classId) },
  }),
  'GET /api/kaoshi-certification/result/exportCertification': (b) => ({
    query: { classId: String(b.classId) },
  }),
  'GET /api/kaoshi-certification/result/getCertificationAnalysis': (b) => ({
    query: { classId: String(b.classId) },
  }),
  'GET /api/kaoshi-certification/result/getExamCertificationAnalysis': (b) => ({
    query: { examId: String(b.releasedExamId), classId: String(b.classId) },
  }),
  'POST /api/kaoshi-analysis/certificate/revokeCertificate': (b) => ({
    body: { id: b.certificateIds[0], reason: 'mine' },
  }),
  'POST /api/kaoshi-skills/assessment/addAssessment': (b) => ({
    body: skillAssessmentBody(b),
  }),
  'GET /api/kaoshi-skills/analysis/getAssessmentAnalysis': (b) => ({
    query: { assessmentId: String(b.skillAssessmentId) },
  }),
  'PUT /api/kaoshi-skills/assessment/updateAssessment': (b) => ({
    body: { id: b.skillAssessmentId, ...skillAssessmentBody(b) },
  }),
};

/** Batch B's row of each entity, for a path parameter. */
function idOf(b: Side, entity: Entity): number {
  return {
    exam: b.releasedExamId,
    paper: b.paperId,
    attempt: b.attemptIds[0]!,
    answer: b.answerIds[0]!,
    batch: b.classId,
    student: b.studentIds[0]!,
    certificate: b.certificateIds[0]!,
    skillAssessment: b.skillAssessmentId,
    skillCandidate: b.skillCandidateId,
    skillScoring: b.skillScoringId,
  }[entity];
}

describe('row-scope matrix: a user of batch A holding every key, on batch B’s rows', () => {
  const t = useTestApp();
  let f: RowScopeFixture;
  let routes: RouteAccessEntry[];

  beforeAll(async () => {
    f = await buildRowScopeFixture(t);
    routes = t.app
      .listRouteAccess()
      .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
      .filter((route) => typeof route.access === 'object' && route.access !== null);
  });

  it('the fixture has batch B rows of every entity', () => {
    for (const side of [f.a, f.b]) {
      expect(side.attemptIds.length).toBeGreaterThan(0);
      expect(side.answerIds.length).toBeGreaterThan(0);
      expect(side.certificateIds.length).toBeGreaterThan(0);
    }
  });

  it('refuses every route taking such an id, and knows every id field of every route', async () => {
    const failures: string[] = [];
    let walked = 0;
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const fields: string[] = [];
      for (const part of ['params', 'querystring', 'body']) {
        const names = fieldsOf(schema[part]);
        if (names === null) failures.push(`${label}: cannot read the fields of its ${part}`);
        else fields.push(...names);
      }
      const idFields = fields.filter((name) => ID_LIKE.test(name));
      const entities = new Set<Entity>();
      for (const name of idFields) {
        if (name === 'id' || name === 'ids') {
          const means = ID_MEANS[label];
          if (means === undefined) failures.push(`${label}: takes \`${name}\`, not in ID_MEANS`);
          else if (means !== 'unscoped') entities.add(means);
        } else if (SCOPED_FIELDS[name]) entities.add(SCOPED_FIELDS[name]!);
        else if (!UNSCOPED_FIELDS.has(name)) {
          failures.push(`${label}: takes \`${name}\`, neither scoped nor unscoped to the walk`);
        }
      }
      if (entities.size === 0) continue;
      const onlyPath = fields.every((name) => name === 'id' || route.url.includes(`:${name}`));
      const call: Call | undefined = CALLS[label] ?? (onlyPath ? () => ({}) : undefined);
      if (!call) {
        failures.push(`${label}: takes ${[...entities].join(', ')} ids; CALLS cannot fill it`);
        continue;
      }
      const { query, body } = call(f.b);
      const pathEntity = (name: string): Entity =>
        name === 'id' ? (ID_MEANS[label] as Entity) : SCOPED_FIELDS[name]!;
      const url = route.url.replace(/:(\w+)/g, (_, name: string) =>
        String(name === 'examId' ? f.b.closedExamId : idOf(f.b, pathEntity(name))),
      );
      // inject, not Client: what is not refused may answer a file rather than the envelope.
      const response = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url,
        cookies: { [TOKEN_COOKIE]: f.manager.client.token! },
        ...(query && { query }),
        ...(body !== undefined
          ? { payload: body as InjectOptions['payload'] }
          : ['POST', 'PUT'].includes(route.method) && { payload: {} }),
      });
      walked++;
      if (response.statusCode !== 403 && response.statusCode !== 404) {
        failures.push(`${label} → ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(walked).toBeGreaterThan(60);
  });
});
