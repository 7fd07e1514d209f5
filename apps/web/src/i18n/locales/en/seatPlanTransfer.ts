// The seat plan as .xlsx, export and import (docs/features/venues.md).
export default {
  export: 'Export .xlsx',
  import: 'Import .xlsx',
  importHelp:
    'Edit the venue, room and seat of each ticket number in the exported file and upload it. Tickets left out stay where they are; leave venue, room and seat empty to take a candidate out of every room.',
  previewTitle: 'Import the seat plan',
  problems_one: '{{count}} problem: fix the file and upload it again. Nothing was changed.',
  problems_other: '{{count}} problems: fix the file and upload it again. Nothing was changed.',
  moreProblems: 'and {{count}} more',
  row: 'Row',
  cell: 'Cell',
  problem: 'Problem',
  summary:
    '{{rows}} rows: {{moved}} to move, {{unchanged}} already in place, {{notInFile}} not in the file (they stay).',
  noMoves: 'The file changes nothing.',
  ticketNumber: 'Ticket number',
  name: 'Name',
  from: 'From',
  to: 'To',
  noRoom: 'No room',
  confirm: 'Import',
  chooseAgain: 'Choose another file',
  imported_one: '{{count}} candidate moved',
  imported_other: '{{count}} candidates moved',
  locked: 'Candidates have started: the seats can no longer change.',
};
