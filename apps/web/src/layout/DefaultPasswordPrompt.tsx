import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PASSWORD_LATER_KEY, useUserStore } from '../stores/user';
import { storage } from '../utils/storage';

/**
 * Asks a user still on the default password to choose their own. "Later" is remembered for that
 * user until they sign in again (stored, so a reload does not ask again).
 */
export function DefaultPasswordPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const info = useUserStore((state) => state.info);
  const [laterFor, setLaterFor] = useState(() => storage.get(PASSWORD_LATER_KEY));
  const userId = info ? String(info.id) : null;
  // Never over the exam page: a dialog there would interrupt a candidate against the clock,
  // and "Change now" would take them away from their paper.
  const open =
    Boolean(info?.passwordIsDefault) &&
    laterFor !== userId &&
    pathname !== '/profile/index' &&
    pathname !== '/socketA';

  const later = () => {
    if (userId === null) return;
    storage.set(PASSWORD_LATER_KEY, userId);
    setLaterFor(userId);
  };

  return (
    <Modal
      open={open}
      title={t('login.defaultPasswordTitle')}
      okText={t('login.changeNow')}
      cancelText={t('login.later')}
      onOk={() => {
        // Asked again after the next sign-in if they leave the profile without changing it.
        setLaterFor(userId);
        navigate('/profile/index');
      }}
      onCancel={later}
    >
      {t('login.defaultPasswordText')}
    </Modal>
  );
}
