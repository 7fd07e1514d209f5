import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  blanksOf,
  choiceKeys,
  judgementOf,
  parseQuestionText,
  tagsOf,
  typeOfWord,
} from './question-text-format.js';

const brief = (text: string) =>
  parseQuestionText(text).map(({ line, type, stem, options, answer, problems }) => ({
    line,
    type,
    stem,
    options,
    answer,
    problems: problems.map((p) => `${p.code} ${p.field}: ${p.message}`),
  }));

describe('parseQuestionText', () => {
  it('reads Chinese keywords and infers every type', () => {
    const text = [
      '1. 下列哪个电压是安全电压？',
      'A. 220V',
      'B. 36V',
      'C. 380V',
      '答案: B',
      '解析: 36V 及以下为安全电压。',
      '分值: 2',
      '难度: 3',
      '标签: 电工, 安全',
      '',
      '2、以下哪些是绝缘材料？',
      'A、橡胶',
      'B、铜',
      'C、陶瓷',
      '答案：A C',
      '',
      '3．电流的单位是安培。',
      '答案：对',
      '',
      '4. 欧姆定律：U = ___ × ___',
      '答案：I/电流|R',
      '',
      '5. 简述停电作业的步骤。',
      '答案：停电、验电、',
      '挂接地线。',
      '',
      '6. 在仿真平台上完成接线。',
      '链接: https://lab.example.com/task/1',
      '答案: 灯亮得满分',
    ].join('\n');
    const [single, multiple, judgement, fill, short, link] = parseQuestionText(text);
    expect(single).toEqual({
      line: 1,
      type: 0,
      stem: '下列哪个电压是安全电压？',
      options: ['220V', '36V', '380V'],
      answer: 'B',
      analysis: '36V 及以下为安全电压。',
      score: '2',
      difficulty: '3',
      tags: '电工, 安全',
      linkUrl: '',
      problems: [],
    });
    expect(multiple).toMatchObject({
      line: 11,
      type: 1,
      options: ['橡胶', '铜', '陶瓷'],
      answer: 'A C',
    });
    expect(judgement).toMatchObject({
      line: 17,
      type: 2,
      stem: '电流的单位是安培。',
      answer: '对',
    });
    expect(fill).toMatchObject({ type: 4, answer: 'I/电流|R' });
    expect(short).toMatchObject({ type: 5, answer: '停电、验电、\n挂接地线。' });
    expect(link).toMatchObject({
      type: 3,
      linkUrl: 'https://lab.example.com/task/1',
      answer: '灯亮得满分',
    });
  });

  it('reads English keywords, a Type line and multi-line stems and options', () => {
    const text = [
      '1) Which of these',
      'are conductors?',
      '(A) Copper',
      '(B) Glass',
      'C: Silver',
      '   (pure)',
      'Type: multiple choice',
      'Answer: A, C',
      'Analysis: Metals conduct.',
      'Score: 1.5',
      'Difficulty: 2',
      'Tags: physics; metals',
    ].join('\n');
    expect(parseQuestionText(text)).toEqual([
      {
        line: 1,
        type: 1,
        stem: 'Which of these\nare conductors?',
        options: ['Copper', 'Glass', 'Silver\n(pure)'],
        answer: 'A, C',
        analysis: 'Metals conduct.',
        score: '1.5',
        difficulty: '2',
        tags: 'physics; metals',
        linkUrl: '',
        problems: [],
      },
    ]);
  });

  it('reads full-width digits, letters and punctuation, CRLF, BOM and bracketed keywords', () => {
    const text =
      '\uFEFF１．安全电压不高于多少伏？\r\nＡ．３６Ｖ\r\nＢ、２２０Ｖ\r\n【答案】Ａ\r\n【解析】常识。\r\n\r\n\r\n（２）判断：绝缘手套可以代替验电器。\r\n答案：×\r\n';
    expect(brief(text)).toEqual([
      {
        line: 1,
        type: 0,
        stem: '安全电压不高于多少伏？',
        options: ['３６Ｖ', '２２０Ｖ'],
        answer: 'Ａ',
        problems: [],
      },
      {
        line: 8,
        type: 2,
        stem: '判断：绝缘手套可以代替验电器。',
        options: [],
        answer: '×',
        problems: [],
      },
    ]);
  });

  it('starts a new question at a number after an answer even without a blank line', () => {
    const text = '1. One?\nAnswer: T\n2. Two ___\nAnswer: x\n\n\n\n3. Three\nAnswer: Because.';
    expect(brief(text).map((q) => [q.line, q.type, q.stem])).toEqual([
      [1, 2, 'One?'],
      [3, 4, 'Two ___'],
      [8, 5, 'Three'],
    ]);
  });

  it('reports malformed blocks and keeps going', () => {
    const text = [
      '电工题库（第一部分）',
      '',
      '1. Pick one',
      'A. a',
      'C. c',
      'Answer: A',
      'Answer: C',
      '',
      '2. Kind?',
      'Type: essay',
      'Answer: x',
      '',
      '3. No answer here',
    ].join('\n');
    expect(brief(text)).toEqual([
      {
        line: 1,
        type: 5,
        stem: '电工题库（第一部分）',
        options: [],
        answer: '',
        problems: ['format content: line 1: a question starts with its number, e.g. "1." or "1、"'],
      },
      {
        line: 3,
        type: 0,
        stem: 'Pick one',
        options: ['a'],
        answer: 'A',
        problems: [
          'format optionC: line 5: option C where B was expected; options go A, B, C … in order (at most 10)',
          'format answer: line 7: a second answer line',
        ],
      },
      {
        line: 9,
        type: null,
        stem: 'Kind?',
        options: [],
        answer: 'x',
        problems: [
          'type type: "essay" is not a question type (single, multiple, judgement, link, fill-in, short or 0–5)',
        ],
      },
      { line: 13, type: 5, stem: 'No answer here', options: [], answer: '', problems: [] },
    ]);
  });

  it('reads the example of docs/features/question-bank.md as documented', () => {
    const page = fs.readFileSync(
      new URL('../../../../../docs/features/question-bank.md', import.meta.url),
      'utf8',
    );
    const example = /```text\n([\s\S]*?)```/.exec(page)![1]!.replace(/^ {2}/gm, '');
    const questions = parseQuestionText(example);
    expect(questions.map((q) => [q.type, q.options.length, q.answer, q.problems])).toEqual([
      [0, 3, 'B', []],
      [1, 3, 'AC', []],
      [2, 0, '对', []],
      [4, 0, 'I/current|R', []],
      [5, 0, 'Switch off, lock out,\nverify, earth.', []],
      [3, 0, 'Full marks when the lamp lights.', []],
    ]);
    expect(questions[0]).toMatchObject({ score: '2', difficulty: '3', tags: '电工, 安全' });
  });

  it('answers nothing for an empty or blank text', () => {
    expect(parseQuestionText('')).toEqual([]);
    expect(parseQuestionText('\n \r\n\t\n')).toEqual([]);
  });
});

