import type { QuestionImportLanguage } from '@kaoshi/shared';
import JSZip from 'jszip';

// The Word import's template: a .docx showing the layout the reader takes (question-import-
// docx.ts), with an example of each type, in the user's language. Its parts are written by
// hand: the few a word processor needs to open a document.

export const DOCX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A paragraph: plain text, or pieces where `**x**` is bold and `$a/b$` a fraction formula. */
type Line = string;

interface DocxTemplateTexts {
  fileName: string;
  asciiName: string;
  title: string;
  /** How to lay the document out: bullets, never numbered (a number starts a question). */
  notes: Line[];
  /** Section headings and their questions, as the reader takes them. */
  body: Line[];
}

const TEXTS: Record<QuestionImportLanguage, DocxTemplateTexts> = {
  zh: {
    fileName: '试题导入模板.docx',
    asciiName: 'question-import-template.docx',
    title: '试题导入模板（Word）',
    notes: [
      '• 用“一、单选题”“二、多选题”“三、判断题”“四、填空题”“五、简答题”分大题，大题标题中的“每题2分”是本大题每题的分值。',
      '• 每道题以题号开头（1. 或 1、 或（1）），选项 A–F 各占一行，也可写在同一行（A．… B．…）。',
      '• 答案、解析、分值、难度（1–5）、标签各占一行，写作“答案：B”或“【答案】B”。判断题答案写 √ 或 ×；填空题的空用 ____ 或（  ），多个空的答案用 | 分隔，同一空的多个答案用 / 分隔。',
      '• 文中的加粗、斜体、下划线、图片、表格和公式会保留。标题和说明（题号之前的文字）不会导入。',
    ],
    body: [
      '一、单选题（每题2分）',
      '1．下列哪个是安全电压？（  ）',
      'A．220V　　B．36V　　C．380V　　D．110V',
      '答案：B',
      '解析：我国规定的安全电压额定值为**36V**及以下。',
      '难度：2',
      '',
      '二、多选题（每题3分）',
      '1．发现有人触电时，正确的做法有（  ）。',
      'A．迅速切断电源',
      'B．用干燥的木棒挑开电线',
      'C．直接用手拉开触电者',
      'D．立即进行心肺复苏',
      '【答案】ABD',
      '【解析】切勿直接用手接触触电者。',
      '标签：急救',
      '',
      '三、判断题（每题1分）',
      '1．电气设备的金属外壳必须可靠接地。',
      '答案：√',
      '',
      '四、填空题（每题2分）',
      '1．电阻 R 两端电压为 U 时，电流 $I=U/R$，电阻的单位是____。',
      '答案：欧姆/Ω',
      '',
      '五、简答题（每题5分）',
      '1．简述停电检修的安全步骤。',
      '答案：停电、验电、装设接地线、悬挂标示牌和装设遮栏。',
      '分值：6',
    ],
  },
  en: {
    fileName: 'question-import-template.docx',
    asciiName: 'question-import-template.docx',
    title: 'Question import template (Word)',
    notes: [
      '• Sections "I. Single choice", "II. Multiple choice", "III. True or false", "IV. Fill in the blank", "V. Short answer" give the type of the questions under them; "2 points each" in a heading is their score.',
      '• Each question starts with its number (1. or (1)); options A–F each on a line, or several on one line (A. …  B. …).',
      '• Answer, Analysis, Score, Difficulty (1–5) and Tags each on a line, as "Answer: B". True or false: True or False; a blank is ____, the answers of several blanks are separated by |, alternatives by /.',
      '• Bold, italic, underline, images, tables and formulas are kept. The title and these notes (text before the first number) are not imported.',
    ],
    body: [
      'I. Single choice (2 points each)',
      '1. Which voltage is a safe voltage?',
      'A. 220V    B. 36V    C. 380V    D. 110V',
      'Answer: B',
      'Analysis: **36 V** and below is a safe voltage.',
      'Difficulty: 2',
      '',
      'II. Multiple choice (3 points each)',
      '1. What do you do when someone gets an electric shock?',
      'A. Switch off the supply',
      'B. Push the wire away with a dry wooden stick',
      'C. Pull the person away by hand',
      'D. Start CPR if the heart has stopped',
      'Answer: ABD',
      'Analysis: Never touch the person with bare hands.',
      'Tags: first aid',
      '',
      'III. True or false (1 point each)',
      '1. The metal casing of electrical equipment must be earthed.',
      'Answer: True',
      '',
      'IV. Fill in the blank (2 points each)',
      '1. With $I=U/R$, the unit of the resistance R is ____.',
      'Answer: ohm/Ω',
      '',
      'V. Short answer (5 points each)',
      '1. List the safety steps before working on a switched-off circuit.',
      'Answer: Switch off, lock out, verify, earth, post signs.',
      'Score: 6',
    ],
  },
  es: {
    fileName: 'plantilla-importacion-preguntas.docx',
    asciiName: 'plantilla-importacion-preguntas.docx',
    title: 'Plantilla de importación de preguntas (Word)',
    notes: [
      '• Las secciones «I. Opción única», «II. Opción múltiple», «III. Verdadero o falso», «IV. Completar espacios», «V. Respuesta corta» dan el tipo de sus preguntas; «2 puntos cada una» en el título es su puntuación.',
      '• Cada pregunta empieza con su número (1. o (1)); las opciones A–F en líneas propias, o varias en una línea (A. …  B. …).',
      '• Respuesta, Explicación, Puntuación, Dificultad (1–5) y Etiquetas en líneas propias, como «Respuesta: B». Verdadero o falso: Verdadero o Falso; un espacio es ____, las respuestas de varios espacios se separan con |, las alternativas con /.',
      '• Se conservan negrita, cursiva, subrayado, imágenes, tablas y fórmulas. El título y estas notas (el texto antes del primer número) no se importan.',
    ],
    body: [
      'I. Opción única (2 puntos cada una)',
      '1. ¿Qué tensión es una tensión de seguridad?',
      'A. 220V    B. 36V    C. 380V    D. 110V',
      'Respuesta: B',
      'Explicación: **36 V** o menos es una tensión de seguridad.',
      'Dificultad: 2',
      '',
      'II. Opción múltiple (3 puntos cada una)',
      '1. ¿Qué hacer ante una persona electrocutada?',
      'A. Cortar la alimentación',
      'B. Apartar el cable con un palo de madera seco',
      'C. Tirar de la persona con las manos',
      'D. Iniciar la RCP si el corazón se ha parado',
      'Respuesta: ABD',
      'Explicación: Nunca toque a la persona con las manos desnudas.',
      'Etiquetas: primeros auxilios',
      '',
      'III. Verdadero o falso (1 punto cada una)',
      '1. La carcasa metálica de los equipos eléctricos debe estar puesta a tierra.',
      'Respuesta: Verdadero',
      '',
      'IV. Completar espacios (2 puntos cada una)',
      '1. Con $I=U/R$, la unidad de la resistencia R es el ____.',
      'Respuesta: ohmio/Ω',
      '',
      'V. Respuesta corta (5 puntos cada una)',
      '1. Enumere los pasos de seguridad antes de trabajar en un circuito desconectado.',
      'Respuesta: Desconectar, bloquear, verificar, poner a tierra, señalizar.',
      'Puntuación: 6',
    ],
  },
  ja: {
    fileName: '問題インポートテンプレート.docx',
    asciiName: 'question-import-template.docx',
    title: '問題インポートテンプレート（Word）',
    notes: [
      '• 「一、単一選択」「二、複数選択」「三、正誤判定」「四、穴埋め」「五、記述式」の見出しがその下の問題の形式を決めます。見出しの「各2点」はその問題の配点です。',
      '• 問題は番号（1. や 1、 や（1））で始めます。選択肢 A–F は 1 行ずつ、または 1 行にまとめて（A．… B．…）書きます。',
      '• 正解、解説、配点、難易度（1–5）、タグはそれぞれ 1 行に「正解：B」のように書きます。正誤判定は ○ または ×、空欄は ____、複数の空欄の正解は | で、別解は / で区切ります。',
      '• 太字、斜体、下線、画像、表、数式はそのまま取り込まれます。タイトルとこの説明（最初の番号より前の文）は取り込まれません。',
    ],
    body: [
      '一、単一選択（各2点）',
      '1．安全電圧はどれですか。',
      'A．220V　　B．36V　　C．380V　　D．110V',
      '正解：B',
      '解説：**36V**以下が安全電圧です。',
      '難易度：2',
      '',
      '二、複数選択（各3点）',
      '1．感電した人を見つけたときの正しい対応はどれですか。',
      'A．すぐに電源を切る',
      'B．乾いた木の棒で電線を離す',
      'C．素手で感電者を引き離す',
      'D．心停止なら心肺蘇生を始める',
      '正解：ABD',
      '解説：感電者に素手で触れてはいけません。',
      'タグ：応急手当',
      '',
      '三、正誤判定（各1点）',
      '1．電気機器の金属製外箱は確実に接地しなければならない。',
      '正解：○',
      '',
      '四、穴埋め（各2点）',
      '1．$I=U/R$ のとき、抵抗 R の単位は____です。',
      '正解：オーム/Ω',
      '',
      '五、記述式（各5点）',
      '1．停電作業の前に行う安全手順を挙げなさい。',
      '正解：停電、施錠、検電、接地、表示。',
      '配点：6',
    ],
  },
};

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const M = 'http://schemas.openxmlformats.org/officeDocument/2006/math';
const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;',
  );

