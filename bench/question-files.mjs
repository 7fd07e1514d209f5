// The files `bench/import-questions.mjs` imports besides Excel: `count` questions in the formats
// other tools write (QTI 2.2 and 3.0 content packages, Moodle XML, GIFT, Word .docx), the kinds
// each format carries mixed in turn (QTI, Moodle XML and GIFT have no external link question;
// the Word layout has all six), every IMAGE_EVERY-th question showing an image of its own (GIFT
// carries no files). Each generator answers { file, fileName, images }.
import { strToU8, zipSync } from 'fflate';
import JSZip from 'jszip';
import zlib from 'node:zlib';

/** Every how many questions one shows an image (a different one each time). */
export const IMAGE_EVERY = 10;

const esc = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const hasImage = (i) => i % IMAGE_EVERY === 0;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A valid 2×2 PNG whose colours come from `i`: a different file for every question. */
export function pngOf(i) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixel = [i & 0xff, (i >> 8) & 0xff, (i * 7) & 0xff];
  const rows = Buffer.from([0, ...pixel, 255, 255, 255, 0, 255, 255, 255, ...pixel]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const stemOf = (i) =>
  `Question ${i}: in a low-voltage installation, which statement about protective earthing, residual current devices and the disconnection time is correct for case ${i}?`;
const analysisOf = (i) => `Explanation of question ${i}: see the standard, section ${i % 40}.`;
const MODEL =
  'Switch off, lock out, verify the absence of voltage, earth and short-circuit, cover live parts.';
const scoreOf = (i) => [1, 2, 2.5, 5][i % 4];

/** The five kinds QTI, Moodle XML and GIFT carry, in turn. */
const KINDS = ['single', 'multiple', 'judgement', 'fill', 'short'];
const kindOf = (i) => KINDS[i % KINDS.length];

// ── QTI 2.2 and 3.0 ────────────────────────────────────────────────────────────────────────

/** QTI's element and attribute names: 2.x camelCase, or 3.0 qti-kebab-case. */
function qtiNames(version) {
  if (version === 2) return (name) => name;
  const kebab = (name) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return (name, attribute = false) =>
    attribute ? kebab(name) : ['p', 'img', 'strong'].includes(name) ? name : `qti-${kebab(name)}`;
}

function qtiItem(i, version) {
  const n = qtiNames(version);
  const a = (name) => n(name, true);
  const tag = (name, attributes, content) => {
    const written = Object.entries(attributes)
      .map(
        ([key, value]) =>
          ` ${key.includes(':') || key === 'identifier' || key === 'title' ? key : a(key)}="${value}"`,
      )
      .join('');
    return content === undefined
      ? `<${n(name)}${written}/>`
      : `<${n(name)}${written}>${content}</${n(name)}>`;
  };
  const kind = kindOf(i);
  const image = hasImage(i)
    ? `<p><img src="../images/figure-${i}.png" alt="figure ${i}"/></p>`
    : '';
  const value = (text) => tag('value', {}, text);
  const score = tag('outcomeDeclaration', {
    identifier: 'SCORE',
    cardinality: 'single',
    baseType: 'float',
    normalMaximum: scoreOf(i),
  });
  const declare = (cardinality, baseType, correct, mapping = '') =>
    tag(
      'responseDeclaration',
      { identifier: 'RESPONSE', cardinality, baseType },
      tag('correctResponse', {}, correct.map(value).join('')) + mapping,
    );
  const choices = (texts) =>
    texts.map((text, k) => tag('simpleChoice', { identifier: 'ABCDE'[k] }, esc(text))).join('');
  const choice = (max, prompt, texts) =>
    tag(
      'choiceInteraction',
      { responseIdentifier: 'RESPONSE', shuffle: 'false', maxChoices: max },
      tag('prompt', {}, esc(prompt)) + choices(texts),
    );
  let declaration;
  let body;
  switch (kind) {
    case 'single':
      declaration = declare('single', 'identifier', ['ABCD'[i % 4]]);
      body = choice(
        1,
        stemOf(i),
        [0, 1, 2, 3].map((k) => `Option ${k + 1} of question ${i}`),
      );
      break;
    case 'multiple':
      declaration = declare('multiple', 'identifier', ['A', 'C', 'E']);
      body = choice(
        0,
        stemOf(i),
        [0, 1, 2, 3, 4].map((k) => `Choice ${k + 1} of question ${i}`),
      );
      break;
    case 'judgement':
      declaration = declare('single', 'identifier', [i % 2 ? 'A' : 'B']);
      body = choice(1, stemOf(i), ['True', 'False']);
      break;
    case 'fill': {
      const mapping = tag(
        'mapping',
        { defaultValue: '0' },
        tag('mapEntry', { mapKey: 'earthing', mappedValue: '1', caseSensitive: 'false' }) +
          tag('mapEntry', { mapKey: 'grounding', mappedValue: '1', caseSensitive: 'false' }),
      );
      declaration = declare('single', 'string', ['earthing'], mapping);
      body = `<p>${esc(stemOf(i))} Protective ${tag('textEntryInteraction', { responseIdentifier: 'RESPONSE', expectedLength: '12' })} is required.</p>`;
      break;
    }
    default:
      declaration = tag('responseDeclaration', {
        identifier: 'RESPONSE',
        cardinality: 'single',
        baseType: 'string',
      });
      body =
        tag('rubricBlock', { view: 'scorer' }, `<p>${esc(MODEL)}</p>`) +
        tag(
          'extendedTextInteraction',
          { responseIdentifier: 'RESPONSE', expectedLines: '5' },
          tag('prompt', {}, esc(stemOf(i))),
        );
  }
  const feedback = tag(
    'modalFeedback',
    { outcomeIdentifier: 'FEEDBACK', identifier: 'ANY', showHide: 'show' },
    esc(analysisOf(i)),
  );
  const namespace =
    version === 2
      ? 'http://www.imsglobal.org/xsd/imsqti_v2p2'
      : 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<${n('assessmentItem')} xmlns="${namespace}" identifier="${version === 2 ? 'BENCH' : 'BENCH3'}-${i}" title="Bench ${i}" ${a('adaptive')}="false" ${a('timeDependent')}="false">` +
    declaration +
    score +
    tag('itemBody', {}, image + body) +
    feedback +
    `</${n('assessmentItem')}>`
  );
}

/** A QTI content package (version 2: QTI 2.2, 3: QTI 3.0) of `count` items and their images. */
export function qtiPackage(count, version) {
  const type = version === 2 ? 'imsqti_item_xmlv2p2' : 'imsqti_item_xmlv3p0';
  const namespace =
    version === 2
      ? 'http://www.imsglobal.org/xsd/imscp_v1p1'
      : 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1';
  const entries = {};
  const resources = [];
  let images = 0;
  for (let i = 0; i < count; i++) {
    const href = `items/item-${i}.xml`;
    entries[href] = strToU8(qtiItem(i, version));
    let files = `<file href="${href}"/>`;
    if (hasImage(i)) {
      entries[`images/figure-${i}.png`] = pngOf(i);
      files += `<file href="images/figure-${i}.png"/>`;
      images++;
    }
    resources.push(
      `<resource identifier="RES-${i}" type="${type}" href="${href}">${files}</resource>`,
    );
  }
  entries['imsmanifest.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?>\n<manifest xmlns="${namespace}" identifier="BENCH-QTI"><organizations/><resources>${resources.join('\n')}</resources></manifest>`,
  );
  return {
    file: Buffer.from(zipSync(entries, { level: 6 })),
    fileName: `bench-qti${version === 2 ? '22' : '30'}.zip`,
    images,
  };
}

