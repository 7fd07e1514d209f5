import {
  CERTIFICATE_BASE,
  MARKING_BASE,
  clientPasswordHash,
  levelNamesIn,
  type CertificateView,
  type Envelope,
  type ListResult,
} from '@kaoshi/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en';
import es from '../src/i18n/locales/es';
import ja from '../src/i18n/locales/ja';
import zh from '../src/i18n/locales/zh';
import { PHONE, newPage, screenshot, widthBeyondViewport } from './browser';
import { createMarkingExam, type MarkingFixture } from './marking-fixture';
import { adminSession } from './session';

// The public certificate check (docs/features/analysis.md): a released exam's certificates, opened at
// /verify/{code} by someone who is not signed in, in the four languages and at phone width.

const TEXTS = { zh: zh.verify, en: en.verify, es: es.verify, ja: ja.verify } as const;

describe('public certificate verification', () => {
  const session = adminSession();
  const { baseURL } = session;
  let fixture: MarkingFixture;
  let valid: CertificateView;
  let revoked: CertificateView;
  const REASON = '证书信息有误，已重新核查';

  beforeAll(async () => {
    const tag = `V${Date.now().toString(36)}`;
    // Two candidates sit and answer everything right (40 objective points); one stays away.
    fixture = await createMarkingExam(session.admin, baseURL, tag, {
      sitting: 2,
      absent: 1,
      markers: 1,
      openSeconds: 20,
    });
    await fixture.setPlan();
    const marker = fixture.markers[0]!;
    for (const itemId of fixture.markedItemIds) {
      while (await fixture.mark(marker, itemId, 5));
    }
    await session.admin.call('POST', `${MARKING_BASE}/releaseScores/${fixture.examId}`);
    const { list } = await session.admin.call<ListResult<CertificateView>>(
      'GET',
      `${CERTIFICATE_BASE}/listCertificate?examId=${fixture.examId}`,
    );
    // The absent candidate has none; each who sat has 40 + 5 + 5 of 60 points.
    expect(list.map((c) => c.name).sort()).toEqual(
      fixture.attempts.map((a) => a.student.name).sort(),
    );
    for (const c of list) expect([c.score, c.totalScore]).toEqual([50, 60]);
    [valid, revoked] = list as [CertificateView, CertificateView];
    await session.admin.call('POST', `${CERTIFICATE_BASE}/revokeCertificate`, {
      id: revoked.id,
      reason: REASON,
    });
  });

  const open = async (page: Page, code: string) => {
    await page.goto(`${baseURL}/verify/${code}`);
    const state = page.getByTestId('verify-state');
    await state.waitFor();
    return state;
  };
  const fact = (page: Page, key: string) => page.locator(`[data-fact="${key}"]`).textContent();

  it('shows a valid certificate with its facts, in Chinese, to someone not signed in', async () => {
    const page = await newPage(session.browser);
    const state = await open(page, valid.code);
    expect(await state.getAttribute('data-state')).toBe('valid');
    expect(await state.textContent()).toContain(TEXTS.zh.valid);
    expect(new URL(page.url()).pathname).toBe(`/verify/${valid.code}`);
    const student = fixture.attempts.find((a) => a.student.name === valid.name)!.student;
    expect(await fact(page, 'number')).toBe(valid.number);
    expect(await fact(page, 'name')).toBe(student.name);
    const shown = (await fact(page, 'idNumber'))!;
    expect(shown).not.toBe(student.idNumber);
    // The region only: no digit of the end, which an initial password may be made of.
    expect(shown).toBe(`${student.idNumber.slice(0, 6)}${'*'.repeat(12)}`);
    expect(await fact(page, 'exam')).toBe(fixture.examName);
    expect(await fact(page, 'level')).toBe(levelNamesIn('zh')[valid.level as 5]);
    expect(await fact(page, 'result')).toBe(`50 / 60 分 · ${TEXTS.zh.passed}`);
    expect(await page.content()).not.toContain(student.idNumber);
    await screenshot(page, 'verify-valid-zh');
    await page.context().close();
  });

  it('switches language like the sign-in page (en, es, ja) and fits a phone', async () => {
    const page = await newPage(session.browser);
    const state = await open(page, valid.code);
    for (const [language, name] of [
      ['en', 'English'],
      ['es', 'Español'],
      ['ja', '日本語'],
    ] as const) {
      await page.getByTestId('language-switch').getByRole('button', { name }).click();
      await expect.poll(() => state.textContent()).toContain(TEXTS[language].valid);
      expect(await page.locator('dt').first().textContent()).toBe(TEXTS[language].facts.number);
      expect(await fact(page, 'level')).toBe(levelNamesIn(language)[valid.level as 5]);
      await screenshot(page, `verify-valid-${language}`);
    }
    await page.context().close();

    const phone = await newPage(session.browser, { viewport: PHONE });
    await open(phone, valid.code);
    expect(await widthBeyondViewport(phone)).toBe(0);
    await screenshot(phone, 'verify-valid-phone');
    await phone.context().close();
  });

  it('says a revoked certificate is revoked, with the reason and the date', async () => {
    const page = await newPage(session.browser);
    const state = await open(page, revoked.code);
    expect(await state.getAttribute('data-state')).toBe('revoked');
    expect(await state.textContent()).toContain(TEXTS.zh.revoked);
    const revocation = (await page.getByTestId('verify-revocation').textContent())!;
    expect(revocation).toContain(REASON);
    expect(revocation).toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(await fact(page, 'number')).toBe(revoked.number);
    await screenshot(page, 'verify-revoked-zh');
    await page.context().close();
  });

  it('says an unknown or malformed code is no certificate', async () => {
    const page = await newPage(session.browser, { locale: 'en-US' });
    for (const code of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'not*a*code']) {
      const state = await open(page, code);
      expect(await state.getAttribute('data-state')).toBe('unknown');
      expect(await state.textContent()).toContain(TEXTS.en.unknown);
      expect(await page.getByTestId('verify-facts').count()).toBe(0);
    }
    await screenshot(page, 'verify-unknown-en');
    await page.context().close();
  });

  it("gives the student their certificate's PDF from the built server (A4, the font found)", async () => {
    const student = fixture.attempts.find((a) => a.student.name === valid.name)!.student;
    const signIn = await fetch(`${baseURL}/api/kaoshi-user/security/doLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: student.ticketNumber,
        password: clientPasswordHash(student.password),
        userType: 3,
      }),
    });
    const { data } = (await signIn.json()) as Envelope<{ token: string }>;
    const response = await fetch(`${baseURL}${CERTIFICATE_BASE}/getCertificatePdf/${valid.id}`, {
      headers: { authorization: `Bearer ${data.token}`, 'accept-language': 'en' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(pdf).toContain(`(${valid.number})`);
    expect(pdf).toContain('/FontFile2');
  });

  it('stays on the check for a signed-in user (the guard neither redirects nor loads the app)', async () => {
    const page = await newPage(session.browser);
    await session.admin.addSessionTo(page.context());
    const state = await open(page, valid.code);
    expect(await state.getAttribute('data-state')).toBe('valid');
    expect(new URL(page.url()).pathname).toBe(`/verify/${valid.code}`);
    await page.context().close();
  });
});
