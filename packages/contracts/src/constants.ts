/**
 * The contracts' plain constants and helpers, without zod: roles, the permission table, feature flags,
 * terminology defaults, branding defaults. The web app's first page imports them from
 * '@portico/contracts/constants' so that zod and the schemas load only where a page parses with them.
 * Every name here is also exported by '@portico/contracts'.
 */
export * from './roles';
export * from './permissions';
export * from './feature-flags';
export * from './feature-flag-texts';
export * from './terminology-defaults';
export * from './branding-defaults';
export * from './notification-kinds';
export * from './user-defaults';
export * from './money';
export * from './money-display';
export * from './investments/opportunity-status';
export * from './investments/opportunity-documents';
