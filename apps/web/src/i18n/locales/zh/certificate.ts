export default {
  title: '证书管理',
};
