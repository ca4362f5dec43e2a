/** updates:* — the update state, a check on request, "Restart to update" and the setting. */
import type { UpdateController } from '../../services/updates';
import type { NamespaceHandlers } from '../ipc';

export function updatesHandlers(controller: () => UpdateController): NamespaceHandlers<'updates'> {
  return {
    getState: () => controller().state(),
    check: () => controller().check(),
    restartToUpdate() {
      controller().restartToUpdate();
      return null;
    },
    setAutoUpdate: (_ctx, on) => controller().setAutoUpdate(on),
  };
}
