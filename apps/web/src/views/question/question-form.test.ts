import { QuestionType } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import {
  answerForType,
  difficultyKey,
  fitBlanks,
  formProblems,
  newQuestionValues,
  nextPlacement,
  questionInput,
  stemBlankCount,
} from './question-form';

const place = { subjectId: 3, level: 5 as const, courseId: 7 };

describe('question form', () => {
  it('counts the blanks of the stem text, not of its markup', () => {
    expect(stemBlankCount('<p>单位是 ___，<strong>____</strong> 和 __</p>')).toBe(2);
    expect(stemBlankCount('<img alt="___">')).toBe(0);
  });

  it('resizes the blanks to the markers, keeping the answers given', () => {
    expect(fitBlanks([['欧姆'], ['安培']], 3)).toEqual([['欧姆'], ['安培'], []]);
    expect(fitBlanks([['欧姆'], ['安培']], 1)).toEqual([['欧姆']]);
    expect(fitBlanks([], 25)).toHaveLength(20);
  });

  it('keeps an answer only when the new type can use it', () => {
    expect(answerForType('T', QuestionType.JUDGEMENT)).toBe('T');
    expect(answerForType('<p>guide</p>', QuestionType.JUDGEMENT)).toBe('');
    expect(answerForType('T', QuestionType.SHORT_ANSWER)).toBe('');
    expect(answerForType('<p>model</p>', QuestionType.EXTERNAL_LINK)).toBe('<p>model</p>');
  });

  it('sends only what the type uses', () => {
    const values = {
      ...newQuestionValues(place),
      type: QuestionType.FILL_BLANK,
      content: '<p>___</p>',
      blanks: [['a']],
      answer: 'T',
      linkUrl: 'https://x',
      tags: [' safety ', ''],
    };
    expect(questionInput(values)).toMatchObject({
      options: [],
      answer: '',
      blanks: [['a']],
      linkUrl: '',
      pointId: null,
      tags: ['safety'],
      ...place,
    });
  });

  it('applies the shared shape rules', () => {
    const values = {
      ...newQuestionValues(place),
      content: '<p>Which?</p>',
      options: [
        { content: '<p>A</p>', correct: false },
        { content: '', correct: false },
      ],
    };
    expect(formProblems(values).map((problem) => [problem.code, problem.field])).toEqual([
      ['optionEmpty', 'options.1.content'],
      ['correctCount', 'options'],
    ]);
  });

  it('names difficulties 1 to 5', () => {
    expect([1, 2, 3, 4, 5].map(difficultyKey)).toEqual([
      'veryEasy',
      'easy',
      'medium',
      'hard',
      'veryHard',
    ]);
  });
});

describe('nextPlacement', () => {
  const last = { subjectId: 3, level: 5 as const, courseId: 7 };
  it('starts where the last question went when the list names nothing else', () => {
    expect(nextPlacement({ subjectId: undefined, level: undefined }, last)).toEqual(last);
    expect(nextPlacement({ subjectId: 3, pointId: 9 }, last)).toEqual({ ...last, pointId: 9 });
  });
  it('follows the list when it is filtered to another place', () => {
    expect(nextPlacement({ subjectId: 4 }, last)).toEqual({ subjectId: 4 });
    expect(nextPlacement({ subjectId: 3, courseId: 8 }, last)).toEqual({
      subjectId: 3,
      courseId: 8,
    });
    expect(nextPlacement({ subjectId: 2 }, undefined)).toEqual({ subjectId: 2 });
  });
});
