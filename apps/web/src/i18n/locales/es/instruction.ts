import type { Messages } from '../../types';

const instruction: Messages['instruction'] = {
  add: 'Añadir instrucciones',
  deleteTitle: 'Eliminar instrucciones del examen',
  fields: {
    title: 'Título',
    body: 'Texto de las instrucciones',
    scope: 'Se aplica a',
    jobTypes: 'Ocupaciones',
    minReadSeconds: 'Tiempo mínimo de lectura',
    enabled: 'Activas',
    status: 'Estado',
    author: 'Autor',
    updatedAt: 'Actualizado',
  },
  scope: {
    all: 'Todas las ocupaciones',
    chosen: 'Ocupaciones elegidas',
    more: '+{{count}}',
  },
  status: {
    enabled: 'Activas',
    disabled: 'Inactivas',
  },
  duration: {
    none: 'Sin mínimo',
    seconds: '{{seconds}} s',
    minutes: '{{minutes}} min',
    minutesSeconds: '{{minutes}} min {{seconds}} s',
  },
  list: {
    keyword: 'Título',
    jobType: 'Se aplica a la ocupación',
  },
  form: {
    addTitle: 'Añadir instrucciones del examen',
    editTitle: 'Editar instrucciones del examen',
    added: 'Instrucciones añadidas',
    titlePlaceholder: 'p. ej., Normas del examen teórico',
    bodyPlaceholder: 'Lo que leen los candidatos antes de empezar',
    jobTypesPlaceholder: 'Elija las ocupaciones a las que se aplican',
    seconds: 's',
    readHelp:
      'Los candidatos deben permanecer en las instrucciones este tiempo antes de poder empezar. 0: sin mínimo.',
    enabledHelp: 'Solo las instrucciones activas se pueden elegir para un examen.',
  },
  rules: {
    title: 'Introduzca un título',
    titleLength: 'Como máximo {{max}} caracteres',
    body: 'Escriba el texto de las instrucciones',
    jobTypes: 'Elija al menos una ocupación, o aplíquelas a todas',
    readSeconds: 'Un número entero de segundos entre 0 y {{max}}',
  },
  preview: {
    action: 'Vista previa',
    title: 'Vista previa: como las leen los candidatos',
    reading:
      'Los candidatos leen estas instrucciones durante al menos {{time}} antes de poder empezar.',
    noReading: 'Sin tiempo mínimo de lectura: los candidatos pueden empezar enseguida.',
    start: 'He leído las instrucciones, empezar el examen',
    startIn: 'Podrá empezar en {{time}}',
  },
};
export default instruction;
