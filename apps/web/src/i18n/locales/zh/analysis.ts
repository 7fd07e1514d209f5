export default {
  title: '成绩分析',
};
