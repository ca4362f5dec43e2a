import { z } from 'zod';
import {
  AccountStatusSchema,
  ApiKeySchema,
  KeyInfoSchema,
  KeySavedSchema,
} from '../domain/account';
import { invoke } from './define';

export const accountContract = {
  /** Whether a key is set (last 4 characters only), where it is stored, and the service address. */
  getStatus: invoke(z.tuple([]), AccountStatusSchema),
  /**
   * Checks a new key with the service and stores it for the current service address; a key the
   * service refuses is not stored. The renderer sends it once and never sees it again.
   */
  setKey: invoke(z.tuple([ApiKeySchema]), KeySavedSchema),
  removeKey: invoke(z.tuple([]), AccountStatusSchema),
  /** The key's entitlements, from /v1/get_api_key_info. */
  getKeyInfo: invoke(z.tuple([]), KeyInfoSchema),
  /** Changes the service address after a confirmation dialog in main; the key must be entered again. */
  setServiceAddress: invoke(z.tuple([z.string().min(1).max(2048)]), AccountStatusSchema),
  /** Opens the provider's account page in the browser. */
  openAccountPage: invoke(z.tuple([]), z.null()),
};
