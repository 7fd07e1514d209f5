import type { InLanguages } from './languages.js';

export type CertificateFactKey =
  | 'number'
  | 'name'
  | 'idNumber'
  | 'subject'
  | 'level'
  | 'exam'
  | 'examDate'
  | 'result'
  | 'issuedAt'
  | 'issuer'
  | 'certification'
  | 'certifiedOn'
  | 'parts';

/** The printed certificate's words in each language: Chinese first, the reader's beside it. */
export const CERTIFICATE_TEXTS: InLanguages<{
  title: string;
  intro: string;
  facts: Record<CertificateFactKey, string>;
  passed: string;
  scan: string;
  fileName: string;
}> = {
  zh: {
    title: '职业技能等级证书',
    intro: '经考核，该考生成绩合格，特发此证。',
    facts: {
      number: '证书编号',
      name: '姓名',
      idNumber: '证件号码',
      subject: '职业（工种）',
      level: '等级',
      exam: '考试名称',
      examDate: '考试日期',
      result: '考试成绩',
      issuedAt: '发证日期',
      issuer: '发证机构',
      certification: '认定项目',
      certifiedOn: '认定日期',
      parts: '各部分成绩',
    },
    passed: '合格',
    scan: '扫描二维码验证证书真伪',
    fileName: '证书',
  },
  en: {
    title: 'Vocational Skill Level Certificate',
    intro: 'The candidate has passed the assessment and is awarded this certificate.',
    facts: {
      number: 'Certificate number',
      name: 'Name',
      idNumber: 'ID number',
      subject: 'Job type',
      level: 'Level',
      exam: 'Exam',
      examDate: 'Exam date',
      result: 'Result',
      issuedAt: 'Issued on',
      issuer: 'Issued by',
      certification: 'Certification',
      certifiedOn: 'Certified on',
      parts: 'Results by part',
    },
    passed: 'Passed',
    scan: 'Scan the QR code to verify this certificate',
    fileName: 'certificate',
  },
  es: {
    title: 'Certificado de nivel de competencia profesional',
    intro: 'El candidato ha superado la evaluación y recibe este certificado.',
    facts: {
      number: 'Número de certificado',
      name: 'Nombre',
      idNumber: 'Número de identidad',
      subject: 'Ocupación',
      level: 'Nivel',
      exam: 'Examen',
      examDate: 'Fecha del examen',
      result: 'Resultado',
      issuedAt: 'Fecha de emisión',
      issuer: 'Organismo emisor',
      certification: 'Certificación',
      certifiedOn: 'Fecha de certificación',
      parts: 'Resultados por parte',
    },
    passed: 'Aprobado',
    scan: 'Escanee el código QR para verificar este certificado',
    fileName: 'certificado',
  },
  ja: {
    title: '職業技能等級証書',
    intro: '受験者は評価に合格したので、この証書を授与する。',
    facts: {
      number: '証書番号',
      name: '氏名',
      idNumber: '身分証番号',
      subject: '職種',
      level: '等級',
      exam: '試験名',
      examDate: '試験日',
      result: '成績',
      issuedAt: '発行日',
      issuer: '発行機関',
      certification: '認定項目',
      certifiedOn: '認定日',
      parts: '各部の成績',
    },
    passed: '合格',
    scan: 'QR コードを読み取って証書を検証できます',
    fileName: '証書',
  },
};
