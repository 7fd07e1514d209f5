import type { PaperQuestionView } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import {
  emptyRule,
  emptySection,
  moved,
  paperBody,
  paperFigures,
  paperTotal,
  questionCount,
  type PaperBasics,
} from './builder-state';

const question = (questionId: number, score: number, type = 0): PaperQuestionView => ({
  questionId,
  score,
  type: type as PaperQuestionView['type'],
  difficulty: 3,
  courseId: 1,
  courseName: '电工基础',
  pointId: type === 2 ? 7 : null,
  pointName: type === 2 ? '安全用电' : null,
  content: `<p>${questionId}</p>`,
});

const basics: PaperBasics = {
  name: '维修电工五级',
  subjectId: 4,
  level: 5,
  description: '',
  passScore: 6,
  durationMinutes: 90,
  mode: 'rules',
  drawPerCandidate: false,
};

describe('paper builder state', () => {
  it('adds points in hundredths without float drift', () => {
    const section = { ...emptySection('一'), questions: [question(1, 0.1), question(2, 0.2)] };
    expect(paperTotal([section], false)).toBe(0.3);
    expect(questionCount([section], false)).toBe(2);
  });

  it('counts what the rules will draw for a paper drawn per candidate, and sends no questions', () => {
    const section = {
      ...emptySection('一'),
      questions: [question(1, 2)],
      rules: [{ ...emptyRule(0), count: 10, score: 1.5, difficultyFrom: 3, difficultyTo: 3 }],
    };
    expect(paperTotal([section], true)).toBe(15);
    expect(questionCount([section], true)).toBe(10);
    const body = paperBody({ ...basics, drawPerCandidate: true }, [section], [], '');
    expect(body.sections[0]!.questions).toEqual([]);
    expect(body.sections[0]!.rules![0]!.difficulty).toBe(3);
  });

  it('sends a difficulty range in order, and one bound alone as that difficulty', () => {
    const rule = { ...emptyRule(2), difficultyFrom: 4, difficultyTo: 2 };
    const alone = { ...emptyRule(2), difficultyFrom: null, difficultyTo: 5 };
    const body = paperBody(basics, [{ ...emptySection('一'), rules: [rule, alone] }], [], 'abc');
    expect(body.sections[0]!.rules!.map((r) => r.difficulty)).toEqual([[2, 4], 5]);
    expect(body.seed).toBe('abc');
  });

  it('sends rules only in rules mode and a blueprint only in blueprint mode', () => {
    const section = { ...emptySection('一'), rules: [emptyRule()] };
    const manual = paperBody({ ...basics, mode: 'manual' }, [section], [], '');
    expect(manual.sections[0]!.rules).toEqual([]);
    expect(manual.blueprint).toBeNull();
    const blueprint = paperBody(
      { ...basics, mode: 'blueprint' },
      [section],
      [{ key: 1, type: 0, count: 5, score: 2 }],
      '',
    );
    expect(blueprint.blueprint).toEqual({ types: [{ type: 0, count: 5, score: 2 }] });
  });

  it('moves a question up and down, and leaves the list alone past its ends', () => {
    expect(moved([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
    expect(moved([1, 2, 3], 2, 0)).toEqual([3, 1, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 3)).toEqual([1, 2, 3]);
  });

  it('counts questions by type, difficulty, course and appraisal point', () => {
    const figures = paperFigures([
      {
        ...emptySection('一'),
        questions: [question(1, 2, 0), question(2, 3, 0), question(3, 1, 2)],
      },
    ]);
    expect(figures.byType.get(0)).toEqual({ count: 2, points: 5 });
    expect(figures.byType.get(2)).toEqual({ count: 1, points: 1 });
    expect(figures.byDifficulty.get(3)).toEqual({ count: 3, points: 6 });
    expect(figures.byCourse.get('电工基础')).toEqual({ count: 3, points: 6 });
    expect(figures.byPoint.get('安全用电')).toEqual({ count: 1, points: 1 });
  });
});
