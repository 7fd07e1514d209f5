export default {
  title: 'Certificados',
};
