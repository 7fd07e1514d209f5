const paperPrint = {
  title: 'paperPrint',
};
export default paperPrint;
