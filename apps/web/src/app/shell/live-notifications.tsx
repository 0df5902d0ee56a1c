import { useLiveNotifications } from '../../features/notifications/api/live-notifications';
import { useBranding } from '../../lib/branding';
import { useOptionalUser } from '../../lib/session';

/** Connects to the realtime server while someone is signed in, and disconnects when they are not. */
export function LiveNotifications() {
  useLiveNotifications(useOptionalUser(), useBranding()?.realtime);
  return null;
}
