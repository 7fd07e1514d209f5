import type { Messages } from '../../types';

const errorPage: Messages['errorPage'] = {
  notFoundTitle: '404',
  notFoundText: 'La página que busca no existe.',
  unauthorizedTitle: '401',
  unauthorizedText: 'No tiene acceso a esta página. Si lo necesita, solicítelo a un administrador.',
  verificationFailed: 'Error de verificación. Vuelva a iniciar sesión.',
  rolesEmpty: 'getInfo: los roles deben ser una lista no vacía.',
};
export default errorPage;
