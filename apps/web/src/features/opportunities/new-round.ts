import { ADMIN_SCREENS } from '../../config/admin-menu';

/** The query parameter that makes a new draft a new round of an existing investment (decision 015). */
export const NEW_ROUND_PARAM = 'round_of';

/** Where staff start a new round of an existing investment: the new-opportunity page, filled in from it. */
export const newRoundPath = (existingId: number) =>
  `${ADMIN_SCREENS.newOpportunity.path}?${NEW_ROUND_PARAM}=${existingId}`;
