import { CHOICE_TYPES, QuestionType } from '@kaoshi/shared';
import type { ExportImages } from './question-export-foreign.js';
import {
  escapeAttribute,
  externalLinkHtml,
  toXhtml,
  type ExportQuestion,
} from './question-export-foreign.js';

/**
 * Questions as one Moodle XML file (docs.moodle.org "Moodle XML format"), read back by
 * question-import-moodle.ts:
 *
 * single / multiple choice → multichoice (single true / false; the key's fractions add up to
 *   100, a wrong answer of a multiple choice takes away its share);
 * judgement → truefalse; fill-in with one blank → shortanswer (case-sensitive, the accepted
 *   values at 100%); with several → multianswer (Cloze, one {n:SHORTANSWER_C:=…} per blank);
 * short answer → essay, the model answer as the grader information; external link → essay
 *   with the link after the stem (class kaoshi-external-link).
 * A category question before each run of questions of one job type / level / course; images
 * as base64 <file> elements of the text that shows them (@@PLUGINFILE@@/name).
 */

const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const points = (value: number) => String(Math.round(value * 100) / 100);
/** A fraction as Moodle writes it (up to 7 decimals). */
const fraction = (value: number) => String(Math.round(value * 1e7) / 1e7);

/** `$course$/top/a/b` with a slash inside a name doubled (categoryTags reads it back). */
const categoryPath = (parts: string[]) =>
  ['$course$', 'top', ...parts.map((part) => part.replace(/\//g, '//'))].join('/');

/** Characters Cloze gives a meaning to, escaped in an answer. */
const clozeAnswer = (value: string) => value.replace(/[\\}#~/"]/g, (c) => `\\${c}`);
/** Moodle's shortanswer * matches anything; a star of the answer is \*. */
const shortAnswer = (value: string) => value.replace(/\*/g, '\\*');

class MoodleText {
  constructor(private readonly images: ExportImages) {}

  /** HTML as a Moodle text element with the files it shows. */
  text(element: string, html: string, blank?: (index: number) => string, extra = '') {
    const used = new Set<string>();
    const xhtml = toXhtml(html, {
      imageSource: (source) => {
        const name = this.images.pathOf(source);
        if (!name) return source;
        used.add(name);
        return `@@PLUGINFILE@@/${encodeURIComponent(name.slice('images/'.length))}`;
      },
      blank,
      keepMarks: true,
    });
    const files = [...used]
      .map(
        (name) =>
          `<file name="${escapeAttribute(name.slice('images/'.length))}" path="/" encoding="base64">${this.images.files.get(name)!.toString('base64')}</file>`,
      )
      .join('');
    return `<${element} format="html"${extra}><text>${cdata(xhtml)}</text>${files}</${element}>`;
  }
}

function questionXml(question: ExportQuestion, texts: MoodleText) {
  const head =
    `<name><text>${escapeText(question.title)}</text></name>` +
    texts.text(
      'questiontext',
      question.content +
        (question.type === QuestionType.EXTERNAL_LINK ? externalLinkHtml(question.linkUrl) : ''),
      question.type === QuestionType.FILL_BLANK && question.blanks.length > 1
        ? (index) =>
            escapeText(
              `{1:SHORTANSWER_C:${(question.blanks[index] ?? []).map((value) => `=${clozeAnswer(value)}`).join('~')}}`,
            )
        : undefined,
    ) +
    texts.text('generalfeedback', question.analysis) +
    `<defaultgrade>${points(question.score)}</defaultgrade><penalty>0</penalty><hidden>0</hidden>` +
    `<idnumber>${escapeText(question.identifier)}</idnumber>`;
  const answer = (value: number, html: string) =>
    texts
      .text('answer', html, undefined, ` fraction="${fraction(value)}"`)
      .replace(/<\/answer>$/, '<feedback format="html"><text></text></feedback></answer>');
  if (CHOICE_TYPES.includes(question.type)) {
    const single = question.type === QuestionType.SINGLE;
    const keys = question.options.filter((option) => option.correct).length || 1;
    const wrong = question.options.length - keys || 1;
    const answers = question.options
      .map((option) =>
        answer(option.correct ? 100 / keys : single ? 0 : -100 / wrong, option.content),
      )
      .join('');
    return (
      `<question type="multichoice">${head}<single>${single}</single><shuffleanswers>false</shuffleanswers>` +
      `<answernumbering>ABCD</answernumbering>${answers}</question>`
    );
  }
  if (question.type === QuestionType.JUDGEMENT) {
    const right = question.answer === 'T';
    return (
      `<question type="truefalse">${head}` +
      `<answer fraction="${right ? 100 : 0}" format="moodle_auto_format"><text>true</text><feedback format="html"><text></text></feedback></answer>` +
      `<answer fraction="${right ? 0 : 100}" format="moodle_auto_format"><text>false</text><feedback format="html"><text></text></feedback></answer>` +
      `</question>`
    );
  }
  if (question.type === QuestionType.FILL_BLANK) {
    if (question.blanks.length > 1) return `<question type="multianswer">${head}</question>`;
    const answers = (question.blanks[0] ?? [])
      .map(
        (value) =>
          `<answer fraction="100" format="moodle_auto_format"><text>${escapeText(shortAnswer(value))}</text><feedback format="html"><text></text></feedback></answer>`,
      )
      .join('');
    return `<question type="shortanswer">${head}<usecase>1</usecase>${answers}</question>`;
  }
  const grader =
    question.type === QuestionType.SHORT_ANSWER ? texts.text('graderinfo', question.answer) : '';
  return (
    `<question type="essay">${head}<responseformat>editor</responseformat><responserequired>1</responserequired>` +
    `<responsefieldlines>15</responsefieldlines><attachments>0</attachments>${grader}</question>`
  );
}

/** The Moodle XML file of the questions (UTF-8 bytes). */
export async function moodleXml(questions: ExportQuestion[], images: ExportImages) {
  const texts = new MoodleText(images);
  const parts: string[] = [];
  let category = '';
  for (const question of questions) {
    await images.collect(
      [
        question.content,
        question.analysis,
        question.answer,
        ...question.options.map((o) => o.content),
      ].join(''),
    );
    const path = categoryPath(question.category);
    if (path !== category) {
      category = path;
      parts.push(
        `<question type="category"><category><text>${escapeText(path)}</text></category></question>`,
      );
    }
    parts.push(questionXml(question, texts));
  }
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${parts.join('\n')}\n</quiz>\n`,
    'utf8',
  );
}
