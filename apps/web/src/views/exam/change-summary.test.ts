import type { ExamChangeView } from '@kaoshi/shared';
import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadWholeLanguage, setLanguage } from '../../i18n';
import { describeChange, type ChangeNames } from './change-summary';

const names: ChangeNames = {
  batch: (id) => ({ 4: '第1批', 5: '第2批' })[id],
  paper: (id) => (id === 3 ? '维修电工甲卷' : undefined),
  notice: () => undefined,
};

const change = (action: string, detail: Record<string, unknown>): ExamChangeView => ({
  id: 1,
  at: '2026-05-01T00:00:00.000Z',
  userId: 1,
  userName: 'admin',
  action,
  detail,
});

describe('the change record in words', () => {
  // The exam pages' texts load past sign-in, with the whole language.
  beforeAll(() => loadWholeLanguage().then(() => setLanguage('zh')));
  const say = (action: string, detail: Record<string, unknown>) =>
    describeChange(change(action, detail), i18n.t, names);

  it('names the paper printed with its answers while the exam was open', () => {
    expect(say('printKeys', { paperId: 3 })).toEqual(['考试进行中打印了带答案的试卷 #3']);
  });

  it('says what an update changed, field by field, as the form names and shows the values', () => {
    const start = '2026-05-10T01:00:00.000Z';
    expect(
      say('update', {
        startAt: [start, '2026-05-10T02:00:00.000Z'],
        classIds: [[4], [4, 5]],
        paperId: [3, 9],
        shuffleQuestions: [false, true],
        partialShare: [0.5, 0.4],
        instructionId: [null, 7],
      }),
    ).toEqual([
      `开考时间：${dayjs(start).format('YYYY-MM-DD HH:mm')} → ${dayjs('2026-05-10T02:00:00.000Z').format('YYYY-MM-DD HH:mm')}`,
      '报名批次：第1批 → 第1批、第2批',
      '试卷：维修电工甲卷 → #9',
      '题目乱序：否 → 是',
      '少选得分比例：50% → 40%',
      '考试须知：— → #7',
    ]);
  });

  it('names the students and the minutes of candidates added, removed and given extra time', () => {
    expect(say('addCandidate', { students: ['张三 (KS1)', '李四 (KS2)'] })).toEqual([
      '添加了 张三 (KS1)、李四 (KS2)',
    ]);
    expect(say('extraTime', { student: '张三 (KS1)', minutes: [0, 15] })).toEqual([
      '张三 (KS1)：0 → 15 分钟',
    ]);
  });

  it('tells a proctor’s actions with their reasons', () => {
    const student = '张三 (KS1)';
    expect(say('extraTime', { student, minutes: [0, 10], reason: '停电' })).toEqual([
      '张三 (KS1)：0 → 10 分钟',
      '原因：停电',
    ]);
    expect(say('proctorSubmit', { studentId: 3, student, reason: '作弊' })).toEqual([
      '收取了 张三 (KS1) 的答卷',
      '原因：作弊',
    ]);
    expect(say('proctorReopen', { student, minutes: 15, reason: '死机' })).toEqual([
      '重新开放 张三 (KS1) 的答卷 15 分钟',
      '原因：死机',
    ]);
    expect(say('proctorMessage', { all: true, content: '还剩十分钟' })).toEqual([
      '发给所有仍在作答的考生：还剩十分钟',
    ]);
  });

  it('tells publishing and make-ups with their candidates', async () => {
    expect(say('publish', { paperVersionId: 2, candidates: 5 })).toEqual(['发布给 5 名考生']);
    await setLanguage('en');
    expect(say('makeUp', { of: 7, who: 'absent', paperVersionId: 3, candidates: 1 })).toEqual([
      'Make-up of exam #7 for absent candidates: 1 candidate',
    ]);
    expect(say('publish', { candidates: 2 })).toEqual(['Published for 2 candidates']);
  });

  it('shows an action it does not know as it was recorded', () => {
    expect(say('reopen', { student: 'x' })).toEqual(['reopen {"student":"x"}']);
  });
});
