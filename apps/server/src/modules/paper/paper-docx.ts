import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import {
  CERT_LEVEL_NAMES,
  chineseNumeral,
  OPTION_KEYS,
  QuestionType,
  scoreFromHundredths,
  titleHasNumber,
  type CertLevel,
  type MessageLanguage,
} from '@kaoshi/shared';
import { htmlToBlocks, type Block, type ImageReader } from './html-to-docx.js';
import type { PaperSnapshot, SnapshotItem } from './paper-version.js';

interface DocxTexts {
  name: string;
  ticket: string;
  minutes: (n: number) => string;
  total: (n: number) => string;
  pass: (n: number) => string;
  part: (index: number) => string;
  sectionTotals: (count: number, points: number) => string;
  points: (n: number) => string;
  scoreTable: { part: string; total: string; score: string };
  answer: string;
  analysis: string;
  judgement: { T: string; F: string };
  task: string;
  withKey: string;
}

/** The words of the exported paper per language. */
const TEXTS: Record<MessageLanguage, DocxTexts> = {
  zh: {
    name: '姓名',
    ticket: '准考证号',
    minutes: (n) => `考试时长 ${n} 分钟`,
    total: (n) => `满分 ${n} 分`,
    pass: (n) => `及格 ${n} 分`,
    part: (i) => `${chineseNumeral(i + 1)}、`,
    sectionTotals: (count, points) => `（共 ${count} 题，计 ${points} 分）`,
    points: (n) => `（${n} 分）`,
    scoreTable: { part: '大题', total: '总分', score: '得分' },
    answer: '答案：',
    analysis: '解析：',
    judgement: { T: '正确', F: '错误' },
    task: '任务：',
    withKey: '（含答案）',
  },
  en: {
    name: 'Name',
    ticket: 'Ticket number',
    minutes: (n) => `${n} minutes`,
    total: (n) => `${n} points in all`,
    pass: (n) => `pass mark ${n}`,
    part: (i) => `Part ${i + 1}. `,
    sectionTotals: (count, points) =>
      ` (${count} ${count === 1 ? 'question' : 'questions'}, ${points} ${points === 1 ? 'point' : 'points'})`,
    points: (n) => ` (${n} ${n === 1 ? 'point' : 'points'})`,
    scoreTable: { part: 'Part', total: 'Total', score: 'Score' },
    answer: 'Answer: ',
    analysis: 'Explanation: ',
    judgement: { T: 'True', F: 'False' },
    task: 'Task: ',
    withKey: ' (with answers)',
  },
  es: {
    name: 'Nombre',
    ticket: 'Número de inscripción',
    minutes: (n) => `${n} minutos`,
    total: (n) => `${n} puntos en total`,
    pass: (n) => `aprobado con ${n}`,
    part: (i) => `Parte ${i + 1}. `,
    sectionTotals: (count, points) =>
      ` (${count} ${count === 1 ? 'pregunta' : 'preguntas'}, ${points} ${points === 1 ? 'punto' : 'puntos'})`,
    points: (n) => ` (${n} ${n === 1 ? 'punto' : 'puntos'})`,
    scoreTable: { part: 'Parte', total: 'Total', score: 'Nota' },
    answer: 'Respuesta: ',
    analysis: 'Explicación: ',
    judgement: { T: 'Verdadero', F: 'Falso' },
    task: 'Tarea: ',
    withKey: ' (con respuestas)',
  },
  ja: {
    name: '氏名',
    ticket: '受験番号',
    minutes: (n) => `試験時間 ${n} 分`,
    total: (n) => `満点 ${n} 点`,
    pass: (n) => `合格 ${n} 点`,
    part: (i) => `${chineseNumeral(i + 1)}、`,
    sectionTotals: (count, points) => `（全 ${count} 問、${points} 点）`,
    points: (n) => `（${n} 点）`,
    scoreTable: { part: '大問', total: '合計', score: '得点' },
    answer: '解答：',
    analysis: '解説：',
    judgement: { T: '正しい', F: '誤り' },
    task: '課題：',
    withKey: '（解答付き）',
  },
};

/** The file's name: the paper's, marked when it holds the key so the two downloads differ. */
export const docxFileName = (name: string, withKey: boolean, language: MessageLanguage) =>
  `${name}${withKey ? TEXTS[language].withKey : ''}.docx`;

const line = { style: BorderStyle.SINGLE, size: 4, color: '000000' };

/** An empty line to write on (short answers). */
const answerLine = () =>
  new Paragraph({
    border: { bottom: { ...line, color: '999999' } },
    spacing: { after: 200 },
    children: [],
  });

function scoreTable(snapshot: PaperSnapshot, texts: DocxTexts): Table {
  const cell = (text: string) =>
    new TableCell({
      borders: { top: line, bottom: line, left: line, right: line },
      children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun(text)] })],
    });
  const parts = snapshot.sections.map((_, index) => texts.part(index).replace(/[、.]\s*$/, ''));
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({
        children: [texts.scoreTable.part, ...parts, texts.scoreTable.total].map(cell),
      }),
      new TableRow({ children: [texts.scoreTable.score, ...parts.map(() => ''), ''].map(cell) }),
    ],
  });
}

