const paper = {
  title: 'paper',
};
export default paper;
