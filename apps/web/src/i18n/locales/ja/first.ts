import type { Messages } from '../../types';
import common from './common';
import errorPage from './errorPage';
import login from './login';
import route from './route';

/** The namespaces the sign-in page shows first, as English's first.ts lists them. */
export default { common, errorPage, login, route } satisfies Pick<
  Messages,
  'common' | 'errorPage' | 'login' | 'route'
>;
