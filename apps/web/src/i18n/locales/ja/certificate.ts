export default {
  title: '証明書',
};
