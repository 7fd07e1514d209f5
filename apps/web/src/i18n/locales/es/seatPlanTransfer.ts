// La distribución de asientos en .xlsx, exportar e importar (docs/features/venues.md).
export default {
  export: 'Exportar .xlsx',
  import: 'Importar .xlsx',
  importHelp:
    'Cambie la sede, el aula y el asiento de cada n.º de admisión en el archivo exportado y súbalo. Los que no estén en el archivo se quedan donde están; deje sede, aula y asiento vacíos para sacar a un candidato de toda aula.',
  previewTitle: 'Importar la distribución de asientos',
  problems_one: '{{count}} problema: corrija el archivo y vuelva a subirlo. No se cambió nada.',
  problems_other: '{{count}} problemas: corrija el archivo y vuelva a subirlo. No se cambió nada.',
  moreProblems: 'y {{count}} más',
  row: 'Fila',
  cell: 'Celda',
  problem: 'Problema',
  summary:
    '{{rows}} filas: {{moved}} por mover, {{unchanged}} ya en su sitio, {{notInFile}} fuera del archivo (se quedan).',
  noMoves: 'El archivo no cambia nada.',
  ticketNumber: 'N.º de admisión',
  name: 'Nombre',
  from: 'Desde',
  to: 'A',
  noRoom: 'Sin aula',
  confirm: 'Importar',
  chooseAgain: 'Elegir otro archivo',
  imported_one: '{{count}} candidato movido',
  imported_other: '{{count}} candidatos movidos',
  locked: 'Hay candidatos que ya han empezado: los asientos ya no pueden cambiar.',
};
