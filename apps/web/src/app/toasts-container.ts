/**
 * The toasts' container, loaded with the first toast (app/provider.tsx). Its own module: a dynamic
 * import of '@mantine/notifications' itself would take the whole package into the entry, which imports
 * the package's store.
 */
export { Notifications } from '@mantine/notifications';
