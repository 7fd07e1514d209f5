import type { Messages } from '../../types';

/** Mis exámenes: próximos, abiertos, terminados; empezar un examen. */
const myExams: Messages['myExams'] = {
  title: 'Mis exámenes',
  serverTime: 'Hora del servidor de exámenes {{time}}',
  serverTimeHelp:
    'Las cuentas atrás siguen el reloj del servidor de exámenes, no el de este dispositivo.',
  loadFailed: 'No se pudieron cargar sus exámenes',
  notCandidate: 'Esta cuenta no tiene exámenes que realizar',
  reload: 'Reintentar',
  empty: 'Todavía no tiene ningún examen programado',
  emptyHelp: 'Los exámenes en los que está inscrito aparecerán aquí cuando se publiquen.',
  skills: {
    title: 'Evaluaciones prácticas',
    session: 'Sesión',
    turnStart: 'Su turno empieza',
    place: 'Lugar',
    station: 'Puesto',
    stationNumber: 'N.º {{station}}',
    ticket: 'Número de admisión',
  },
  sections: {
    open: 'Abiertos ahora',
    upcoming: 'Próximos',
    finished: 'Terminados',
  },
  facts: {
    window: 'Horario del examen',
    duration: 'Duración',
    lateEntry: 'Entrada hasta',
    minutes_one: '{{count}} minuto',
    minutes_other: '{{count}} minutos',
    extra_one: '+{{count}} minuto para usted',
    extra_other: '+{{count}} minutos para usted',
    lateEntryUntil: '{{time}}',
    lateEntryNone: 'el cierre del examen',
    accessCode: 'Requiere código de acceso',
    notice: 'Lectura previa de instrucciones',
  },
  state: {
    startable: 'Abierto',
    running: 'En curso',
    upcoming: 'Próximo',
    lateEntryOver: 'Entrada cerrada',
    closed: 'Cerrado',
    submitted: 'Entregado',
    deadline: 'Entregado',
    leaveLimit: 'Entregado',
    finishing: 'Entregando',
    absent: 'No presentado',
  },
  countdown: {
    startsIn: 'Empieza en',
    days_one: '{{count}} día',
    days_other: '{{count}} días',
    opening: 'Abriendo…',
    enterWithin: 'Quedan {{time}} para empezar',
    timeLeft: 'Tiempo restante',
  },
  start: 'Empezar el examen',
  continue: 'Continuar el examen',
  continueHelp: 'Sus respuestas están guardadas. El tiempo siguió corriendo mientras no estaba.',
  lateEntryOver:
    'El plazo de entrada terminó ({{time}}). Ya no puede empezar este examen; consulte con la organización del examen.',
  closed: 'Este examen ha terminado.',
  finished: {
    submitted: 'Entregado el {{time}}',
    deadline: 'Entregado automáticamente al acabarse el tiempo ({{time}})',
    leaveLimit:
      'Entregado automáticamente el {{time}}: salió de la página del examen demasiadas veces',
    absent: 'No presentado: el examen terminó el {{time}}',
    finishing: 'Se acabó el tiempo; se están entregando sus respuestas…',
  },
  result: {
    score: 'Nota',
    points: '{{score}} / {{total}} puntos',
    passed: 'Aprobado',
    failed: 'No aprobado',
    passScore: 'Para aprobar: {{score}}',
    objective: 'Parte corregida automáticamente: {{score}} puntos',
    pending_one: 'Queda {{count}} pregunta por corregir',
    pending_other: 'Quedan {{count}} preguntas por corregir',
    hidden: 'Este examen no muestra resultados aquí.',
    afterRelease: 'Su resultado aparecerá aquí cuando se publiquen las notas.',
  },
  dialog: {
    title: 'Empezar: {{name}}',
    timing_one:
      'Tiene {{count}} minuto. El tiempo empieza a contar al pulsar «Empezar el examen» y no se detiene.',
    timing_other:
      'Tiene {{count}} minutos. El tiempo empieza a contar al pulsar «Empezar el examen» y no se detiene.',
    handIn:
      'Si no ha entregado antes, sus respuestas se entregarán automáticamente a las {{time}}.',
    notice: 'Instrucciones del examen',
    readFor_one: 'Lea las instrucciones: podrá confirmar dentro de {{count}} segundo.',
    readFor_other: 'Lea las instrucciones: podrá confirmar dentro de {{count}} segundos.',
    confirm: 'He leído las instrucciones y las cumpliré',
    accessCode: 'Código de acceso',
    accessCodeHelp: 'El código que da la organización del examen o el vigilante.',
    accessCodeMissing: 'Escriba el código de acceso',
    start: 'Empezar el examen',
    cancel: 'Ahora no',
    refused: 'No se pudo empezar el examen',
  },
};

export default myExams;