/** What a question's key says, in words. */
async function keyBlocks(
  item: SnapshotItem,
  texts: DocxTexts,
  readImage: ImageReader,
): Promise<Block[]> {
  const label = new TextRun({ text: texts.answer, bold: true });
  const blocks: Block[] = [];
  const type = item.type;
  if (type === QuestionType.SINGLE || type === QuestionType.MULTIPLE) {
    const keys = item.options.filter((option) => option.correct).map((option) => option.key);
    blocks.push(new Paragraph({ children: [label, new TextRun(keys.join(''))] }));
  } else if (type === QuestionType.JUDGEMENT) {
    const word = item.answer === 'T' ? texts.judgement.T : texts.judgement.F;
    blocks.push(new Paragraph({ children: [label, new TextRun(word)] }));
  } else if (type === QuestionType.FILL_BLANK) {
    const words = item.blanks.map((accepted, index) => `(${index + 1}) ${accepted.join(' / ')}`);
    blocks.push(new Paragraph({ children: [label, new TextRun(words.join('  '))] }));
  } else if (item.answer) {
    blocks.push(...(await htmlToBlocks(item.answer, readImage, { lead: [label] })));
  }
  if (item.analysis) {
    const lead = [new TextRun({ text: texts.analysis, bold: true })];
    blocks.push(...(await htmlToBlocks(item.analysis, readImage, { lead })));
  }
  return blocks;
}

/**
 * A paper as a Word document (.docx), the format this field exchanges papers in: the header with
 * the job type, level, time and marks, lines for name and ticket number, a score table, then each
 * section with its questions numbered throughout; with `withKey`, each question's answer and
 * explanation follow it. Formulas become Word equations; tables and our uploaded images are kept.
 */
export async function paperDocx(
  snapshot: PaperSnapshot,
  options: {
    subjectName: string;
    language: MessageLanguage;
    withKey: boolean;
    readImage: ImageReader;
    /** The items of each section (a paper drawn per candidate: one candidate's draw). */
    items: { item: SnapshotItem; score: number }[][];
  },
): Promise<Buffer> {
  const texts = TEXTS[options.language];
  const level = CERT_LEVEL_NAMES[snapshot.paper.level as CertLevel]?.[options.language] ?? '';
  const children: Block[] = [
    new Paragraph({
      heading: HeadingLevel.TITLE,
      alignment: AlignmentType.CENTER,
      children: [new TextRun(snapshot.paper.name + (options.withKey ? texts.withKey : ''))],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      children: [
        new TextRun(
          [
            `${options.subjectName} · ${level}`,
            texts.minutes(snapshot.paper.durationMinutes),
            texts.total(scoreFromHundredths(snapshot.total)),
            texts.pass(scoreFromHundredths(snapshot.paper.passScore)),
          ].join(' · '),
        ),
      ],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 200, after: 200 },
      children: [new TextRun(`${texts.name}：______________    ${texts.ticket}：______________`)],
    }),
    scoreTable(snapshot, texts),
  ];

  let number = 0;
  for (const [index, section] of snapshot.sections.entries()) {
    const items = options.items[index] ?? [];
    const points = scoreFromHundredths(items.reduce((sum, entry) => sum + entry.score, 0));
    children.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_2,
        spacing: { before: 300 },
        children: [
          new TextRun(
            `${titleHasNumber(section.title) ? '' : texts.part(index)}${section.title}${texts.sectionTotals(items.length, points)}`,
          ),
        ],
      }),
    );
    if (section.description) children.push(new Paragraph(section.description));
    for (const { item, score } of items) {
      number += 1;
      children.push(
        ...(await htmlToBlocks(item.content, options.readImage, {
          lead: [new TextRun(`${number}. `)],
          tail: [new TextRun(texts.points(scoreFromHundredths(score)))],
        })),
      );
      for (const [o, option] of item.options.entries()) {
        children.push(
          ...(await htmlToBlocks(option.content, options.readImage, {
            lead: [new TextRun(`${option.key || OPTION_KEYS[o]}. `)],
          })),
        );
      }
      if (item.type === QuestionType.JUDGEMENT) {
        // The two answers with a box to tick, as the print view shows them.
        children.push(
          new Paragraph({
            children: [new TextRun(`☐ ${texts.judgement.T}        ☐ ${texts.judgement.F}`)],
          }),
        );
      }
      if (item.type === QuestionType.EXTERNAL_LINK && item.linkUrl) {
        children.push(new Paragraph({ children: [new TextRun(`${texts.task}${item.linkUrl}`)] }));
      }
      if (options.withKey) {
        children.push(...(await keyBlocks(item, texts, options.readImage)));
      } else if (item.type === QuestionType.SHORT_ANSWER) {
        children.push(answerLine(), answerLine(), answerLine(), answerLine());
      }
    }
  }

  const document = new Document({
    styles: { default: { document: { run: { font: 'SimSun', size: 22 } } } },
    sections: [
      {
        properties: {
          page: {
            size: { width: 11906, height: 16838 },
            margin: { top: 1134, bottom: 1134, left: 1134, right: 1134 },
          },
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(document);
}
