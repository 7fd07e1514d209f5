export default {
  title: '试题分析',
};
