import {
  OPTION_KEYS,
  QUESTION_IMPORT_LANGUAGES,
  QUESTION_OPTION_MAX,
  QUESTION_TYPES,
  QUESTION_TYPE_WORDS,
  QuestionType,
  countBlankMarkers,
  type JudgementAnswer,
  type QuestionProblem,
  type QuestionTypeCode,
} from '@kaoshi/shared';

/**
 * The plain-text question format people type by hand (docs/features/question-bank.md):
 *
 *   1. The unit of electrical resistance is ___.
 *   Answer: ohm/Ω
 *
 *   2、下列哪个是安全电压？
 *   A. 220V
 *   B．36V
 *   答案：B
 *   解析：……
 *
 * Questions are separated by blank lines; a question starts with its number (`1.`, `1、`, `1．`,
 * `1)`, `(1)`); option lines start with a letter A–J (`A.`, `A、`, `A．`, `(A)`); keyword lines
 * (`答案:`, `Answer:`, `【答案】` …) give the answer, analysis, score, difficulty, tags, type
 * and link. A line without a prefix continues what came before it. Full-width digits, letters
 * and punctuation in the prefixes count as their ASCII twins. Pure: no database, no HTML.
 */

/** One question as written: text as typed, before any check. */
export interface TextQuestion {
  /** Line of the file where the question starts (1-based). */
  line: number;
  /** The question type: as given by a Type line, else inferred. null when unreadable. */
  type: QuestionTypeCode | null;
  /** The stem's lines, joined by \n, without the number. */
  stem: string;
  /** Option texts, A first. */
  options: string[];
  answer: string;
  analysis: string;
  score: string;
  difficulty: string;
  tags: string;
  linkUrl: string;
  /** What the text itself gets wrong (order of options, a number missing …), field = column. */
  problems: QuestionProblem[];
}

type Field = 'answer' | 'analysis' | 'score' | 'difficulty' | 'tags' | 'type' | 'linkUrl';

const KEYWORDS: Record<Field, readonly string[]> = {
  answer: [
    '答案',
    '正确答案',
    '参考答案',
    '标准答案',
    'answer',
    'key',
    'respuesta',
    '解答',
    '正解',
  ],
  analysis: ['解析', '答案解析', '试题解析', 'analysis', 'explanation', 'explicación', '解説'],
  score: ['分值', '分数', 'score', 'points', 'puntuación', '配点'],
  difficulty: ['难度', 'difficulty', 'dificultad', '難易度'],
  tags: ['标签', 'tags', 'tag', 'etiquetas', 'タグ'],
  type: ['题型', 'type', 'tipo', '問題形式'],
  linkUrl: ['链接', '链接地址', 'link', 'url', 'enlace'],
};
const FIELD_OF = new Map<string, Field>();
for (const [field, words] of Object.entries(KEYWORDS) as [Field, readonly string[]][]) {
  for (const word of words) FIELD_OF.set(word.normalize('NFKC').toLowerCase(), field);
}
const KEYWORD_ALTERNATION = [...FIELD_OF.keys()]
  .sort((a, b) => b.length - a.length)
  .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|');

// Prefixes in ASCII or full width (１．, Ａ、, （1）, ：), as Chinese input methods type them.
export const STEM_LINE =
  /^\s*(?:[(（]\s*([0-9０-９]{1,4})\s*[)）]|([0-9０-９]{1,4})\s*[.．、)）])\s*(.*)$/;
export const OPTION_LINE =
  /^\s*(?:[(（]\s*([A-JＡ-Ｊ])\s*[)）]|([A-JＡ-Ｊ])\s*[.．、)）:：])\s*(.*)$/;
export const KEYWORD_LINE = new RegExp(
  `^\\s*(?:[【\\[]\\s*(${KEYWORD_ALTERNATION})\\s*[】\\]]\\s*[:：]?|(${KEYWORD_ALTERNATION})\\s*[:：])\\s*(.*)$`,
  'i',
);

const TYPE_OF_WORD = new Map<string, QuestionTypeCode>();
for (const language of QUESTION_IMPORT_LANGUAGES) {
  for (const type of QUESTION_TYPES) {
    for (const word of QUESTION_TYPE_WORDS[language][type]) {
      TYPE_OF_WORD.set(normaliseWord(word), type);
    }
  }
}
for (const type of QUESTION_TYPES) TYPE_OF_WORD.set(String(type), type);

function normaliseWord(text: string) {
  return text.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
}

/** A type cell or Type line: a code 0–5 or a type's word in any of the four languages. */
export function typeOfWord(text: string): QuestionTypeCode | undefined {
  return TYPE_OF_WORD.get(normaliseWord(text));
}

const TRUE_WORDS = [
  't',
  'true',
  '对',
  '正确',
  '√',
  '✓',
  '✔',
  '是',
  'y',
  'yes',
  'v',
  'verdadero',
  '正',
  '○',
  '〇',
];
const FALSE_WORDS = [
  'f',
  'false',
  '错',
  '错误',
  '×',
  '✗',
  '✘',
  'x',
  '否',
  'n',
  'no',
  'falso',
  '誤',
  '誤り',
];
const JUDGEMENT_OF = new Map<string, JudgementAnswer>([
  ...TRUE_WORDS.map((word) => [normaliseWord(word), 'T'] as const),
  ...FALSE_WORDS.map((word) => [normaliseWord(word), 'F'] as const),
]);

/** 'T' or 'F' for a judgement answer in any of its usual spellings (对/错, √/×, T/F …). */
export function judgementOf(text: string): JudgementAnswer | undefined {
  return JUDGEMENT_OF.get(normaliseWord(text));
}

