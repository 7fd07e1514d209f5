export default {
  title: 'リアルタイム監督',
};
