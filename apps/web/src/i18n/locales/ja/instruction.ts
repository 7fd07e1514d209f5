import type { Messages } from '../../types';

const instruction: Messages['instruction'] = {
  add: '注意事項を追加',
  deleteTitle: '受験上の注意を削除',
  fields: {
    title: 'タイトル',
    body: '本文',
    scope: '対象',
    jobTypes: '対象職種',
    minReadSeconds: '最短閲読時間',
    enabled: '有効',
    status: '状態',
    author: '作成者',
    updatedAt: '更新日時',
  },
  scope: {
    all: '全職種',
    chosen: '職種を指定',
    more: '+{{count}}',
  },
  status: {
    enabled: '有効',
    disabled: '無効',
  },
  duration: {
    none: 'なし',
    seconds: '{{seconds}} 秒',
    minutes: '{{minutes}} 分',
    minutesSeconds: '{{minutes}} 分 {{seconds}} 秒',
  },
  list: {
    keyword: 'タイトル',
    jobType: '対象職種',
  },
  form: {
    addTitle: '受験上の注意を追加',
    editTitle: '受験上の注意を編集',
    added: '注意事項を追加しました',
    titlePlaceholder: '例：学科試験の注意事項',
    bodyPlaceholder: '受験者が開始前に読む内容',
    jobTypesPlaceholder: '対象の受験職種を選択してください',
    seconds: '秒',
    readHelp: '受験者はこの時間が経過するまで試験を開始できません。0 は制限なしです。',
    enabledHelp: '有効な注意事項だけが試験の公開時に選べます。',
  },
  rules: {
    title: 'タイトルを入力してください',
    titleLength: '{{max}} 文字以内で入力してください',
    body: '本文を入力してください',
    jobTypes: '職種を 1 つ以上選ぶか、全職種を対象にしてください',
    readSeconds: '0 から {{max}} までの整数（秒）を入力してください',
  },
  preview: {
    action: 'プレビュー',
    title: 'プレビュー：受験者に表示される内容',
    reading: '受験者はこの注意事項を {{time}}以上読んでから試験を開始できます。',
    noReading: '最短閲読時間はありません。受験者はすぐに開始できます。',
    start: '注意事項を読みました。試験を開始する',
    startIn: '{{time}}後に開始できます',
  },
};
export default instruction;
