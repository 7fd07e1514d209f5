import type { Messages } from '../../types';

const codes: Messages['codes'] = {
  unknown: 'Desconocido ({{code}})',
  none: '—',
  auditStatus: {
    notStarted: 'Revisión no iniciada',
    underReview: 'En revisión',
    passed: 'Revisión aprobada',
    failed: 'Revisión rechazada',
    expired: 'Revisión caducada',
  },
  markingState: { notMarked: 'Sin corregir', inProgress: 'En corrección', marked: 'Corregido' },
  groupAudit: { underReview: 'En revisión', passed: 'Aprobado', failed: 'Rechazado' },
  examStatus: {
    submitted: 'Entregado',
    saved: 'Guardado',
    inProgress: 'En curso',
    notStarted: 'No iniciado',
    expired: 'Caducado',
  },
  questionType: {
    single: 'Opción única',
    multiple: 'Opción múltiple',
    judgement: 'Verdadero o falso',
    externalLink: 'Enlace externo',
    fillBlank: 'Completar espacios',
    shortAnswer: 'Respuesta corta',
  },
  permissionType: { menu: 'Menú', button: 'Botón' },
  linkType: { normal: 'Normal', external: 'Enlace externo' },
  articleType: { classicReading: 'Lectura clásica', excellentCulture: 'Cultura destacada' },
  topFlag: { notPinned: 'Sin fijar', pinned: 'Fijado' },
  video: { none: 'No', has: 'Sí' },
  locked: { no: 'No', yes: 'Sí' },
  isPass: { yes: 'Sí', no: 'No' },
  knowledgeType: { course: 'Curso', appraisalPoint: 'Punto de evaluación' },
  userType: { admin: 'Administrador', teacher: 'Profesor / corrector', student: 'Candidato' },
  teachingMaterialType: {
    courseStandard: 'Estándar del curso',
    teachingDesign: 'Diseño didáctico',
    teachingPolicy: 'Política docente',
    teachingMaterials: 'Materiales didácticos',
    teachingOutline: 'Programa docente',
    teachingAnalysis: 'Análisis didáctico',
    moralModel: 'Modelo de educación moral',
  },
};
export default codes;
