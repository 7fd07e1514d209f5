export default {
  title: 'Análisis de resultados',
};
