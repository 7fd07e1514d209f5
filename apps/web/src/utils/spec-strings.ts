import i18n from '../i18n';
import enCommon from '../i18n/locales/en/common';
import enErrorPage from '../i18n/locales/en/errorPage';
import { logError } from './error-log';

/**
 * docs/spec.md §5 and §8's exact strings; the English locale holds them word for word. The user reads
 * them in their own language; the operator gets the spec's words in the console and the error
 * log, so a report reads the same whatever the user's language.
 */
const SPEC_STRINGS = {
  'errorPage.verificationFailed': enErrorPage.verificationFailed,
  'errorPage.rolesEmpty': enErrorPage.rolesEmpty,
  'common.hasError': enCommon.hasError,
  'common.error': enCommon.error,
} as const;

export type SpecStringKey = keyof typeof SPEC_STRINGS;

/**
 * The user's translation of one of the spec's strings, logging the spec's own string.
 * @param where the place that shows it, for the error log's `info`
 */
export function specString(key: SpecStringKey, where: string): string {
  const spec = SPEC_STRINGS[key];
  console.error(spec);
  logError(new Error(spec), '', where);
  return i18n.t(key);
}
