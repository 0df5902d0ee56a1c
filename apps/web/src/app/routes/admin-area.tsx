import { notifications } from '@mantine/notifications';
import { can } from '@portico/contracts/constants';
import { useEffect, useMemo } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { AdminLayout } from '../../components/layouts/admin-layout';
import { NotificationCenter } from '../../components/notifications/notification-center';
import { visibleAdminMenu } from '../../config/admin-menu';
import { landingPath } from '../../config/landing';
import { useNotificationCenter } from '../../features/notifications/api/use-notification-center';
import { useFeatures } from '../../lib/branding';
import { useUser } from '../../lib/session';
import { HeaderSearch } from '../shell/global-search';

export function AdminArea() {
  const user = useUser();
  const features = useFeatures();
  const menu = useMemo(() => visibleAdminMenu(user.role_id, undefined, features), [user.role_id, features]);
  const center = useNotificationCenter('admin');
  const [params] = useSearchParams();
  const verified = params.get('verified') === '1';

  useEffect(() => {
    if (verified)
      notifications.show({
        id: 'email-verified',
        color: 'success',
        title: 'Email verified',
        message: 'Your email address has been verified.',
      });
  }, [verified]);

  return (
    <AdminLayout
      user={user}
      menu={menu}
      homePath={landingPath(user.role_id)}
      search={can(user.role_id, 'investors', 'index') ? <HeaderSearch /> : undefined}
      actions={<NotificationCenter {...center} />}
    >
      <Outlet />
    </AdminLayout>
  );
}
