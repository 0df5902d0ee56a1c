import { ADMIN_SCREENS } from '../../config/admin-menu';

/** The insider register's and the market soundings' admin addresses (spec §2.1, issue 21). */
export const marketSoundingPaths = {
  register: ADMIN_SCREENS.insiderRegister.path,
  /** the register narrowed to one sounding's acceptances */
  registerOf: (id: number) => `${ADMIN_SCREENS.insiderRegister.path}?sounding_id=${id}`,
  list: ADMIN_SCREENS.marketSoundings.path,
  create: ADMIN_SCREENS.newMarketSounding.path,
  details: (id: number) => ADMIN_SCREENS.marketSoundingDetails.path.replace(':id', String(id)),
};
