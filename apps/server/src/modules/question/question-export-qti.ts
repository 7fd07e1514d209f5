import { zipSync } from 'fflate';
import { CHOICE_TYPES, QuestionType, type QuestionImportLanguage } from '@kaoshi/shared';
import type { ExportImages } from './question-export-foreign.js';
import {
  JUDGEMENT_WORDS,
  escapeAttribute,
  externalLinkHtml,
  isOpenType,
  toXhtml,
  type ExportQuestion,
} from './question-export-foreign.js';

/**
 * Questions as a QTI content package (1EdTech QTI "Assessment, Section and Item" 2.2 or 3.0,
 * IMS Content Packaging 1.1): imsmanifest.xml, one item file per question under items/, the
 * images they show under images/, and for a paper an assessment test under tests/.
 *
 * single / multiple choice → choiceInteraction (maxChoices 1 / 0), the key as correctResponse,
 *   SCORE by a mapping (map_response);
 * judgement → a two-option choiceInteraction (T / F, words in the export's language);
 * fill-in → a textEntryInteraction where each blank marker stood, the accepted values as the
 *   correctResponse and case-sensitive mapEntries (Kaoshi compares the text as typed);
 * short answer → extendedTextInteraction, the model answer in rubricBlock view="scorer";
 * external link → the same, with the link in the body (class kaoshi-external-link).
 * The analysis is a modalFeedback. Stems are XHTML; formulas stay the editor's LaTeX spans.
 * 2.2 is written with camelCase names; 3.0 with the qti- kebab-case names of the same tree.
 */

export type QtiVersion = '2.2' | '3.0';

interface Version {
  namespace: string;
  schema: string;
  itemType: string;
  testType: string;
  manifestNamespace: string;
  manifestSchema: string;
  template: (name: string) => string;
  /** 3.0 wraps rubric and feedback content in qti-content-body. */
  contentBody: boolean;
}

const VERSIONS: Record<QtiVersion, Version> = {
  '2.2': {
    namespace: 'http://www.imsglobal.org/xsd/imsqti_v2p2',
    schema: 'http://www.imsglobal.org/xsd/qti/qtiv2p2/imsqti_v2p2p4.xsd',
    itemType: 'imsqti_item_xmlv2p2',
    testType: 'imsqti_test_xmlv2p2',
    manifestNamespace: 'http://www.imsglobal.org/xsd/imscp_v1p1',
    manifestSchema: 'http://www.imsglobal.org/xsd/imscp_v1p1.xsd',
    template: (name) => `http://www.imsglobal.org/question/qti_v2p2/rptemplates/${name}`,
    contentBody: false,
  },
  '3.0': {
    namespace: 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0',
    schema: 'https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd',
    itemType: 'imsqti_item_xmlv3p0',
    testType: 'imsqti_test_xmlv3p0',
    manifestNamespace: 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1',
    manifestSchema:
      'https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd',
    template: (name) => `https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/${name}.xml`,
    contentBody: true,
  },
};

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** Writes QTI elements by their 2.x names, in the version's form. */
class QtiWriter {
  constructor(readonly version: QtiVersion) {}

  name(qtiName: string) {
    return this.version === '3.0' ? `qti-${kebab(qtiName)}` : qtiName;
  }

  /** An element; attributes by 2.x names (undefined ones left out); children already written. */
  el(qtiName: string, attributes: Record<string, string | number | undefined>, ...body: string[]) {
    const name = this.name(qtiName);
    const written = Object.entries(attributes)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => {
        const attribute = this.version === '3.0' && !key.includes(':') ? kebab(key) : key;
        return ` ${attribute}="${escapeAttribute(String(value))}"`;
      })
      .join('');
    const content = body.join('');
    return content === '' ? `<${name}${written}/>` : `<${name}${written}>${content}</${name}>`;
  }

  /** Rubric / feedback content (3.0: inside qti-content-body). */
  content(xhtml: string) {
    return VERSIONS[this.version].contentBody ? this.el('contentBody', {}, xhtml) : xhtml;
  }
}

const points = (value: number) => String(Math.round(value * 100) / 100);

/** Divides `total` into `parts` shares of two decimals that add up to it. */
function shares(total: number, parts: number) {
  const hundredths = Math.round(total * 100);
  const each = Math.floor(hundredths / parts);
  return Array.from({ length: parts }, (_, index) =>
    index === parts - 1 ? (hundredths - each * (parts - 1)) / 100 : each / 100,
  );
}

/** A block of XHTML: a paragraph around it unless it starts with a block. */
const asBlock = (xhtml: string) =>
  xhtml.trim() === '' || /^\s*<(p|div|table|ul|ol|h\d|pre|blockquote)[\s>/]/.test(xhtml)
    ? xhtml
    : `<p>${xhtml}</p>`;

