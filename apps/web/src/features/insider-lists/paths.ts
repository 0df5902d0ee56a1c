import type { InsiderListType } from '@portico/contracts';
import { ADMIN_SCREENS } from '../../config/admin-menu';

export const INSIDER_LISTS_PATH = ADMIN_SCREENS.insiderLists.path;

/** The page of one list; the permanent section is `permanent/0`. */
export const insiderListPagePath = (type: InsiderListType, id: number) =>
  `${INSIDER_LISTS_PATH}/${type}/${type === 'permanent' ? 0 : id}`;
