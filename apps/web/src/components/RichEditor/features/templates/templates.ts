/**
 * Ready-made layouts for exam questions. The structure lives here; every word comes from the
 * `editorTools.templates.items` messages, so a template is inserted in the interface language.
 */
export const TEMPLATE_IDS = [
  'caseAnalysis',
  'dataTable',
  'imageCaption',
  'operationSteps',
] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

/** Looks up one text of a template, e.g. text('background') → editorTools.templates.items.<id>.background. */
type Text = (key: string) => string;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const BUILDERS: Record<TemplateId, (text: Text) => string> = {
  caseAnalysis: (text) =>
    [
      `<h3>${text('backgroundTitle')}</h3>`,
      `<p>${text('background')}</p>`,
      `<h3>${text('questionsTitle')}</h3>`,
      `<ol><li><p>${text('question1')}</p></li><li><p>${text('question2')}</p></li><li><p>${text('question3')}</p></li></ol>`,
    ].join(''),
  // Headers in the first row and column and numbers in the body: ready for the chart tool.
  dataTable: (text) => {
    const row = (name: string, values: number[]) =>
      `<tr><th><p>${name}</p></th>${values.map((value) => `<td><p>${value}</p></td>`).join('')}</tr>`;
    return [
      `<p>${text('intro')}</p>`,
      '<table><tbody>',
      `<tr><th><p>${text('corner')}</p></th><th><p>${text('column1')}</p></th><th><p>${text('column2')}</p></th><th><p>${text('column3')}</p></th></tr>`,
      row(text('row1'), [120, 135, 150]),
      row(text('row2'), [98, 110, 126]),
      row(text('row3'), [75, 82, 90]),
      '</tbody></table>',
      `<p>${text('question')}</p>`,
    ].join('');
  },
  imageCaption: (text) =>
    [
      `<p>${text('stem')}</p>`,
      `<p style="text-align: center">${text('placeholder')}</p>`,
      `<p style="text-align: center"><em>${text('caption')}</em></p>`,
      `<p>${text('question')}</p>`,
    ].join(''),
  operationSteps: (text) =>
    [
      `<h3>${text('taskTitle')}</h3>`,
      `<p>${text('task')}</p>`,
      `<h3>${text('stepsTitle')}</h3>`,
      `<ol><li><p>${text('step1')}</p></li><li><p>${text('step2')}</p></li><li><p>${text('step3')}</p></li><li><p>${text('step4')}</p></li></ol>`,
      `<h3>${text('scoringTitle')}</h3>`,
      `<ul><li><p>${text('scoring1')}</p></li><li><p>${text('scoring2')}</p></li></ul>`,
    ].join(''),
};

/** The template's HTML; `text` gets the key inside the template's messages and is escaped here. */
export function templateHtml(id: TemplateId, text: Text): string {
  return BUILDERS[id]((key) => escapeHtml(text(key)));
}
