import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUserStore } from '../stores/user';

/** Asks, once per sign-in, a user still on the default password to choose their own. */
export function DefaultPasswordPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const info = useUserStore((state) => state.info);
  const [dismissedFor, setDismissedFor] = useState<number | null>(null);
  const open =
    Boolean(info?.passwordIsDefault) && dismissedFor !== info?.id && pathname !== '/profile/index';

  return (
    <Modal
      open={open}
      title={t('login.defaultPasswordTitle')}
      okText={t('login.changeNow')}
      cancelText={t('login.later')}
      onOk={() => {
        setDismissedFor(info?.id ?? null);
        navigate('/profile/index');
      }}
      onCancel={() => setDismissedFor(info?.id ?? null)}
    >
      {t('login.defaultPasswordText')}
    </Modal>
  );
}