const run = (text: string, bold = false) =>
  text === ''
    ? ''
    : `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
const mathRun = (text: string) => `<m:r><m:t>${escapeXml(text)}</m:t></m:r>`;

/** `$left=a/b$` as OMML: the text before the slash's operand, then a fraction. */
function formula(source: string) {
  const fraction = /^(.*?)([^=+\-\s/]+)\/([^=+\-\s/]+)$/.exec(source);
  if (!fraction) return `<m:oMath>${mathRun(source)}</m:oMath>`;
  const [, before, numerator, denominator] = fraction;
  return (
    `<m:oMath>${before ? mathRun(before) : ''}<m:f><m:num>${mathRun(numerator!)}</m:num>` +
    `<m:den>${mathRun(denominator!)}</m:den></m:f></m:oMath>`
  );
}

/** A line's runs: **bold** and $formula$ pieces among plain text. */
function runs(line: Line) {
  return line
    .split(/(\*\*[^*]+\*\*|\$[^$]+\$)/)
    .map((piece) => {
      if (piece.startsWith('**')) return run(piece.slice(2, -2), true);
      if (piece.startsWith('$')) return formula(piece.slice(1, -1));
      return run(piece);
    })
    .join('');
}

const paragraph = (content: string, properties = '') =>
  `<w:p>${properties ? `<w:pPr>${properties}</w:pPr>` : ''}${content}</w:p>`;

/** The template in `language`: its file and download names. */
export async function questionDocxTemplate(language: QuestionImportLanguage) {
  const texts = TEXTS[language];
  const headingOf = (line: Line) => /^(?:[一二三四五六七八九十]+、|[IVX]+\. )/.test(line);
  const body = [
    paragraph(run(texts.title, true), '<w:jc w:val="center"/>'),
    ...texts.notes.map((note) => paragraph(runs(note))),
    paragraph(''),
    ...texts.body.map((line) =>
      headingOf(line) ? paragraph(run(line, true)) : paragraph(runs(line)),
    ),
  ].join('');
  const document =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
    `<w:document xmlns:w="${W}" xmlns:m="${M}"><w:body>${body}` +
    `<w:sectPr><w:pgSz w:w="11906" w:h="16838"/>` +
    `<w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>` +
    `</w:sectPr></w:body></w:document>`;
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
      `</Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>` +
      `</Relationships>`,
  );
  zip.file('word/document.xml', document);
  const buffer = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  return {
    buffer,
    fileName: texts.fileName,
    asciiName: texts.asciiName,
    contentType: DOCX_CONTENT_TYPE,
  };
}
