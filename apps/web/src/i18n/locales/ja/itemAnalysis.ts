export default {
  title: '設問分析',
};
