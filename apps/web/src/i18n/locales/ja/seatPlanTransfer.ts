// 座席表の .xlsx の書き出しと取り込み（docs/features/venues.md）。
export default {
  export: '.xlsx に書き出し',
  import: '.xlsx から取り込み',
  importHelp:
    '書き出したファイルで受験番号ごとに試験会場・試験室・座席番号を変更してアップロードします。ファイルにない受験者は今の座席のままです。試験会場・試験室・座席番号をすべて空欄にすると試験室なしになります。',
  previewTitle: '座席表の取り込み',
  problems_one:
    '{{count}} 件の誤り：ファイルを直して再度アップロードしてください。何も変更していません。',
  problems_other:
    '{{count}} 件の誤り：ファイルを直して再度アップロードしてください。何も変更していません。',
  moreProblems: 'ほか {{count}} 件',
  row: '行',
  cell: 'セル',
  problem: '内容',
  summary:
    '{{rows}} 行：移動 {{moved}} 名、変更なし {{unchanged}} 名、ファイルにない {{notInFile}} 名（そのまま）。',
  noMoves: 'ファイルによる変更はありません。',
  ticketNumber: '受験番号',
  name: '氏名',
  from: '移動前',
  to: '移動後',
  noRoom: '試験室なし',
  confirm: '取り込む',
  chooseAgain: '別のファイルを選ぶ',
  imported_one: '{{count}} 名の座席を変更しました',
  imported_other: '{{count}} 名の座席を変更しました',
  locked: '受験を開始した受験者がいるため、座席は変更できません。',
};
