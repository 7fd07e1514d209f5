export default {
  title: 'Análisis de ítems',
};