/** One question as an item document. */
export function qtiItem(
  question: ExportQuestion,
  version: QtiVersion,
  images: ExportImages,
  language: QuestionImportLanguage,
): string {
  const w = new QtiWriter(version);
  const imageSource = (source: string) => {
    const inPackage = images.pathOf(source);
    return inPackage ? `../${inPackage}` : source;
  };
  const xhtml = (html: string) => toXhtml(html, { imageSource });
  const declarations: string[] = [];
  let body = '';
  let processing = '';
  const score = question.score;

  if (CHOICE_TYPES.includes(question.type) || question.type === QuestionType.JUDGEMENT) {
    const judgement = question.type === QuestionType.JUDGEMENT;
    const words = JUDGEMENT_WORDS[language];
    const choices = judgement
      ? (['T', 'F'] as const).map((key) => ({
          key,
          content: words[key],
          correct: question.answer === key,
        }))
      : question.options;
    const keys = choices.filter((choice) => choice.correct);
    const multiple = question.type === QuestionType.MULTIPLE;
    const values = shares(score, Math.max(keys.length, 1));
    declarations.push(
      w.el(
        'responseDeclaration',
        {
          identifier: 'RESPONSE',
          cardinality: multiple ? 'multiple' : 'single',
          baseType: 'identifier',
        },
        w.el('correctResponse', {}, ...keys.map((key) => w.el('value', {}, key.key))),
        w.el(
          'mapping',
          { lowerBound: 0, upperBound: points(score), defaultValue: 0 },
          ...keys.map((key, index) =>
            w.el('mapEntry', { mapKey: key.key, mappedValue: points(values[index]!) }),
          ),
        ),
      ),
    );
    body = w.el(
      'choiceInteraction',
      { responseIdentifier: 'RESPONSE', shuffle: 'false', maxChoices: multiple ? 0 : 1 },
      w.el('prompt', {}, xhtml(question.content)),
      ...choices.map((choice) =>
        w.el('simpleChoice', { identifier: choice.key }, xhtml(choice.content)),
      ),
    );
    processing = w.el('responseProcessing', {
      template: VERSIONS[version].template('map_response'),
    });
  } else if (question.type === QuestionType.FILL_BLANK) {
    const values = shares(score, Math.max(question.blanks.length, 1));
    question.blanks.forEach((accepted, index) => {
      const identifier = `RESPONSE_${index + 1}`;
      declarations.push(
        w.el(
          'responseDeclaration',
          { identifier, cardinality: 'single', baseType: 'string' },
          w.el('correctResponse', {}, w.el('value', {}, escapeAttribute(accepted[0] ?? ''))),
          w.el(
            'mapping',
            { defaultValue: 0 },
            ...accepted.map((value) =>
              w.el('mapEntry', {
                mapKey: value,
                mappedValue: points(values[index]!),
                caseSensitive: 'true',
              }),
            ),
          ),
        ),
      );
    });
    body = asBlock(
      toXhtml(question.content, {
        imageSource,
        blank: (index) =>
          w.el('textEntryInteraction', {
            responseIdentifier: `RESPONSE_${index + 1}`,
            expectedLength: Math.max(8, ...(question.blanks[index] ?? []).map((v) => v.length)),
          }),
      }),
    );
    processing = w.el(
      'responseProcessing',
      {},
      w.el(
        'setOutcomeValue',
        { identifier: 'SCORE' },
        w.el(
          'sum',
          {},
          ...question.blanks.map((_, index) =>
            w.el('mapResponse', { identifier: `RESPONSE_${index + 1}` }),
          ),
        ),
      ),
    );
  } else if (isOpenType(question.type)) {
    declarations.push(
      w.el('responseDeclaration', {
        identifier: 'RESPONSE',
        cardinality: 'single',
        baseType: 'string',
      }),
    );
    const link =
      question.type === QuestionType.EXTERNAL_LINK ? externalLinkHtml(question.linkUrl) : '';
    const model = question.type === QuestionType.SHORT_ANSWER ? xhtml(question.answer) : '';
    body =
      (model !== ''
        ? w.el(
            'rubricBlock',
            { view: 'scorer', use: version === '3.0' ? 'scoring' : undefined },
            w.content(asBlock(model)),
          )
        : '') +
      asBlock(xhtml(question.content)) +
      link +
      w.el('extendedTextInteraction', { responseIdentifier: 'RESPONSE' });
  }

  const outcomes = [
    w.el('outcomeDeclaration', {
      identifier: 'SCORE',
      cardinality: 'single',
      baseType: 'float',
      normalMaximum: points(score),
    }),
    w.el(
      'outcomeDeclaration',
      { identifier: 'MAXSCORE', cardinality: 'single', baseType: 'float' },
      w.el('defaultValue', {}, w.el('value', {}, points(score))),
    ),
    w.el('outcomeDeclaration', {
      identifier: 'FEEDBACK',
      cardinality: 'single',
      baseType: 'identifier',
    }),
  ];
  const analysis = xhtml(question.analysis);
  // Shown whatever the response: FEEDBACK is never set to the identifier it hides on.
  const feedback =
    analysis.trim() === ''
      ? ''
      : w.el(
          'modalFeedback',
          {
            outcomeIdentifier: 'FEEDBACK',
            identifier: 'ANALYSIS_HIDDEN',
            showHide: 'hide',
            title: 'Analysis',
          },
          w.content(asBlock(analysis)),
        );
  const root = w.el(
    'assessmentItem',
    {
      xmlns: VERSIONS[version].namespace,
      'xmlns:xsi': XSI,
      'xsi:schemaLocation': `${VERSIONS[version].namespace} ${VERSIONS[version].schema}`,
      identifier: question.identifier,
      title: question.title,
      adaptive: version === '2.2' ? 'false' : undefined,
      timeDependent: 'false',
      'xml:lang': language,
    },
    ...declarations,
    ...outcomes,
    w.el('itemBody', {}, body),
    processing,
    feedback,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}\n`;
}

/** A paper's sections for the assessment test: each item's identifier (its file is items/<id>.xml). */
export interface QtiTestSection {
  title: string;
  identifiers: string[];
  /** A section drawn per candidate: how many of its items each candidate gets. */
  select?: number;
}

function qtiTest(
  test: { identifier: string; title: string; sections: QtiTestSection[] },
  version: QtiVersion,
  language: QuestionImportLanguage,
) {
  const w = new QtiWriter(version);
  const sections = test.sections.map((section, index) =>
    w.el(
      'assessmentSection',
      { identifier: `S${index + 1}`, title: section.title || `${index + 1}`, visible: 'true' },
      section.select !== undefined ? w.el('selection', { select: section.select }) : '',
      ...section.identifiers.map((identifier) =>
        w.el('assessmentItemRef', { identifier, href: `../items/${identifier}.xml` }),
      ),
    ),
  );
  const root = w.el(
    'assessmentTest',
    {
      xmlns: VERSIONS[version].namespace,
      'xmlns:xsi': XSI,
      'xsi:schemaLocation': `${VERSIONS[version].namespace} ${VERSIONS[version].schema}`,
      identifier: test.identifier,
      title: test.title,
      'xml:lang': language,
    },
    w.el('outcomeDeclaration', { identifier: 'SCORE', cardinality: 'single', baseType: 'float' }),
    w.el(
      'testPart',
      { identifier: 'P1', navigationMode: 'nonlinear', submissionMode: 'simultaneous' },
      ...sections,
    ),
    w.el(
      'outcomeProcessing',
      {},
      w.el(
        'setOutcomeValue',
        { identifier: 'SCORE' },
        w.el('sum', {}, w.el('testVariables', { variableIdentifier: 'SCORE' })),
      ),
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}\n`;
}

