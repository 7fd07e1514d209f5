const school = {};

export default school;
