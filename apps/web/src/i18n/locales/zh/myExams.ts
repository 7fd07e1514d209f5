/** A student's exams (/exam-student/examStudentTest): upcoming, open, finished; starting. */
export default {
  empty: '',
};
