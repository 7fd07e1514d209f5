const base = {};

export default base;