/**
 * The package: every question an item (with the images it shows), and a test when `test` is
 * given. Answers the .zip's bytes.
 */
export async function qtiPackage(
  questions: ExportQuestion[],
  options: {
    version: QtiVersion;
    language: QuestionImportLanguage;
    images: ExportImages;
    test?: { identifier: string; title: string; sections: QtiTestSection[] };
  },
): Promise<Buffer> {
  const { version, language, images } = options;
  const entries: Record<string, Uint8Array> = {};
  const resources: string[] = [];
  const encoder = new TextEncoder();
  for (const question of questions) {
    await images.collect(
      [
        question.content,
        question.analysis,
        question.answer,
        ...question.options.map((o) => o.content),
      ].join(''),
    );
    const href = `items/${question.identifier}.xml`;
    entries[href] = encoder.encode(qtiItem(question, version, images, language));
    const files = [
      question.content,
      question.analysis,
      question.answer,
      ...question.options.map((o) => o.content),
    ]
      .flatMap((html) =>
        [...html.matchAll(/src="([^"]+)"/g)].map((match) => images.pathOf(match[1]!)),
      )
      .filter((name): name is string => name !== undefined);
    resources.push(
      `<resource identifier="RES-${escapeAttribute(question.identifier)}" type="${VERSIONS[version].itemType}" href="${href}">` +
        [href, ...new Set(files)]
          .map((file) => `<file href="${escapeAttribute(file)}"/>`)
          .join('') +
        '</resource>',
    );
  }
  if (options.test) {
    const href = `tests/${options.test.identifier}.xml`;
    entries[href] = encoder.encode(qtiTest(options.test, version, language));
    const items = options.test.sections.flatMap((section) => section.identifiers);
    resources.unshift(
      `<resource identifier="RES-${escapeAttribute(options.test.identifier)}" type="${VERSIONS[version].testType}" href="${href}">` +
        `<file href="${href}"/>` +
        items.map((id) => `<dependency identifierref="RES-${escapeAttribute(id)}"/>`).join('') +
        '</resource>',
    );
  }
  for (const [name, content] of images.files) entries[name] = content;
  const v = VERSIONS[version];
  entries['imsmanifest.xml'] = encoder.encode(
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<manifest xmlns="${v.manifestNamespace}" xmlns:xsi="${XSI}" identifier="MANIFEST-kaoshi" ` +
      `xsi:schemaLocation="${v.manifestNamespace} ${v.manifestSchema}">` +
      `<metadata><schema>QTI Package</schema><schemaversion>${version === '3.0' ? '3.0.0' : '2.2'}</schemaversion></metadata>` +
      `<organizations/><resources>${resources.join('')}</resources></manifest>\n`,
  );
  return Buffer.from(zipSync(entries, { level: 6, mtime: new Date('2000-01-01T00:00:00Z') }));
}
