// Moved to components/exam; this re-export serves ExamEdit.tsx and MakeUpDialog.tsx until their rework
// imports it from there (issue 25 §3).
export * from '../../components/exam/exam-format';
