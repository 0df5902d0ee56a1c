import { useBlocker } from 'react-router';
import { ConfirmLeaveModal } from '../modals/confirm-leave-modal';

/**
 * Asks before leaving a form with unsaved changes for another page of the app (the browser's own close
 * is not asked). `shouldBlock` is read when someone leaves, so a form that has just saved can say no.
 */
export function UnsavedChangesGuard({ shouldBlock }: { shouldBlock: () => boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && shouldBlock(),
  );
  return (
    <ConfirmLeaveModal
      opened={blocker.state === 'blocked'}
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
    />
  );
}
