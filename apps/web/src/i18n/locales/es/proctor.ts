export default {
  title: 'Supervisión en directo',
};