// ── Moodle XML and GIFT ──────────────────────────────────────────────────────────────────────

const cdata = (html) => `<![CDATA[${html}]]>`;

function moodleQuestion(i) {
  const kind = kindOf(i);
  const type = {
    single: 'multichoice',
    multiple: 'multichoice',
    judgement: 'truefalse',
    fill: 'shortanswer',
    short: 'essay',
  }[kind];
  const image = hasImage(i) ? `<p><img src="@@PLUGINFILE@@/figure-${i}.png" alt=""></p>` : '';
  const file = hasImage(i)
    ? `<file name="figure-${i}.png" path="/" encoding="base64">${pngOf(i).toString('base64')}</file>`
    : '';
  const answer = (fraction, text) =>
    `<answer fraction="${fraction}" format="html"><text>${esc(text)}</text></answer>`;
  let answers;
  if (kind === 'single') {
    answers =
      '<single>true</single>' +
      [0, 1, 2, 3]
        .map((k) => answer(k === i % 4 ? 100 : 0, `Option ${k + 1} of question ${i}`))
        .join('');
  } else if (kind === 'multiple') {
    answers =
      '<single>false</single>' +
      [0, 1, 2, 3, 4]
        .map((k) => answer(k % 2 === 0 ? 33.33333 : -100, `Choice ${k + 1} of question ${i}`))
        .join('');
  } else if (kind === 'judgement') {
    answers = answer(i % 2 ? 100 : 0, 'true') + answer(i % 2 ? 0 : 100, 'false');
  } else if (kind === 'fill') {
    answers = answer(100, 'earthing') + answer(100, 'grounding');
  } else {
    answers = `<graderinfo format="html"><text>${cdata(`<p>${MODEL}</p>`)}</text></graderinfo>`;
  }
  return (
    `<question type="${type}"><name><text>Bench ${i}</text></name>` +
    `<questiontext format="html"><text>${cdata(`<p>${stemOf(i)}</p>${image}`)}</text>${file}</questiontext>` +
    `<generalfeedback format="html"><text>${esc(analysisOf(i))}</text></generalfeedback>` +
    `<defaultgrade>${scoreOf(i)}</defaultgrade><idnumber>BENCH-${i}</idnumber>${answers}</question>`
  );
}

