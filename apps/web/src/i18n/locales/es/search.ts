import type { Messages } from '../../types';

const search: Messages['search'] = {
  open: 'Buscar en el menú',
  placeholder: 'Buscar en el menú',
  placeholderPinyin: 'Buscar en el menú (también en pinyin)',
  noMatch: 'Ninguna opción del menú coincide',
};
export default search;
