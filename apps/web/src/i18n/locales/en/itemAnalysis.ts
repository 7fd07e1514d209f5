export default {
  title: 'Item analysis',
};