/** The option keys an answer names ('B', 'ACD', 'A,C,D', 'ａｃ'), or undefined if it is not keys. */
export function choiceKeys(text: string): string[] | undefined {
  const letters = text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s,，、;；/]+/g, '');
  if (!/^[A-J]+$/.test(letters)) return undefined;
  return [...new Set(letters)].sort();
}

/** Fill-in answers: blanks separated by `|`, alternatives of one blank by `/`. */
export function blanksOf(text: string): string[][] {
  if (text.trim() === '') return [];
  return text.split(/[|｜]/).map((blank) =>
    blank
      .split(/[/／]/)
      .map((answer) => answer.trim())
      .filter((answer) => answer !== ''),
  );
}

/** Tags separated by commas, 、 or semicolons. */
export function tagsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,，、;；]/)
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ];
}

/** The type a question written without a Type line has (see the module comment). */
export function inferType(question: {
  stem: string;
  options: string[];
  answer: string;
  linkUrl: string;
}): QuestionTypeCode {
  if (question.options.length > 0) {
    const keys = choiceKeys(question.answer);
    return keys && keys.length > 1 ? QuestionType.MULTIPLE : QuestionType.SINGLE;
  }
  if (question.linkUrl.trim() !== '') return QuestionType.EXTERNAL_LINK;
  if (countBlankMarkers(question.stem) > 0) return QuestionType.FILL_BLANK;
  if (judgementOf(question.answer)) return QuestionType.JUDGEMENT;
  return QuestionType.SHORT_ANSWER;
}

const fieldOf = (match: RegExpExecArray | null) =>
  match ? FIELD_OF.get((match[1] ?? match[2] ?? '').normalize('NFKC').toLowerCase()) : undefined;

interface Block {
  line: number;
  lines: { text: string; number: number }[];
}

/** Splits the text into question blocks: at blank lines, and at a numbered line after an answer. */
function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  let answered = false;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((text, index) => {
    if (text.trim() === '') {
      current = null;
      return;
    }
    // Someone forgot the blank line: a new number after an answer starts a new question.
    if (current && answered && STEM_LINE.test(text)) {
      current = null;
    }
    if (!current) {
      current = { line: index + 1, lines: [] };
      blocks.push(current);
      answered = false;
    }
    current.lines.push({ text, number: index + 1 });
    if (fieldOf(KEYWORD_LINE.exec(text)) === 'answer') {
      answered = true;
    }
  });
  return blocks;
}

const format = (field: string, message: string): QuestionProblem => ({
  code: 'format',
  field,
  message,
});

function parseBlock(block: Block): TextQuestion {
  const question: TextQuestion = {
    line: block.line,
    type: null,
    stem: '',
    options: [],
    answer: '',
    analysis: '',
    score: '',
    difficulty: '',
    tags: '',
    linkUrl: '',
    problems: [],
  };
  const seen = new Set<Field>();
  let typeText = '';
  /** Where a line without a prefix goes. */
  let target:
    { kind: 'stem' } | { kind: 'option'; index: number } | { kind: 'field'; field: Field } = {
    kind: 'stem',
  };
  const append = (before: string, line: string) => (before === '' ? line : `${before}\n${line}`);

  block.lines.forEach(({ text, number }, index) => {
    if (index === 0) {
      const stem = STEM_LINE.exec(text);
      if (stem) {
        question.stem = (stem[3] ?? '').trim();
        return;
      }
      question.problems.push(
        format('content', `line ${number}: a question starts with its number, e.g. "1." or "1、"`),
      );
    }
    const keyword = KEYWORD_LINE.exec(text);
    const field = fieldOf(keyword);
    if (keyword && field) {
      const value = (keyword[3] ?? '').trim();
      if (seen.has(field)) {
        question.problems.push(format(field, `line ${number}: a second ${field} line`));
        return;
      }
      seen.add(field);
      if (field === 'type') typeText = value;
      else question[field] = value;
      target = { kind: 'field', field };
      return;
    }
    const option = OPTION_LINE.exec(text);
    if (option && target.kind !== 'field') {
      const key = (option[1] ?? option[2])!.normalize('NFKC');
      const expected = OPTION_KEYS[question.options.length];
      if (key !== expected) {
        question.problems.push(
          format(
            `option${key}`,
            `line ${number}: option ${key} where ${expected ?? 'no further option'} was expected; options go A, B, C … in order (at most ${QUESTION_OPTION_MAX})`,
          ),
        );
        return;
      }
      question.options.push((option[3] ?? '').trim());
      target = { kind: 'option', index: question.options.length - 1 };
      return;
    }
    const line = text.trim();
    if (target.kind === 'stem') question.stem = append(question.stem, line);
    else if (target.kind === 'option') {
      question.options[target.index] = append(question.options[target.index]!, line);
    } else if (target.field === 'type') typeText = append(typeText, line);
    else question[target.field] = append(question[target.field], line);
  });

  if (typeText !== '') {
    const type = typeOfWord(typeText);
    if (type === undefined) {
      question.problems.push({
        code: 'type',
        field: 'type',
        message: `"${typeText.slice(0, 40)}" is not a question type (single, multiple, judgement, link, fill-in, short or 0–5)`,
      });
    } else question.type = type;
  } else {
    question.type = inferType(question);
  }
  return question;
}

/** Every question of a text in the plain-text format, in order. */
export function parseQuestionText(text: string): TextQuestion[] {
  return blocksOf(text).map(parseBlock);
}
