/** The student's list of exams, where the exam page sends them back. */
export const MY_EXAMS_PATH = '/exam-student/examStudentTest';
