import type { Db } from '../../db/database.js';
import { conflict } from '../../errors.js';
import type { StudentUsageCheck } from '../base/student.service.js';
import type { ClassUsageCheck } from '../school/classes.service.js';
import { ExamRepository } from './exam.repository.js';

/** Exam names as a message lists them: “A”, “B” (the first five). */
const named = (rows: { name: string }[]) =>
  rows
    .slice(0, 5)
    .map((row) => `“${row.name}”`)
    .join(', ');

/** A batch an exam (draft or published) is for stays. */
export const examsUseClass: ClassUsageCheck = async (trx: Db, batch) => {
  const rows = await new ExamRepository(trx).namesUsingClass(batch.id);
  return rows.length === 0
    ? null
    : conflict('classInExams', { name: batch.name, count: rows.length, exams: named(rows) });
};

/** A student who is a candidate of an exam stays: the exam's record keeps them. */
export const examsUseStudent: StudentUsageCheck = async (trx: Db, student) => {
  const rows = await new ExamRepository(trx).namesUsingStudent(student.id);
  return rows.length === 0
    ? null
    : conflict('studentInExams', { name: student.name, count: rows.length, exams: named(rows) });
};
