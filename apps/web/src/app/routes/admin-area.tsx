import { notifications } from '@mantine/notifications';
import { useEffect, useMemo } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { AdminLayout } from '../../components/layouts/admin-layout';
import { NotificationCenter } from '../../components/notifications/notification-center';
import { visibleAdminMenu } from '../../config/admin-menu';
import { landingPath } from '../../config/landing';
import { useNotificationCenter } from '../../features/notifications/api/use-notification-center';
import { useFeatures } from '../../lib/branding';
import { useUser } from '../../lib/session';
import { useTerminology } from '../../lib/terminology';
import { HeaderSearch, searchableKinds } from '../shell/global-search';

export function AdminArea() {
  const user = useUser();
  const features = useFeatures();
  const menu = useMemo(() => visibleAdminMenu(user.role_id, undefined, features), [user.role_id, features]);
  const terminology = useTerminology();
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
      search={searchableKinds(user.role_id, terminology).length > 0 ? <HeaderSearch /> : undefined}
      actions={<NotificationCenter {...center} />}
    >
      <Outlet />
    </AdminLayout>
  );
}
