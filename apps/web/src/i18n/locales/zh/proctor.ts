export default {
  title: '实时监考',
};
