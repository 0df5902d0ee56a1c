import { loginInputSchema } from '@portico/contracts';
import { zodResolver } from '../../../components/form/zod-resolver';

/** The login form's check by the contract: its own chunk, loaded after the login page has painted. */
export const loginResolver = zodResolver(loginInputSchema);
