/** The exam page (/socketA): questions, answers, the server's clock, submitting. */
export default {
  loading: '',
};
