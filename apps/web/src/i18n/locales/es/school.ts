import type { Messages } from '../../types';

const school: Messages['school'] = {
  levels: {
    junior: 'Básico',
    intermediate: 'Intermedio',
    senior: 'Avanzado',
    technician: 'Técnico',
    seniorTechnician: 'Técnico superior',
  },
  status: { active: 'Activo', disabled: 'Desactivado' },
  classStatus: {
    preparing: 'En preparación',
    open: 'Abierta',
    closed: 'Cerrada',
    finished: 'Finalizada',
  },
  select: {
    project: 'Proyecto de examen',
    category: 'Categoría profesional',
    jobType: 'Ocupación',
    level: 'Nivel',
    batch: 'Convocatoria',
    projectFirst: 'Elija primero un proyecto de examen',
    categoryFirst: 'Elija primero una categoría',
    jobTypeFirst: 'Elija primero una ocupación',
    /** A disabled filter without a label names itself. */
    levelAfterJobType: 'Nivel: primero la ocupación',
    batchAfterJobType: 'Convocatoria: elija ocupación',
  },
  fields: {
    keyword: 'Nombre o código',
    name: 'Nombre',
    code: 'Código',
    codeHelp: 'Letras, dígitos, - y _, p. ej. 4-01-02-01.',
    status: 'Estado',
    sort: 'Orden',
    sortHelp: 'Los números menores van primero.',
    description: 'Descripción',
    createdAt: 'Creado el',
    enabled: 'Activo',
    inactiveHelp:
      'Un elemento desactivado sigue en las listas, pero no se ofrece para registros nuevos.',
  },
  rules: {
    required: 'Introduzca {{field, lowerFirst}}',
    choose: 'Elija {{field, lowerFirst}}',
    maxLength: 'Como máximo {{max}} caracteres',
    code: 'Como máximo 32 caracteres: letras, dígitos, - y _',
    levels: 'Elija al menos un nivel',
  },
  project: {
    add: 'Añadir proyecto de examen',
    added: 'Proyecto de examen añadido',
    edit: 'Editar proyecto de examen',
    name: 'Nombre del proyecto',
    organiser: 'Organizador',
    contact: 'Contacto',
    contactHelp: 'Persona, teléfono o correo para consultas sobre el proyecto.',
    deleteTitle: 'Eliminar proyecto de examen',
    inUse:
      'No se puede eliminar «{{name}}» mientras tenga categorías profesionales ({{count}}). Elimínelas o muévalas primero.',
  },
  category: {
    add: 'Añadir categoría',
    added: 'Categoría añadida',
    edit: 'Editar categoría',
    name: 'Nombre de la categoría',
    deleteTitle: 'Eliminar categoría',
    inUse:
      'No se puede eliminar «{{name}}» mientras tenga ocupaciones ({{count}}). Elimínelas o muévalas primero.',
  },
  jobType: {
    add: 'Añadir ocupación',
    added: 'Ocupación añadida',
    edit: 'Editar ocupación',
    name: 'Nombre de la ocupación',
    levels: 'Niveles de certificación',
    levelsHelp: 'Los niveles a los que se puede optar en esta ocupación.',
    deleteTitle: 'Eliminar ocupación',
    inUseBatches:
      'No se puede eliminar «{{name}}» mientras tenga convocatorias ({{count}}). Elimínelas primero.',
    inUseKnowledge:
      'No se puede eliminar «{{name}}» mientras la usen cursos o puntos de evaluación. Elimínelos primero.',
  },
  batch: {
    add: 'Añadir convocatoria',
    added: 'Convocatoria añadida',
    edit: 'Editar convocatoria',
    name: 'Nombre de la convocatoria',
    level: 'Nivel',
    registration: 'Inscripción',
    registrationStart: 'Apertura de inscripción',
    registrationEnd: 'Cierre de inscripción',
    exam: 'Periodo de examen',
    examStart: 'Inicio del examen',
    examEnd: 'Fin del examen',
    notSet: 'Sin fijar',
    from: 'desde {{date}}',
    until: 'hasta {{date}}',
    capacity: 'Plazas',
    capacityHelp: '0 significa sin límite.',
    statusByDates:
      'Según sus fechas: en preparación antes de abrir la inscripción, abierta durante ella, cerrada cuando termina o empieza el examen, finalizada tras el examen.',
    statusByHand: 'Ninguna fecha lo decide aún: es el estado fijado a mano.',
    statusHelp:
      'Con fechas, el estado las sigue; esta elección solo cuenta mientras ninguna fecha lo decide.',
    unlimited: 'Sin límite',
    students: 'Candidatos',
    studentsOfCapacity: '{{count}} / {{capacity}}',
    endBeforeStart: 'No puede ser anterior al inicio',
    examBeforeRegistration: 'El examen no puede ser anterior a la apertura de la inscripción',
    capacityBelowStudents: 'La convocatoria ya tiene {{count}} candidatos',
    lockedByStudents:
      'La convocatoria tiene candidatos: su ocupación y su nivel ya no pueden cambiar.',
    deleteTitle: 'Eliminar convocatoria',
    hasStudents: 'No se puede eliminar una convocatoria con candidatos',
    inUse:
      'No se puede eliminar «{{name}}» mientras tenga candidatos ({{count}}). Muévalos o elimínelos primero.',
    teachers: 'Profesores',
    teachersTitle: 'Profesores de «{{name}}»',
    teachersHelp:
      'Los profesores asignados ven esta convocatoria y sus candidatos, y pueden corregir sus exámenes. Solo se pueden elegir usuarios de tipo profesor.',
    chooseTeachers: 'Buscar profesores por usuario o apodo',
    teachersSaved: 'Profesores guardados',
  },
};

export default school;
