export {
  checkApiKey,
  createAccountService,
  keyOrigin,
  KEY_DISABLED_MESSAGE,
  NO_KEY_MESSAGE,
} from './service';
export type { AccountServiceOptions, ClientFactory, KeyInfoClient } from './service';
