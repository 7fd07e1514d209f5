/** Análisis de ítems de un examen (docs/features/analysis.md): /examAnalysis/itemAnalysis?examId=N. */
export default {
  title: 'Análisis de ítems',
  open: 'Análisis de ítems',
  noExam: 'Ningún examen elegido',
  noExamHelp:
    'Abra el análisis de ítems desde un examen de la clasificación por convocatoria o desde el resumen de corrección de un examen publicado.',
  toRanking: 'Clasificación por convocatoria',
  loadFailed: 'No se pudo cargar el análisis de ítems',
  drawn: 'Preguntas sorteadas por candidato',
  drawnNote:
    'Cada candidato sacó sus propias preguntas: las cifras de cada pregunta cubren a quienes la sacaron y el examen no tiene cifra de fiabilidad.',
  certificates: 'Certificados',
  reload: 'Actualizar',
  percent: '{{value}} %',
  candidates: {
    total: 'Candidatos',
    analysed: 'En las cifras',
    absent: 'Ausentes',
    pending: 'Pendientes de nota',
  },
  pendingNote_one:
    '{{count}} candidato aún tiene una respuesta corregida a mano sin nota final: todavía no está en las cifras.',
  pendingNote_other:
    '{{count}} candidatos aún tienen una respuesta corregida a mano sin nota final: todavía no están en las cifras.',
  noneAnalysed: 'Todavía no hay resultados de candidatos en las cifras.',
  test: {
    title: 'Cifras del examen',
    alpha: 'Alfa de Cronbach',
    kr20: 'KR-20',
    kr20Help:
      'La misma fiabilidad calculada sobre aciertos y errores; se da cuando cada pregunta puntúa todo o nada.',
    reliabilityHelp:
      'Fiabilidad: en qué medida las preguntas miden con coherencia la misma capacidad, de 0 a 1. Desde 0,7 suele considerarse buena.',
    noReliability: 'Un examen sorteado por candidato no tiene fiabilidad.',
    sem: 'Error típico de medida',
    semHelp:
      'En puntos: cuánto puede alejarse la nota de un candidato de su nota verdadera (DT × √(1 − fiabilidad)).',
    mean: 'Media',
    median: 'Mediana',
    sd: 'Desviación típica',
    ofFull: 'de {{score}} puntos',
    points: 'pts',
    questions: 'Preguntas',
  },
  chart: {
    title: 'Facilidad × discriminación',
    label: 'Gráfico de dispersión de la facilidad de cada pregunta frente a su discriminación',
    help: 'Líneas discontinuas: los umbrales de los avisos. Las buenas preguntas quedan arriba y entre las dos líneas verticales.',
    ok: 'Sin aviso',
    empty: 'Ninguna pregunta tiene cifras todavía.',
  },
  items: {
    title: 'Preguntas',
    question: 'Pregunta',
    label: 'Parte {{section}} · P{{number}}',
    titledLabel: '{{title}} · P{{number}}',
    bankId: 'Banco n.º {{id}}',
    type: 'Tipo',
    fullScore: 'Puntuación máxima',
    candidates: 'Presentados',
    facility: 'Facilidad',
    facilityHelp: 'Nota media ÷ puntuación máxima: cuanto más alta, más fácil.',
    discrimination: 'Discriminación',
    discriminationHelp:
      'Media del 27 % superior menos media del 27 % inferior (por nota total), ÷ puntuación máxima.',
    itemRest: 'r ítem-resto',
    itemRestHelp:
      'Correlación entre la nota de la pregunta y la del resto del examen (biserial puntual en preguntas de acierto/error).',
    meanSd: 'Media / DT',
    flags: 'Avisos',
    noFlags: 'Ninguno',
    flaggedOnly: 'Solo con aviso',
    flagSummary: 'Preguntas con aviso: {{count}} de {{total}}',
    empty: 'Ninguna pregunta coincide.',
  },
  flags: {
    tooEasy: 'Demasiado fácil',
    tooHard: 'Demasiado difícil',
    negativeDiscrimination: 'Discriminación negativa',
    lowDiscrimination: 'Discriminación baja',
  },
  flagHelp: {
    tooEasy:
      'Facilidad superior a {{value}}: casi todos puntúan, así que apenas distingue a los candidatos.',
    tooHard:
      'Facilidad inferior a {{value}}: pocos puntúan. Revise la clave, la redacción y la enseñanza.',
    negativeDiscrimination:
      'Los candidatos más flojos acertaron más que los más fuertes: revise primero la clave y la redacción.',
    lowDiscrimination:
      'Discriminación inferior a {{value}}: apenas separa a los candidatos fuertes de los flojos.',
  },
  options: {
    title: 'Reparto de opciones',
    option: 'Opción {{key}}',
    key: 'Clave',
    chosenBy_one: '{{count}} candidato',
    chosenBy_other: '{{count}} candidatos',
    omitted_one: '{{count}} candidato no eligió ninguna opción',
    omitted_other: '{{count}} candidatos no eligieron ninguna opción',
  },
  mastery: {
    title: 'Dominio',
    help: 'Puntos obtenidos ÷ puntos máximos de sus preguntas, entre los candidatos que las respondieron.',
    courses: 'Cursos',
    points: 'Puntos de evaluación',
    code: 'Código',
    name: 'Nombre',
    importance: 'Importancia',
    questions: 'Preguntas',
    mastery: 'Dominio',
    empty: 'Ninguna pregunta de este examen está vinculada a uno.',
  },
};
