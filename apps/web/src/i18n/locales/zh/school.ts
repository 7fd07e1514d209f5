import type { Messages } from '../../types';

const school: Messages['school'] = {};

export default school;