export function moodleXml(count) {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<quiz>'];
  parts.push(
    '<question type="category"><category><text>$course$/top/Bench/Electrical</text></category></question>',
  );
  for (let i = 0; i < count; i++) parts.push(moodleQuestion(i));
  parts.push('</quiz>');
  return {
    file: Buffer.from(parts.join('\n')),
    fileName: 'bench-moodle.xml',
    images: Math.ceil(count / IMAGE_EVERY),
  };
}

function giftQuestion(i) {
  const title = `::Bench ${i}::`;
  const stem = stemOf(i).replace(/[:]/g, '\\:');
  const feedback = `####${analysisOf(i).replace(/[:]/g, '\\:')}`;
  switch (kindOf(i)) {
    case 'single':
      return `${title}${stem} {\n${[0, 1, 2, 3].map((k) => `  ${k === i % 4 ? '=' : '~'}Option ${k + 1} of question ${i}`).join('\n')}\n  ${feedback}\n}`;
    case 'multiple':
      return `${title}${stem} {\n${[0, 1, 2, 3, 4].map((k) => `  ~%${k % 2 === 0 ? '33.33333' : '-100'}%Choice ${k + 1} of question ${i}`).join('\n')}\n  ${feedback}\n}`;
    case 'judgement':
      return `${title}${stem} {${i % 2 ? 'T' : 'F'}${feedback}}`;
    case 'fill':
      return `${title}${stem} Protective {=earthing =grounding} is required.`;
    default:
      return `${title}${stem} {\n  ${feedback}\n}`;
  }
}

