import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserStore } from '../../stores/user';
import { PasswordChangeForm } from '../../components/PasswordChangeForm';

/**
 * All a student signed in with their initial password sees: the server refuses their other
 * calls until they choose their own (the initial one is printed and may have been seen).
 */
export function InitialPasswordChange() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const signOut = async () => {
    await useUserStore.getState().logout();
    navigate('/login', { replace: true });
  };

  return (
    <main
      style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}
      data-testid="initial-password-change"
    >
      <Card title={t('login.mustChangeTitle')} style={{ width: '100%', maxWidth: 480 }}>
        <Typography.Paragraph>{t('login.mustChangeText')}</Typography.Paragraph>
        <PasswordChangeForm />
        <Button
          type="link"
          style={{ paddingInline: 0, marginTop: 8 }}
          onClick={() => void signOut()}
        >
          {t('layout.userMenu.logout')}
        </Button>
      </Card>
    </main>
  );
}
