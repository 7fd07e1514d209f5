import type { Messages } from '../../types';

const errorPage: Messages['errorPage'] = {
  notFoundTitle: '404',
  notFoundText: 'La página que busca no existe.',
  unauthorizedTitle: '401',
  unauthorizedText: 'No tiene acceso a esta página. Si lo necesita, solicítelo a un administrador.',
  /** A signed-in user opened a page their roles do not give them (docs/spec.md §2 sends them home). */
  noAccess: 'No tiene acceso a «{{page}}», así que se le ha llevado al inicio.',
  verificationFailed: 'Error de verificación. Vuelva a iniciar sesión.',
  rolesEmpty: 'getInfo: los roles deben ser una lista no vacía.',
};
export default errorPage;
