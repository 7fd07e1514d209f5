import type { Localized } from './languages.js';

/** The kinds of a certification scheme's components, as messages and screens name them. */
export const SCHEME_COMPONENT_KIND_NAMES = {
  theory: { zh: '理论知识考试', en: 'theory exam', es: 'examen teórico', ja: '理論知識試験' },
  skills: {
    zh: '操作技能考核',
    en: 'skills assessment',
    es: 'evaluación práctica',
    ja: '実技試験',
  },
  review: { zh: '综合评审', en: 'comprehensive review', es: 'revisión integral', ja: '総合審査' },
} as const satisfies Record<string, Localized>;

/** Messages of skills certification: certification schemes (认定方案). */
export const CERTIFICATION_MESSAGES = {
  schemeExists: {
    zh: '申报工种“{subject}”的{level}已有认定方案',
    en: "job type '{subject}' already has a certification scheme for {level}",
    es: "la ocupación '{subject}' ya tiene un esquema de certificación para {level}",
    ja: '受験職種「{subject}」の{level}には既に認定方案があります',
  },
  schemeNeedsTheory: {
    zh: '认定方案须有且只有一个必考的理论知识考试（证书以理论考试为准）',
    en: 'a scheme needs exactly one required theory exam component (the certificate is anchored on it)',
    es: 'un esquema necesita exactamente un componente obligatorio de examen teórico (el certificado se basa en él)',
    ja: '認定方案には必須の理論知識試験がちょうど 1 つ必要です（証書はそれを基準にします）',
  },
  schemeKindTwice: {
    zh: '“{kind}”出现了两次',
    en: "'{kind}' appears twice",
    es: "'{kind}' aparece dos veces",
    ja: '「{kind}」が 2 回あります',
  },
  schemePassAboveFull: {
    zh: '及格分 {pass} 高于满分 {full}',
    en: 'the pass score {pass} is above the full score {full}',
    es: 'la nota de aprobado {pass} supera la puntuación máxima {full}',
    ja: '合格点 {pass} が満点 {full} を超えています',
  },
  schemeInUse: {
    zh: '认定方案“{name}”仍被考试（{exams}）和技能考核（{assessments}）使用，不能删除',
    en: "Certification scheme '{name}' is still used by exams ({exams}) and skills assessments ({assessments}); it cannot be deleted",
    es: "El esquema de certificación '{name}' todavía lo usan exámenes ({exams}) y evaluaciones prácticas ({assessments}); no se puede eliminar",
    ja: '認定方案「{name}」はまだ試験（{exams}）と実技試験（{assessments}）で使われているため、削除できません',
  },
  schemeInUseNoMove: {
    zh: '认定方案“{name}”仍被考试（{exams}）和技能考核（{assessments}）使用，不能更改其工种和等级',
    en: "Certification scheme '{name}' is used by exams ({exams}) and skills assessments ({assessments}); its job type and level cannot change",
    es: "El esquema de certificación '{name}' lo usan exámenes ({exams}) y evaluaciones prácticas ({assessments}); su ocupación y nivel no pueden cambiar",
    ja: '認定方案「{name}」は試験（{exams}）と実技試験（{assessments}）で使われているため、職種と等級は変更できません',
  },
  schemeInUseKindRemoved: {
    zh: '认定方案“{name}”仍被考试（{exams}）和技能考核（{assessments}）使用，不能去掉“{kinds}”',
    en: "Certification scheme '{name}' is used by exams ({exams}) and skills assessments ({assessments}); '{kinds}' cannot be removed",
    es: "El esquema de certificación '{name}' lo usan exámenes ({exams}) y evaluaciones prácticas ({assessments}); no se puede quitar '{kinds}'",
    ja: '認定方案「{name}」は試験（{exams}）と実技試験（{assessments}）で使われているため、「{kinds}」は削除できません',
  },
  examSchemeOtherSubject: {
    zh: '认定方案属于“{schemeSubject}”{schemeLevel}，而考试的报名批次属于“{subject}”{level}',
    en: "the scheme is for '{schemeSubject}' {schemeLevel}, but the exam's batches are for '{subject}' {level}",
    es: "el esquema es para '{schemeSubject}' {schemeLevel}, pero las convocatorias del examen son de '{subject}' {level}",
    ja: '認定方案は「{schemeSubject}」{schemeLevel}のものですが、試験の申込回次は「{subject}」{level}です',
  },
  schemeUsersNone: { zh: '无', en: 'none', es: 'ninguno', ja: 'なし' },
} as const satisfies Record<string, Localized>;
