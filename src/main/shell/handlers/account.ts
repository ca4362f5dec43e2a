/** account:* — the key and the service address, through the plain-Node AccountService. */
import { ACCOUNT_PAGE_URL } from '@shared/defaults';
import { checkServiceAddress } from '@shared/domain/account';
import { ADDRESS_PROBLEM_KEYS } from '@shared/domain/account-rules';
import { appError } from '@shared/app-error';
import type { AccountService } from '../../services/contracts';
import type { HandlerContext, NamespaceHandlers } from '../ipc';
import { tr } from '../i18n';

export interface AccountHandlerDeps {
  account: AccountService;
  /** Shows a main-process confirmation; true when the user confirmed. */
  confirm(
    ctx: HandlerContext,
    question: { message: string; detail: string; confirmLabel: string },
  ): Promise<boolean>;
  /** Opens an allowlisted https URL in the browser (refuses others). */
  openExternal(url: string): Promise<void>;
  /**
   * Tells the other windows the account changed (the asking window applies the answer itself,
   * without asking again).
   */
  notifyChanged(ctx: HandlerContext): void;
}

export function accountHandlers(deps: AccountHandlerDeps): NamespaceHandlers<'account'> {
  const { account } = deps;
  return {
    getStatus: () => account.status(),
    async setKey(ctx, key) {
      const status = await account.setKey(key);
      deps.notifyChanged(ctx);
      return status;
    },
    async removeKey(ctx) {
      const status = await account.removeKey();
      deps.notifyChanged(ctx);
      return status;
    },
    getKeyInfo: () => account.keyInfo(),
    async setServiceAddress(ctx, address) {
      const checked = checkServiceAddress(address);
      if (!checked.ok)
        throw appError(
          'validation',
          ADDRESS_PROBLEM_KEYS[checked.problem],
          {},
          {
            fields: { baseUrl: checked.message },
          },
        );
      const before = await account.status();
      const from = new URL(before.baseUrl).host;
      const to = new URL(checked.origin).host;
      const confirmed = await deps.confirm(ctx, {
        message: tr('main:address.question', { address: checked.origin }),
        detail:
          before.storage === 'environment'
            ? tr('main:address.detailEnv', { from, to })
            : tr('main:address.detail', { from, to }),
        confirmLabel: tr('main:address.confirm'),
      });
      if (!confirmed) throw appError('cancelled', 'errors:addressUnchanged');
      const status = await account.setServiceAddress(checked.origin);
      deps.notifyChanged(ctx);
      return status;
    },
    async openAccountPage() {
      await deps.openExternal(ACCOUNT_PAGE_URL);
      return null;
    },
  };
}
