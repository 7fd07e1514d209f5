import type { AttemptView } from '@kaoshi/shared';
import { getAttempt } from '../../api/attempt';
import { ApiError } from '../../api/request';
import { registerShell } from '../../components/offline-shell/register-shell';
import type { Access } from '../../router/permission-filter';
import { useUserStore } from '../../stores/user';
import { answerOutbox } from './answer-outbox';
import { keptAttempts } from './offline-kept';

/** The exam page's path; its attempt is `?attemptId=N`. */
export const EXAM_PAGE_PATH = '/socketA';

/** The call got no answer at all (no network, server unreachable), not a refusal of the server. */
export const isNetworkFailure = (error: unknown) => !(error instanceof ApiError);

const waiting = async (attemptId: number) =>
  (await answerOutbox.list(attemptId).catch(() => [])).length > 0;

/**
 * The attempt the exam page renders: the server's (kept on the device while it runs, with the
 * session it was opened in), or, when the server cannot be reached, the kept copy as
 * offline-attempt.ts rebuilds it. A refusal of the server is never replaced by the copy.
 */
export async function openAttempt(attemptId: number): Promise<AttemptView> {
  const keptView = async () => (await keptAttempts.open(attemptId).catch(() => undefined))?.view;
  // The browser knows it is offline: the copy at once, without the request layer's toast.
  const offline = navigator.onLine ? undefined : await keptView();
  if (offline) return offline;
  let view: AttemptView;
  try {
    view = await getAttempt(attemptId, { quiet: true });
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    const kept = await keptView();
    if (!kept) throw error;
    return kept;
  }
  const { info, roles, permissions } = useUserStore.getState();
  const session = info ? { user: info, roles, permissions } : null;
  void keptAttempts
    .keep(view, session)
    .then(() => keptAttempts.sweep(waiting))
    .catch(() => undefined);
  if (!view.finished) registerShell();
  return view;
}

/**
 * The route guard's session load that survives a network drop: on the exam page of an attempt
 * kept on this device, the session it was opened in (the server checks the real one when the
 * page reconnects). Anywhere else a failure is thrown as before: the guard signs out as
 * docs/spec.md §8 says of a failed user-info load.
 */
export async function loadSessionOffline(
  load: () => Promise<Access>,
  pathname: string,
  search: string,
): Promise<Access> {
  const attemptId =
    pathname === EXAM_PAGE_PATH ? Number(new URLSearchParams(search).get('attemptId')) : NaN;
  const keptSession = async () => {
    const kept =
      Number.isInteger(attemptId) && attemptId > 0
        ? await keptAttempts.session(attemptId).catch(() => null)
        : null;
    if (!kept) return null;
    const { user, roles, permissions } = kept;
    useUserStore.setState({ info: user, roles, userType: user.userType, permissions });
    return { roles, permissions };
  };
  // The browser knows it is offline: no call (and no toast of the request layer) on the exam page.
  const offline = navigator.onLine ? null : await keptSession();
  if (offline) return offline;
  try {
    return await load();
  } catch (error) {
    const kept = isNetworkFailure(error) ? await keptSession() : null;
    if (kept) return kept;
    throw error;
  }
}
