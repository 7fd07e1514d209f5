/** The student's list of exams, where the exam page sends them back. */
export const MY_EXAMS_PATH = '/exam-student/examStudentTest';

/** A finished attempt's result, as the exam's policy shows it. */
export const examResultPath = (attemptId: number) =>
  `/exam-student/examResult?attemptId=${attemptId}`;
