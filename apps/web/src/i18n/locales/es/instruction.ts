const instruction = {
  title: 'instruction',
};
export default instruction;