export function gift(count) {
  const parts = ['$CATEGORY: $course$/top/Bench/Electrical', ''];
  for (let i = 0; i < count; i++) parts.push(`${giftQuestion(i)}\n`);
  return { file: Buffer.from(parts.join('\n')), fileName: 'bench.gift', images: 0 };
}

// ── Word (.docx) in the typed layout ─────────────────────────────────────────────────────────

const W_NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';
const run = (text, props = '') =>
  `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
const para = (content) => `<w:p>${content}</w:p>`;
const line = (text) => para(run(text));
const picture = (relation, i) =>
  `<w:r><w:drawing><wp:inline><wp:extent cx="914400" cy="914400"/><wp:docPr id="${i + 1}" name="图片 ${i + 1}"/>` +
  `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>` +
  `<pic:nvPicPr><pic:cNvPr id="${i + 1}" name="figure-${i}.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
  `<pic:blipFill><a:blip r:embed="${relation}"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;

/** The six sections of a Chinese paper, one per type, the typed layout's headings. */
const SECTIONS = [
  ['一、单选题', 'single'],
  ['二、多选题', 'multiple'],
  ['三、判断题', 'judgement'],
  ['四、填空题', 'fill'],
  ['五、简答题', 'short'],
  ['六、外部链接题', 'link'],
];

function docxQuestion(i, number, kind, relation) {
  const lines = [];
  const stem = `${number}．${stemOf(i)}`;
  if (kind === 'fill') lines.push(line(`${stem} 保护（  ）是必需的。`));
  else lines.push(para(run(stem) + (kind === 'single' ? run(' 注意', '<w:b/>') : '')));
  if (relation) lines.push(para(picture(relation, i)));
  if (kind === 'single') {
    lines.push(line([0, 1, 2, 3].map((k) => `${'ABCD'[k]}．选项${k + 1}（题${i}）`).join('　　')));
    lines.push(line(`答案：${'ABCD'[i % 4]}`));
  } else if (kind === 'multiple') {
    for (let k = 0; k < 5; k++) lines.push(line(`${'ABCDE'[k]}. 选项${k + 1}（题${i}）`));
    lines.push(line('【答案】ACE'));
  } else if (kind === 'judgement') lines.push(line(`答案：${i % 2 ? '√' : '×'}`));
  else if (kind === 'fill') lines.push(line('答案：接地/earthing'));
  else if (kind === 'short') lines.push(line(`答案：${MODEL}`));
  else {
    lines.push(line(`链接：https://lab.example.com/tasks/${i}`));
    lines.push(line('答案：仿真电路通过检查即得满分。'));
  }
  lines.push(line(`解析：${analysisOf(i)}`));
  lines.push(line(`分值：${scoreOf(i)}`));
  lines.push(line(`难度：${(i % 5) + 1}`));
  lines.push(para(''));
  return lines.join('');
}

/** A Word document of `count` questions under six section headings, as teachers type it. */
export async function docx(count) {
  const body = [para(run('电工作业安全知识题库', '<w:b/>'))];
  const relations = [];
  const zip = new JSZip();
  let question = 0;
  SECTIONS.forEach(([heading, kind], s) => {
    const inSection = Math.floor(count / SECTIONS.length) + (s < count % SECTIONS.length ? 1 : 0);
    body.push(para(run(`${heading}（每题2分）`, '<w:b/>')));
    for (let number = 1; number <= inSection; number++, question++) {
      let relation;
      if (hasImage(question)) {
        relation = `rIdImage${question}`;
        relations.push(
          `<Relationship Id="${relation}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/figure-${question}.png"/>`,
        );
        zip.file(`word/media/figure-${question}.png`, pngOf(question));
      }
      body.push(docxQuestion(question, number, kind, relation));
    }
  });
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="png" ContentType="image/png"/>
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W_NS}><w:body>${body.join('\n')}<w:sectPr/></w:body></w:document>`,
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relations.join('\n')}</Relationships>`,
  );
  const file = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  return { file, fileName: 'bench.docx', images: relations.length };
}
