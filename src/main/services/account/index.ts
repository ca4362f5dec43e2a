export { checkApiKey, createAccountService, keyOrigin } from './service';
export type { AccountServiceOptions, ClientFactory, KeyInfoClient } from './service';
