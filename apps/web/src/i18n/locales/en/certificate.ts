export default {
  title: 'Certificates',
};
