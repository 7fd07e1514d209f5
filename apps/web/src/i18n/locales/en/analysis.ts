export default {
  title: 'Score analysis',
};
