// 座位安排的 .xlsx 导出与导入（docs/features/venues.md）。
export default {
  export: '导出 .xlsx',
  import: '导入 .xlsx',
  importHelp:
    '在导出的文件中修改每个准考证号的考点、考场和座位号后上传。文件中没有的考生保持原座位；考点、考场和座位号都留空表示不安排考场。',
  previewTitle: '导入座位安排',
  problems_one: '{{count}} 处错误：请修改文件后重新上传。未做任何修改。',
  problems_other: '{{count}} 处错误：请修改文件后重新上传。未做任何修改。',
  moreProblems: '另有 {{count}} 处',
  row: '行',
  cell: '单元格',
  problem: '问题',
  summary:
    '共 {{rows}} 行：{{moved}} 人调整座位，{{unchanged}} 人座位不变，{{notInFile}} 人不在文件中（保持原座位）。',
  noMoves: '文件没有改动任何座位。',
  ticketNumber: '准考证号',
  name: '姓名',
  from: '原座位',
  to: '新座位',
  noRoom: '不安排考场',
  confirm: '导入',
  chooseAgain: '重新选择文件',
  imported_one: '已调整 {{count}} 名考生的座位',
  imported_other: '已调整 {{count}} 名考生的座位',
  locked: '已有考生开始作答，座位不能再修改。',
};
