import { ApiStatus, UserType } from '@kaoshi/shared';
import { ApiError } from '../../api/request';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CAPTCHA_URL, getLoginOptions, type LoginForm } from '../../api/auth';
import { PublicCard, PublicPage } from '../../components/public-page/PublicPage';
import type { LoginState } from '../../router/types';
import { useUserStore } from '../../stores/user';
import './login.css';

/** Only same-site paths: a crafted ?redirect= must not send the user elsewhere. */
function safeRedirect(value: string | null) {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

type Field = 'username' | 'password' | 'verifyCode';

const USER_TYPES = [
  [UserType.ADMIN, 'admin'],
  [UserType.TEACHER, 'teacher'],
  [UserType.STUDENT, 'student'],
] as const;

/** The user type a page handed over (the profile, after a password change), else student. */
function initialUserType(state: LoginState | null): number {
  return USER_TYPES.find(([type]) => type === state?.userType)?.[0] ?? UserType.STUDENT;
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z"
      />
      {!open && <path stroke="currentColor" strokeWidth="2" d="M3 3l18 18" />}
    </svg>
  );
}

/**
 * The sign-in page, in plain HTML and CSS without the component library: it is what every
 * examinee loads first, at the same minute as thousands of others, often on a phone.
 */
export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const handedOver = useLocation().state as LoginState | null;
  const [values, setValues] = useState<LoginForm>({
    userType: initialUserType(handedOver),
    username: '',
    password: '',
    verifyCode: '',
  });
  const [touched, setTouched] = useState(false);
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  // Whether the server asks for a captcha: unknown until it answers. A form sent before the answer
  // waits for it, rather than asking for a captcha the server may not want (a slow network).
  const [captcha, setCaptcha] = useState<boolean>();
  const captchaNeeded = useRef<Promise<boolean>>(Promise.resolve(true));
  useEffect(() => {
    const needed = getLoginOptions()
      .then((options) => options.captcha)
      .catch(() => true);
    captchaNeeded.current = needed;
    void needed.then(setCaptcha);
  }, []);

  const missingWith = (needsCaptcha: boolean): Partial<Record<Field, string>> => ({
    ...(!values.username.trim() && { username: t('login.usernameRequired') }),
    ...(!values.password && { password: t('login.passwordRequired') }),
    ...(needsCaptcha && !values.verifyCode.trim() && { verifyCode: t('login.captchaRequired') }),
  });
  const missing = missingWith(captcha === true);
  const problem = (field: Field) => (touched ? missing[field] : undefined);
  /** What ties an input to its field: its name, value, change and whether it is marked invalid. */
  const fieldProps = (field: Field) => ({
    name: field,
    className: problem(field) ? 'login-input invalid' : 'login-input',
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
    'aria-invalid': Boolean(problem(field)),
  });
  /** A field's problem under it, once the form has been sent. */
  const problemOf = (field: Field) =>
    problem(field) && <span className="login-problem">{problem(field)}</span>;

  /**
   * The server names the field it refused (`data.field`: password, verifyCode; or status 10005); say it in
   * the page's language. A wrong user type, a disabled or an expired account are refused as a
   * wrong password (telling them apart would confirm the password). Anything else is shown as
   * the server put it.
   */
  const signInProblem = (failure: unknown) => {
    if (!(failure instanceof ApiError))
      return failure instanceof Error ? failure.message : t('common.error');
    if (failure.status === ApiStatus.TOO_MANY_REQUESTS) return t('login.problems.locked');
    if (failure.field === 'password' || failure.field === 'username')
      return t('login.problems.credentials');
    if (failure.field === 'verifyCode') return t('login.problems.captcha');
    return failure.message;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const needsCaptcha = await captchaNeeded.current;
    setCaptcha(needsCaptcha);
    setTouched(true);
    if (Object.keys(missingWith(needsCaptcha)).length > 0) return;
    setSubmitting(true);
    setError(undefined);
    try {
      await useUserStore.getState().login(values);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (failure) {
      setError(signInProblem(failure));
      // A captcha is good for one attempt. Its emptied field is not a mistake of the user's:
      // the server's message alone says what went wrong, until the form is sent again.
      setTouched(false);
      setValues((current) => ({ ...current, verifyCode: '' }));
      setCaptchaVersion((version) => version + 1);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicPage className="login-page">
      <PublicCard
        className="login-card"
        title={t('common.productTitle')}
        subtitle={t('login.subtitle')}
        logoSize={44}
      >
        <form className="login-form" onSubmit={submit} noValidate>
          <div className="login-field">
            <span className="login-label" id="login-user-type">
              {t('login.userType')}
            </span>
            <div className="login-segmented" role="radiogroup" aria-labelledby="login-user-type">
              {USER_TYPES.map(([userType, label]) => (
                <button
                  key={userType}
                  type="button"
                  role="radio"
                  aria-checked={values.userType === userType}
                  className={values.userType === userType ? 'active' : undefined}
                  onClick={() => setValues((current) => ({ ...current, userType }))}
                >
                  {t(`login.userTypes.${label}`)}
                </button>
              ))}
            </div>
          </div>
          <label className="login-field">
            <span className="login-label">{t('login.username')}</span>
            <input
              {...fieldProps('username')}
              placeholder={t('login.usernamePlaceholder')}
              autoComplete="username"
              autoFocus
            />
            {problemOf('username')}
          </label>
          <label className="login-field">
            <span className="login-label">{t('login.password')}</span>
            <span className="login-password">
              <input
                {...fieldProps('password')}
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                onKeyUp={(event) => setCapsLock(event.getModifierState('CapsLock'))}
              />
              <button
                type="button"
                className="login-eye"
                aria-label={t('login.showPassword')}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                <EyeIcon open={showPassword} />
              </button>
            </span>
            {problemOf('password')}
            {capsLock && <span className="login-hint">{t('login.capsLock')}</span>}
          </label>
          {captcha && (
            <label className="login-field">
              <span className="login-label">{t('login.captcha')}</span>
              <span className="login-captcha">
                <input {...fieldProps('verifyCode')} maxLength={6} autoComplete="off" />
                <img
                  className="login-captcha-image"
                  src={`${CAPTCHA_URL}?v=${captchaVersion}`}
                  alt={t('login.captcha')}
                  title={t('login.captchaRefresh')}
                  onClick={(event) => {
                    event.preventDefault();
                    setCaptchaVersion((version) => version + 1);
                  }}
                />
              </span>
              {problemOf('verifyCode')}
            </label>
          )}
          {error ? (
            <div className="login-error" role="alert">
              {error}
            </div>
          ) : (
            handedOver?.passwordChanged && (
              <div className="login-notice" role="status">
                {t('login.passwordChanged')}
              </div>
            )
          )}
          <button type="submit" className="login-submit" disabled={submitting}>
            {submitting && <span className="page-loading-spinner small" />}
            {t('login.submit')}
          </button>
        </form>
      </PublicCard>
    </PublicPage>
  );
}
