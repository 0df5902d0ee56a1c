// Plain constants, no zod: the web app's first page imports these through '@portico/contracts/constants'.
/** Served by the web app; used when a user has no avatar (spec §9). */
export const DEFAULT_AVATAR = '/images/default-avatar.svg';
