import { brandingSchema, dataOf, notificationSchema, userSchema } from '@portico/contracts';

/**
 * The contract's parsers of the answers the first pages read before zod has loaded (lib/first-answer.ts).
 * Imported dynamically through this module, not as `import('@portico/contracts')`, so that the chunk
 * holds only these schemas rather than every schema of the contracts.
 */
export const userResponse = dataOf(userSchema);
export const brandingResponse = dataOf(brandingSchema);
export { notificationSchema };
