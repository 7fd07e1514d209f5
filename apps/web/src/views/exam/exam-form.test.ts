import { examFields, type ExamPublishOptions } from '@kaoshi/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FORM_VALUES,
  afterPaperChange,
  examBodyOf,
  formFieldOf,
  ipProblem,
  isLocked,
  paperChoicesOf,
  paperFactsOf,
  stepOf,
  type ExamFormValues,
} from './exam-form';

const start = dayjs('2026-05-10T09:00:00');
const filled: ExamFormValues = {
  ...DEFAULT_FORM_VALUES,
  paperId: 3,
  name: '  维修电工初级  ',
  classIds: [4, 5],
  startAt: start.add(17, 'second'),
  endAt: start.add(2, 'hour'),
  durationMinutes: 90,
  partialPercent: 50,
  ipAllowList: '10.0.0.0/8\n\n  192.168.1.7 \n10.0.0.0/8',
};

describe('the body the form sends', () => {
  it('is what the shared schema accepts: trimmed, to the minute in UTC, share as a fraction', () => {
    const body = examBodyOf(filled);
    expect(body.name).toBe('维修电工初级');
    expect(body.startAt).toBe(start.toISOString());
    expect(body.endAt).toBe(start.add(2, 'hour').toISOString());
    expect(body.partialShare).toBe(0.5);
    expect(body.ipAllowList).toEqual(['10.0.0.0/8', '192.168.1.7']);
    expect(body.instructionId).toBeNull();
    expect(body.schemeId).toBeNull();
    expect(examFields.safeParse(body).success).toBe(true);
  });

  it('sends the certification scheme chosen, on the policies step', () => {
    const body = examBodyOf({ ...filled, schemeId: 7 });
    expect(body.schemeId).toBe(7);
    expect(examFields.safeParse(body).success).toBe(true);
    expect(stepOf('schemeId')).toBe(3);
    expect(formFieldOf('schemeId')).toBe('schemeId');
  });
});

describe('the address allow-list', () => {
  it('takes addresses and ranges of IPv4 and IPv6, one per line', () => {
    expect(ipProblem('10.0.0.0/8\n2001:db8::/32\n::1')).toBeUndefined();
    expect(ipProblem('')).toBeUndefined();
  });

  it('names the first line that is not one', () => {
    expect(ipProblem('10.0.0.0/8\n10.0.0.300\nx')).toEqual({ kind: 'invalid', line: '10.0.0.300' });
    expect(ipProblem('10.0.0.0/33')).toEqual({ kind: 'invalid', line: '10.0.0.0/33' });
  });

  it('refuses more than 50 rules', () => {
    const many = Array.from({ length: 51 }, (_, i) => `10.0.${i}.0/24`).join('\n');
    expect(ipProblem(many)).toEqual({ kind: 'tooMany', max: 50 });
  });
});

describe('what an exam still lets change', () => {
  it('is everything for a draft, the closing time and batches when open, nothing when closed', () => {
    expect(isLocked('all', 'paperId')).toBe(false);
    expect(isLocked('open', 'endAt')).toBe(false);
    expect(isLocked('open', 'classIds')).toBe(false);
    expect(isLocked('open', 'startAt')).toBe(true);
    expect(isLocked('none', 'endAt')).toBe(true);
  });
});

describe('a refusal blaming a field', () => {
  it('leads to the field and its step', () => {
    expect(formFieldOf('partialShare')).toBe('partialPercent');
    expect(formFieldOf('ipAllowList.2')).toBe('ipAllowList');
    expect(formFieldOf('id')).toBeUndefined();
    expect(stepOf('classIds')).toBe(1);
    expect(stepOf('accessCode')).toBe(3);
  });
});

describe('choosing another paper', () => {
  const options: ExamPublishOptions = {
    papers: [
      {
        id: 1,
        name: '甲卷',
        subjectId: 7,
        subjectName: '工种七',
        level: 5,
        passScore: 60,
        durationMinutes: 90,
      },
      {
        id: 2,
        name: '乙卷',
        subjectId: 8,
        subjectName: '工种八',
        level: 4,
        passScore: 60,
        durationMinutes: 120,
      },
    ],
    instructions: [
      { id: 11, title: '通用须知', allSubjects: true, subjectIds: [] },
      { id: 12, title: '工种 7 须知', allSubjects: false, subjectIds: [7] },
    ],
    classes: [
      {
        id: 4,
        name: 'A',
        code: 'A',
        subjectId: 7,
        level: 5,
        studentCount: 3,
        examStart: null,
        examEnd: null,
      },
      {
        id: 5,
        name: 'B',
        code: 'B',
        subjectId: 8,
        level: 4,
        studentCount: 2,
        examStart: null,
        examEnd: null,
      },
    ],
  };
  const [first, second] = options.papers;

  it('follows the paper: its name while untouched, its duration, batches and notices that fit', () => {
    const values = { ...filled, name: '甲卷', classIds: [4], instructionId: 12 };
    expect(afterPaperChange(values, options, first, second)).toEqual({
      name: '乙卷',
      durationMinutes: 120,
      classIds: [],
      instructionId: null,
    });
  });

  const saved = {
    paperId: 9,
    paperName: '旧卷',
    subjectId: 7,
    subjectName: '工种七',
    level: 5 as const,
    passScore: 72,
    durationMinutes: 100,
  };

  it('takes the paper’s facts from the passed ones, else from the exam that froze them', () => {
    expect(paperFactsOf(options, 2, saved)).toBe(second);
    expect(paperFactsOf(options, 9, saved)).toMatchObject({ id: 9, name: '旧卷', passScore: 72 });
    expect(paperFactsOf(options, undefined, undefined)).toBeUndefined();
  });

  it('keeps offering the exam’s own paper, first, once it is no longer passed', () => {
    expect(paperChoicesOf(options, undefined)).toBe(options.papers);
    expect(paperChoicesOf(options, { ...saved, paperId: 1 })).toBe(options.papers);
    expect(paperChoicesOf(options, saved).map((p) => p.id)).toEqual([9, 1, 2]);
  });

  it('keeps a name of the user’s own and a notice for every job type', () => {
    const values = { ...filled, name: '春季考试', classIds: [5], instructionId: 11 };
    expect(afterPaperChange(values, options, first, second)).toEqual({
      durationMinutes: 120,
      classIds: [5],
    });
  });
});
