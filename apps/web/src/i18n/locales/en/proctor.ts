export default {
  title: 'Live proctoring',
};
