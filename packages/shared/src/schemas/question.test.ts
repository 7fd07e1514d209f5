import { describe, expect, it } from 'vitest';
import { countBlankMarkers, scoreFromHundredths, scoreToHundredths } from '../question.js';
import {
  addQuestionBody,
  batchQuestionBody,
  listQuestionQuery,
  questionScore,
  questionShapeProblems,
  updateQuestionBody,
} from './question.js';

const base = { subjectId: 1, level: 5, courseId: 2, content: '<p>Which one?</p>' };
const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
const opts = (...items: [string, boolean][]) =>
  items.map(([content, correct]) => ({ content, correct }));

describe('scores', () => {
  it('reads points with two decimals and stores hundredths', () => {
    expect(questionScore.parse('2.5')).toBe(2.5);
    expect(scoreToHundredths(0.29)).toBe(29);
    expect(scoreFromHundredths(250)).toBe(2.5);
  });
  it.each([0, -1, 1000.01, 1.005, 'x'])('refuses %s', (value) => {
    expect(questionScore.safeParse(value).success).toBe(false);
  });
});

describe('addQuestionBody', () => {
  it('derives a choice answer from the options and drops the other types’ fields', () => {
    const single = addQuestionBody.parse({
      ...base,
      type: 0,
      options: opts(['a', false], ['b', true]),
      answer: 'A',
      blanks: [['x']],
      linkUrl: 'https://example.com',
    });
    expect(single).toMatchObject({ answer: 'B', blanks: [], linkUrl: '', pointId: null });
    const multiple = addQuestionBody.parse({
      ...base,
      type: 1,
      options: opts(['a', true], ['b', false], ['c', true], ['d', true]),
    });
    expect(multiple.answer).toBe('ACD');
    expect(multiple).toMatchObject({ score: 1, difficulty: 3, tags: [] });
  });

  it('refuses wrong correct counts, empty and identical options, too few or many options', () => {
    expect(
      issues(
        addQuestionBody.safeParse({ ...base, type: 0, options: opts(['a', true], ['b', true]) }),
      ),
    ).toEqual(['options: a single-choice question needs exactly one correct option']);
    expect(
      issues(
        addQuestionBody.safeParse({ ...base, type: 1, options: opts(['a', true], ['b', false]) }),
      ),
    ).toEqual(['options: a multiple-choice question needs at least two correct options']);
    expect(
      issues(
        addQuestionBody.safeParse({
          ...base,
          type: 0,
          options: opts(['<p>Same</p>', true], ['same ', false], ['<p> </p>', false]),
        }),
      ),
    ).toEqual([
      'options.1.content: option B is the same as option A',
      'options.2.content: option C is empty',
    ]);
    expect(
      issues(addQuestionBody.safeParse({ ...base, type: 0, options: opts(['a', true]) })),
    ).toEqual(['options: needs 2 to 10 options (A to J)']);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ content: `o${i}`, correct: i === 0 }));
    expect(issues(addQuestionBody.safeParse({ ...base, type: 0, options: eleven }))[0]).toMatch(
      /^options:/,
    );
  });

  it('keeps images apart from text when comparing options', () => {
    const result = addQuestionBody.safeParse({
      ...base,
      type: 0,
      options: opts(['<img src="/u/a.png">', true], ['<img src="/u/b.png">', false]),
    });
    expect(issues(result)).toEqual([]);
  });

  it('requires content with something in it', () => {
    expect(
      issues(addQuestionBody.safeParse({ ...base, content: '<p> </p>', type: 2, answer: 'T' })),
    ).toEqual(['content: required']);
    expect(
      addQuestionBody.safeParse({
        ...base,
        content: '<p><img src="/a.png"></p>',
        type: 2,
        answer: 'T',
      }).success,
    ).toBe(true);
  });

  it('reads judgement answers T and F in either case', () => {
    expect(addQuestionBody.parse({ ...base, type: 2, answer: ' f ' }).answer).toBe('F');
    expect(issues(addQuestionBody.safeParse({ ...base, type: 2, answer: 'yes' }))).toEqual([
      'answer: must be T (true) or F (false)',
    ]);
  });

  it('requires an http(s) link for an external link question', () => {
    expect(issues(addQuestionBody.safeParse({ ...base, type: 3 }))).toEqual(['linkUrl: required']);
    expect(
      issues(addQuestionBody.safeParse({ ...base, type: 3, linkUrl: 'javascript:alert(1)' }))[0],
    ).toMatch(/^linkUrl: must be an http/);
    const link = addQuestionBody.parse({
      ...base,
      type: 3,
      linkUrl: 'https://lab.example.com/task?id=1',
      answer: '<p>guide</p>',
    });
    expect(link).toMatchObject({ answer: '<p>guide</p>', options: [] });
  });

  it('matches fill-in blanks with the ___ markers of the stem text', () => {
    const ok = addQuestionBody.parse({
      ...base,
      type: 4,
      content: '<p>x ___ y <b>____</b></p>',
      blanks: [
        ['a', ''],
        ['b', 'c', 'b'],
      ],
    });
    expect(ok.blanks).toEqual([['a'], ['b', 'c']]);
    expect(
      issues(
        addQuestionBody.safeParse({
          ...base,
          type: 4,
          content: '<p>x ___</p>',
          blanks: [['a'], ['b']],
        }),
      ),
    ).toEqual(['blanks: the stem has 1 blank marker(s) ___ but 2 blank(s) have answers']);
    expect(
      issues(
        addQuestionBody.safeParse({ ...base, type: 4, content: '<p>x ___</p>', blanks: [['']] }),
      ),
    ).toEqual(['blanks.0: blank 1 needs at least one accepted answer']);
    expect(issues(addQuestionBody.safeParse({ ...base, type: 4, content: '<p>x</p>' }))).toEqual([
      'blanks: needs 1 to 20 blanks',
    ]);
    expect(countBlankMarkers('a __ b ___ c _____')).toBe(2);
    expect(
      questionShapeProblems({
        type: 4,
        content: '<img alt="___"> ___',
        options: [],
        answer: '',
        blanks: [['a']],
        linkUrl: '',
      }),
    ).toEqual([]);
  });

  it('requires a model answer for a short answer question', () => {
    expect(issues(addQuestionBody.safeParse({ ...base, type: 5 }))).toEqual([
      'answer: a short-answer question needs a model answer',
    ]);
  });

  it('checks structure ids, level, difficulty and tags', () => {
    const result = addQuestionBody.safeParse({
      type: 9,
      content: 'x',
      level: 6,
      difficulty: 0,
      tags: ['x'.repeat(21)],
    });
    const paths = issues(result).map((issue) => issue.split(':')[0]);
    expect(paths).toEqual(
      expect.arrayContaining(['type', 'level', 'difficulty', 'subjectId', 'courseId', 'tags.0']),
    );
    expect(
      addQuestionBody.parse({ ...base, type: 2, answer: 'T', tags: 'a, b,a', pointId: '' }),
    ).toMatchObject({
      tags: ['a', 'b'],
      pointId: null,
    });
    expect(
      addQuestionBody.safeParse({
        ...base,
        type: 2,
        answer: 'T',
        tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
      }).success,
    ).toBe(false);
  });

  it('update needs the id', () => {
    expect(issues(updateQuestionBody.safeParse({ ...base, type: 2, answer: 'T' }))).toEqual([
      'id: Invalid input: expected number, received undefined',
    ]);
  });
});

describe('list and batch', () => {
  it('reads query strings with defaults', () => {
    expect(
      listQuestionQuery.parse({ page: '2', type: '', retired: '1', level: '5', sortField: '' }),
    ).toEqual({
      page: 2,
      limit: 20,
      retired: 1,
      level: 5,
      sortField: 'id',
      sortOrder: 'descend',
    });
    expect(listQuestionQuery.safeParse({ sortField: 'content' }).success).toBe(false);
  });

  it('needs a reason to reject and at most 500 ids', () => {
    expect(issues(batchQuestionBody.safeParse({ ids: [1], action: 'reject' }))).toEqual([
      'reason: required when rejecting',
    ]);
    expect(batchQuestionBody.safeParse({ ids: [], action: 'submit' }).success).toBe(false);
    expect(
      batchQuestionBody.safeParse({
        ids: Array.from({ length: 501 }, (_, i) => i + 1),
        action: 'submit',
      }).success,
    ).toBe(false);
    expect(batchQuestionBody.parse({ ids: '3,3,4', action: 'approve' })).toEqual({
      ids: [3, 4],
      action: 'approve',
      reason: '',
    });
  });
});
