/** Certificación de competencias (docs/features/skills.md): esquemas de certificación (/skills/schemeManage). */
export default {
  kinds: {
    theory: 'Examen teórico',
    skills: 'Evaluación práctica',
    review: 'Revisión integral',
  },
  scheme: {
    add: 'Añadir esquema',
    edit: 'Editar esquema',
    added: 'Esquema añadido',
    jobType: 'Ocupación',
    level: 'Nivel',
    validityMonths: 'Validez',
    validityHelp:
      'Meses que un componente aprobado sigue valiendo mientras el candidato recupera los demás (1–120).',
    months: '{{count}} meses',
    monthsUnit: 'meses',
    components: 'Componentes',
    componentsHelp:
      'Exactamente un examen teórico obligatorio (el certificado se basa en él); cada tipo una vez. Puntuaciones en puntos.',
    kind: 'Tipo',
    fullScore: 'Puntuación máxima',
    passScore: 'Nota de aprobado',
    fullShort: 'Máx.',
    passShort: 'Aprob.',
    required: 'Obligatorio',
    optional: 'opcional',
    addComponent: 'Añadir componente',
    removeComponent: 'Quitar componente',
    usedBy: 'Usado por',
    notUsed: 'Aún sin uso',
    exam: 'examen «{{name}}»',
    assessment: 'evaluación «{{name}}»',
    lockedInUse:
      'Hay exámenes o evaluaciones que usan este esquema: su ocupación y nivel no cambian.',
    deleteTitle: 'Eliminar esquema de certificación',
    inUseName: '{{name}}, usado por {{users}}: se rechazará la eliminación',
    examScheme: 'Esquema de certificación',
    examSchemeHelp:
      'El examen cuenta como examen teórico de este esquema. Déjelo vacío si certifica por sí solo.',
    examSchemeNone: 'No hay esquema para esta ocupación y nivel',
  },
  rules: {
    choose: 'Elija {{field}}',
    kindTwice: 'Cada tipo solo puede aparecer una vez',
    needsTheory: 'Un esquema necesita exactamente un examen teórico obligatorio',
    passAboveFull: 'La nota de aprobado supera la puntuación máxima',
    score: 'Introduzca los puntos',
    validity: 'Introduzca los meses (1–120)',
  },
};
