// fflate is a dependency of apps/server (the QTI import unpacks with it); the test packs with it.
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKnowledge, type KnowledgeFixture } from './api';
import { screenshot } from './browser';
import { adminSession } from './session';
import { questionScreens } from './question-kit';

// The question import's QTI source, driven through the UI by the administrator: a QTI 3.0
// package with a choice item, an order item Kaoshi cannot represent and a test that becomes a
// draft paper.

describe('Question bank: QTI import', () => {
  const session = adminSession();
  let knowledge: KnowledgeFixture;
  const tag = `Q${Date.now().toString(36).toUpperCase()}`;

  beforeAll(async () => {
    knowledge = await createKnowledge(session.admin, tag);
  });

  const { openBank, importPreview, importApply, find } = questionScreens(session, () => knowledge);

  const item = (identifier: string, body: string, declaration: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="${identifier}" title="${identifier}" adaptive="false" time-dependent="false">
  ${declaration}
  <qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float" normal-maximum="2"/>
  <qti-item-body>${body}</qti-item-body>
</qti-assessment-item>`;
  const choice = item(
    `QTI单选${tag}`,
    `<qti-choice-interaction response-identifier="RESPONSE" max-choices="1">
      <qti-prompt>QTI单选${tag}：工频交流电的频率是多少？</qti-prompt>
      <qti-simple-choice identifier="A">50 Hz</qti-simple-choice>
      <qti-simple-choice identifier="B">60 Hz</qti-simple-choice>
    </qti-choice-interaction>`,
    `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">
      <qti-correct-response><qti-value>A</qti-value></qti-correct-response></qti-response-declaration>`,
  );
  const order = item(
    `QTI排序${tag}`,
    `<qti-order-interaction response-identifier="RESPONSE">
      <qti-prompt>把步骤排序。</qti-prompt>
      <qti-simple-choice identifier="A">断电</qti-simple-choice>
      <qti-simple-choice identifier="B">验电</qti-simple-choice>
    </qti-order-interaction>`,
    `<qti-response-declaration identifier="RESPONSE" cardinality="ordered" base-type="identifier">
      <qti-correct-response><qti-value>A</qti-value><qti-value>B</qti-value></qti-correct-response></qti-response-declaration>`,
  );
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="E2E">
  <resources>
    <resource identifier="R1" type="imsqti_item_xmlv3p0" href="items/choice.xml"><file href="items/choice.xml"/></resource>
    <resource identifier="R2" type="imsqti_item_xmlv3p0" href="items/order.xml"><file href="items/order.xml"/></resource>
    <resource identifier="T1" type="imsqti_test_xmlv3p0" href="test.xml"><file href="test.xml"/></resource>
  </resources>
</manifest>`;
  const test = `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-test xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="T" title="QTI试卷${tag}">
  <qti-test-part identifier="P" navigation-mode="linear" submission-mode="individual">
    <qti-assessment-section identifier="S" title="一、单选题" visible="true">
      <qti-assessment-item-ref identifier="I1" href="items/choice.xml"><qti-weight identifier="W" value="3"/></qti-assessment-item-ref>
      <qti-assessment-item-ref identifier="I2" href="items/order.xml"/>
    </qti-assessment-section>
  </qti-test-part>
</qti-assessment-test>`;
  const qtiPackage = Buffer.from(
    zipSync({
      'test.xml': strToU8(test),
      'imsmanifest.xml': strToU8(manifest),
      'items/choice.xml': strToU8(choice),
      'items/order.xml': strToU8(order),
    }),
  );

  it('imports a QTI package, naming the item it cannot represent, and updates it the second time', async () => {
    const { page, unexpectedErrors } = await openBank();
    const importOnce = () =>
      importPreview(page, {
        source: 'QTI（.zip / .xml）',
        file: { name: 'bank.zip', mimeType: 'application/zip', buffer: qtiPackage },
        onFile: () => screenshot(page, 'question-import-qti-file-zh', { fullPage: false }),
      });

    let modal = await importOnce();
    const bad = modal.locator('.import-row-invalid');
    await expect.poll(() => bad.count()).toBe(1);
    expect(await bad.innerText()).toContain(`QTI排序${tag}`);
    expect(await bad.locator('.import-row-errors').innerText()).toMatch(
      /^考试系统无法表示此类试题，不导入（an order interaction/,
    );
    const good = modal.locator('.ant-table-row', { hasText: `QTI单选${tag} · QTI单选${tag}` });
    expect(await good.innerText()).toContain('新增');
    const paperLine = modal.locator('.import-paper');
    expect(await paperLine.innerText()).toContain(`试卷：QTI试卷${tag}`);
    expect(await paperLine.innerText()).toContain('一、单选题：1 道，6 分');
    expect(await modal.locator('#question-import-make-paper').isChecked()).toBe(true);
    await screenshot(page, 'question-import-qti-preview-zh', { fullPage: false });
    await importApply(
      page,
      modal,
      '共 2 道试题：新增 1 道，跳过 1 道。',
      'question-import-qti-paper-zh',
      async () => {
        const draft = modal.locator('.import-paper-made a');
        expect(await draft.getAttribute('href')).toMatch(/\/examPublishManage\/paperEdit\?id=\d+$/);
      },
    );
    expect(await find(`QTI单选${tag}：`)).toMatchObject({
      type: 0,
      score: 2,
      courseId: knowledge.course.id,
    });

    modal = await importOnce();
    expect(
      await modal.locator('.ant-table-row', { hasText: `QTI单选${tag} · ` }).innerText(),
    ).toContain('更新');
    // A re-import makes no second paper unless ticked.
    expect(await modal.locator('#question-import-make-paper').isChecked()).toBe(false);
    await importApply(
      page,
      modal,
      '共 2 道试题：新增 0 道，更新 1 道，跳过 1 道。',
      undefined,
      async () => {
        expect(await modal.locator('.import-paper-made').count()).toBe(0);
      },
    );
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });
});
