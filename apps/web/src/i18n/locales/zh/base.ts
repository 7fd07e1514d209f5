import type { Messages } from '../../types';

const base: Messages['base'] = {};

export default base;
