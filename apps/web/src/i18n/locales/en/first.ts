import common from './common';
import errorPage from './errorPage';
import login from './login';
import route from './route';

/**
 * The namespaces the sign-in page and the route guard show, loaded before the rest of the
 * language (i18n/index.ts): the sign-in page's first bytes stay small.
 */
export default { common, errorPage, login, route };
