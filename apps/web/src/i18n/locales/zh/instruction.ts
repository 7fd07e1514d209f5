import type { Messages } from '../../types';

const instruction: Messages['instruction'] = {
  add: '新增须知',
  deleteTitle: '删除考试须知',
  fields: {
    title: '标题',
    body: '须知内容',
    scope: '适用范围',
    jobTypes: '适用工种',
    minReadSeconds: '最短阅读时间',
    enabled: '启用',
    status: '状态',
    author: '创建人',
    updatedAt: '更新时间',
  },
  scope: {
    all: '全部工种',
    chosen: '指定工种',
    more: '+{{count}}',
  },
  status: {
    enabled: '启用',
    disabled: '停用',
  },
  duration: {
    none: '不限',
    seconds: '{{seconds}} 秒',
    minutes: '{{minutes}} 分钟',
    minutesSeconds: '{{minutes}} 分 {{seconds}} 秒',
  },
  list: {
    keyword: '标题',
    jobType: '适用工种',
  },
  form: {
    addTitle: '新增考试须知',
    editTitle: '编辑考试须知',
    added: '考试须知已新增',
    titlePlaceholder: '例如：理论知识考试须知',
    bodyPlaceholder: '考生开始答题前阅读的内容',
    jobTypesPlaceholder: '请选择适用的申报工种',
    seconds: '秒',
    readHelp: '考生须阅读满该时长才能开始答题；0 表示不限。',
    enabledHelp: '只有启用的须知才能在发布考试时选用。',
  },
  rules: {
    title: '请输入标题',
    titleLength: '最多 {{max}} 个字',
    body: '请填写须知内容',
    jobTypes: '请至少选择一个工种，或设为适用于全部工种',
    readSeconds: '请输入 0 至 {{max}} 之间的整数秒',
  },
  preview: {
    action: '预览',
    title: '预览：考生看到的须知',
    reading: '考生须阅读本须知至少 {{time}}后才能开始考试。',
    noReading: '不限阅读时间：考生可立即开始考试。',
    start: '我已阅读，开始考试',
    startIn: '{{time}}后可开始',
  },
};
export default instruction;