describe('answer words', () => {
  it('reads choice keys', () => {
    expect(choiceKeys('B')).toEqual(['B']);
    expect(choiceKeys('ca, d')).toEqual(['A', 'C', 'D']);
    expect(choiceKeys('Ａ、Ｃ')).toEqual(['A', 'C']);
    expect(choiceKeys('AA')).toEqual(['A']);
    expect(choiceKeys('K')).toBeUndefined();
    expect(choiceKeys('对')).toBeUndefined();
    expect(choiceKeys('')).toBeUndefined();
  });

  it.each([
    ['对', 'T'],
    ['正确', 'T'],
    ['√', 'T'],
    ['t', 'T'],
    ['True', 'T'],
    ['错', 'F'],
    ['错误', 'F'],
    ['×', 'F'],
    ['F', 'F'],
    ['false', 'F'],
  ])('judgement %s → %s', (word, answer) => {
    expect(judgementOf(word)).toBe(answer);
  });

  it('refuses other judgement words', () => {
    expect(judgementOf('maybe')).toBeUndefined();
  });

  it('splits blanks and alternatives, and tags', () => {
    expect(blanksOf('I / 电流 | R')).toEqual([['I', '电流'], ['R']]);
    expect(blanksOf('a｜b／c')).toEqual([['a'], ['b', 'c']]);
    expect(blanksOf('a||b')).toEqual([['a'], [], ['b']]);
    expect(blanksOf('  ')).toEqual([]);
    expect(tagsOf('电工，安全、 电工; x')).toEqual(['电工', '安全', 'x']);
  });

  it('reads type words of every language and the codes', () => {
    expect(typeOfWord('单选')).toBe(0);
    expect(typeOfWord('Multiple choice')).toBe(1);
    expect(typeOfWord('正誤判定')).toBe(2);
    expect(typeOfWord('3')).toBe(3);
    expect(typeOfWord('Completar espacios')).toBe(4);
    expect(typeOfWord('简答题')).toBe(5);
    expect(typeOfWord('6')).toBeUndefined();
  });
});
