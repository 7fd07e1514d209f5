// Moved to components/exam; this re-export serves ExamEdit.tsx until its rework imports it from
// there (issue 25 §3).
export { ExamStateTag } from '../../components/exam/ExamStateTag';
