export default {
  title: '成績分析',
};
