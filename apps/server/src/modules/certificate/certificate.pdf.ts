import {
  CERT_LEVEL_NAMES,
  SCHEME_COMPONENT_KIND_NAMES,
  type CertificateComponentView,
  type CertificateFacts,
  type MessageLanguage,
  CERTIFICATE_TEXTS,
  type CertificateFactKey,
  wordsIn,
} from '@kaoshi/shared';
import QRCode from 'qrcode';
import { A4_HEIGHT, A4_WIDTH, newCjkPdf } from '../../lib/pdf.js';

/** The calendar day of an instant as the server's clock reads it (its time zone, TZ). */
export const localDay = (iso: string) => {
  const at = new Date(iso);
  return [at.getFullYear(), at.getMonth() + 1, at.getDate()]
    .map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0'))
    .join('-');
};

const INK = '#1f2d3d';
const ACCENT = '#8a6d1f';

/**
 * The QR code as vector squares (sharp at any print size, and no PNG to encode and decode),
 * with a quiet zone of one module each side.
 */
function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / (modules.size + 2);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) {
        doc.rect(x + (col + 1) * cell, y + (row + 1) * cell, cell, cell);
      }
    }
  }
  doc.fillColor('#000').fill();
}

type ComponentKind = keyof typeof SCHEME_COMPONENT_KIND_NAMES;

/**
 * A scheme certificate's parts, one line each: its kind (in Chinese and in the reader's
 * language) and its points out of the part's full score; every part on a certificate passed.
 */
function partLines(components: CertificateComponentView[], language: MessageLanguage): string {
  return components
    .map((part) => {
      const names = SCHEME_COMPONENT_KIND_NAMES[part.kind as ComponentKind];
      const kind = !names
        ? part.kind
        : language === 'zh'
          ? names.zh
          : `${names.zh} / ${names[language]}`;
      return `${kind}  ${part.score} / ${part.fullScore}`;
    })
    .join('\n');
}

/** The day a scheme was certified: when the last of its parts became final. */
const certifiedOn = (components: CertificateComponentView[]) =>
  components.map((part) => part.finalAt).reduce((last, at) => (at > last ? at : last));

/**
 * A printable A4 certificate: the facts in Chinese, each label also in the reader's language
 * when that is not Chinese, and a QR code that opens `verifyUrl`. A certification scheme's
 * certificate (`components` given) names the certification, the day it was complete and each
 * part's result instead of one exam's.
 */
export async function certificatePdf(
  facts: CertificateFacts,
  verifyUrl: string,
  issuer: string,
  language: MessageLanguage,
  components: CertificateComponentView[] = [],
): Promise<Buffer> {
  const zh = wordsIn(CERTIFICATE_TEXTS, 'zh');
  const own = wordsIn(CERTIFICATE_TEXTS, language);
  const { doc, done } = await newCjkPdf({
    margin: 0,
    info: {
      Title: `${zh.title} ${facts.number}`,
      Subject: facts.number,
      Keywords: facts.number,
      Creator: 'Kaoshi',
    },
  });
  doc.fillColor(INK);

  doc
    .lineWidth(3)
    .strokeColor(ACCENT)
    .rect(28, 28, A4_WIDTH - 56, A4_HEIGHT - 56)
    .stroke();
  doc
    .lineWidth(0.8)
    .rect(36, 36, A4_WIDTH - 72, A4_HEIGHT - 72)
    .stroke();

  const inner = { x: 70, width: A4_WIDTH - 140 };
  doc.fontSize(30).text(zh.title, inner.x, 90, { width: inner.width, align: 'center' });
  let y = 138;
  if (language !== 'zh') {
    doc.fontSize(13).fillColor(ACCENT).text(own.title, inner.x, y, {
      width: inner.width,
      align: 'center',
    });
    y += 24;
  }
  doc
    .fillColor(INK)
    .fontSize(12)
    .text(zh.intro, inner.x, y + 14, {
      width: inner.width,
      align: 'center',
    });
  y += 34;
  if (language !== 'zh') {
    doc.fontSize(9.5).fillColor('#555').text(own.intro, inner.x, y, {
      width: inner.width,
      align: 'center',
    });
    y += 18;
  }

  const levelKey = facts.level as keyof typeof CERT_LEVEL_NAMES;
  const levelName = (lang: MessageLanguage) =>
    CERT_LEVEL_NAMES[levelKey]?.[lang] ?? String(facts.level);
  const passed = `${zh.passed}${language === 'zh' ? '' : ` / ${own.passed}`}`;
  const value: Partial<Record<CertificateFactKey, string>> = {
    number: facts.number,
    name: facts.name,
    idNumber: facts.idNumber,
    subject: facts.subjectName,
    level: language === 'zh' ? levelName('zh') : `${levelName('zh')} / ${levelName(language)}`,
    ...(components.length === 0
      ? {
          exam: facts.examName,
          examDate: localDay(facts.examDate),
          result: `${facts.score} / ${facts.totalScore}  ${passed}`,
        }
      : {
          certification: facts.examName,
          certifiedOn: localDay(certifiedOn(components)),
          parts: partLines(components, language),
        }),
    issuedAt: localDay(facts.issuedAt),
    // The issuing body is a setting (CERTIFICATE_ISSUER): a row only when the centre gave it.
    ...(issuer ? { issuer } : {}),
  };
  const keys = Object.keys(value) as CertificateFactKey[];
  y += 30;
  const labelX = 90;
  const valueX = 250;
  const valueWidth = A4_WIDTH - valueX - 80;
  for (const key of keys) {
    doc.fillColor(INK).fontSize(13).text(zh.facts[key], labelX, y, { width: 150 });
    if (language !== 'zh') {
      doc
        .fillColor('#666')
        .fontSize(8.5)
        .text(own.facts[key], labelX, y + 17, { width: 150 });
    }
    doc.fillColor(INK).fontSize(13).text(value[key]!, valueX, y, { width: valueWidth });
    const used = Math.max(doc.y - y, language === 'zh' ? 22 : 30);
    doc
      .lineWidth(0.4)
      .strokeColor('#c8c8c8')
      .moveTo(labelX, y + used + 4)
      .lineTo(A4_WIDTH - 80, y + used + 4)
      .stroke();
    y += used + 14;
  }

  // Smaller (still far above what a phone reads) when the rows leave less room above the
  // frame: a scheme's parts in two languages.
  const qrSize = Math.min(130, A4_HEIGHT - 48 - (y + 16));
  const qrX = A4_WIDTH - 80 - qrSize;
  const qrY = Math.max(y + 16, A4_HEIGHT - 90 - qrSize - 40);
  drawQrCode(doc, verifyUrl, qrX, qrY, qrSize);
  // Clickable too, for a certificate opened on screen.
  doc.link(qrX, qrY, qrSize, qrSize, verifyUrl);
  doc
    .fillColor(INK)
    .fontSize(10)
    .text(zh.scan, labelX, qrY + 30, { width: qrX - labelX - 20 });
  if (language !== 'zh') {
    doc
      .fillColor('#666')
      .fontSize(8.5)
      .text(own.scan, labelX, doc.y + 4, {
        width: qrX - labelX - 20,
      });
  }
  doc
    .fillColor('#666')
    .fontSize(7.5)
    .text(verifyUrl, labelX, doc.y + 10, {
      width: qrX - labelX - 20,
    });
  doc.end();
  return done;
}
