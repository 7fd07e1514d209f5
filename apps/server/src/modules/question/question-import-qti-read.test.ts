import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { foreignToRaw } from './question-import-foreign.js';
import { packagePath } from './question-import-qti-package.js';
import { readQti } from './question-import-qti.js';

// The QTI reader alone, on items written for one rule each (the import through the API:
// question-import-qti.test.ts).

const item = (body: string, head = '', attributes = '') =>
  Buffer.from(`<?xml version="1.0"?>
<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p2" identifier="I1" title="T" ${attributes}>
  <responseDeclaration identifier="R1" cardinality="single" baseType="identifier">
    <correctResponse><value>A</value></correctResponse>
  </responseDeclaration>
  ${head}
  <itemBody>${body}</itemBody>
</assessmentItem>`);
const choice = `<choiceInteraction responseIdentifier="R1" maxChoices="1"><prompt>Q?</prompt>
  <simpleChoice identifier="A">a</simpleChoice><simpleChoice identifier="B">b</simpleChoice></choiceInteraction>`;
const problemsOf = (file: Buffer) =>
  readQti(file, 'item.xml')[0]!.problems.map(
    (found) => `${found.code} ${found.field}: ${found.message}`,
  );

describe('QTI reader', () => {
  it('refuses what Kaoshi cannot represent, naming why', () => {
    expect(problemsOf(item(`${choice}<textEntryInteraction responseIdentifier="R2"/>`))).toEqual([
      'unsupported type: interactions of different kinds in one item (choiceInteraction, textEntryInteraction): a Kaoshi question has one kind',
    ]);
    expect(problemsOf(item(`${choice}${choice}`))).toEqual([
      'unsupported type: 2 choiceInteractions in one item: a Kaoshi question has one',
    ]);
    expect(
      problemsOf(
        item(
          choice,
          '<templateDeclaration identifier="X" cardinality="single" baseType="integer"/>',
        ),
      ),
    ).toEqual([
      'unsupported type: a template item generates its values: Kaoshi has no questions with generated values',
    ]);
    expect(problemsOf(item('<p>Read this.</p>'))).toEqual([
      'unsupported type: the item has no interaction: nothing to answer',
    ]);
    expect(problemsOf(item(`<gapMatchInteraction responseIdentifier="R1"/>`))).toEqual([
      'unsupported type: a gap match interaction: Kaoshi has no drag and drop',
    ]);
    expect(
      problemsOf(item(`<object type="video/mp4" data="clip.mp4">clip</object>${choice}`)),
    ).toEqual([
      'unsupported content: the media "clip.mp4" (video/mp4): Kaoshi questions show images, not media',
    ]);
  });

  it('names a choice without a key, and an image a single item file cannot carry', () => {
    const noKey = item(choice.replace('identifier="A"', 'identifier="Z"'));
    expect(problemsOf(noKey)).toEqual([
      'required answer: the item declares no correct choice (correctResponse or mapping)',
    ]);
    const withImage = item(`<p><img src="images/a.png" alt="a"/></p>${choice}`);
    const { rows } = foreignToRaw(readQti(withImage, 'item.xml'));
    expect(rows[0]!.problems.map((found) => found.message)).toEqual([
      'the image "images/a.png" is not in the file',
    ]);
  });

  it('names the second item of a package with the same identifier', () => {
    const manifest = `<manifest><resources>
      <resource type="imsqti_item_xmlv2p2" href="a.xml"/><resource type="imsqti_item_xmlv2p2" href="b.xml"/>
    </resources></manifest>`;
    const file = Buffer.from(
      zipSync({
        'imsmanifest.xml': strToU8(manifest),
        'a.xml': item(choice),
        'b.xml': item(choice),
      }),
    );
    const [first, second] = readQti(file, 'p.zip');
    expect(first!.problems).toEqual([]);
    expect(second!.problems.map((found) => found.message)).toEqual([
      'the same identifier "I1" as the question at item 1',
    ]);
  });

  it('keeps paths inside the package', () => {
    expect(packagePath('items/a.xml', '../images/x.png')).toBe('images/x.png');
    expect(packagePath('items/a.xml', 'x%20y.png')).toBe('items/x y.png');
    expect(packagePath('items/a.xml', '../../x.png')).toBeUndefined();
    expect(packagePath('items/a.xml', '/etc/passwd')).toBeUndefined();
    expect(packagePath('items/a.xml', 'file:///etc/passwd')).toBeUndefined();
  });
});
