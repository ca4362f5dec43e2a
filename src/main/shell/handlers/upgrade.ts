/**
 * upgrade:* — the consent and progress of tagging files an earlier version saved
 * (services/library/upgrade-runner.ts). Main chooses the files; the renderer never names one.
 */
import type { UpgradeRunner } from '../../services/library/upgrade-runner';
import type { NamespaceHandlers } from '../ipc';

export function upgradeHandlers(runner: UpgradeRunner): NamespaceHandlers<'upgrade'> {
  return {
    status: () => runner.status(),
    start: () => runner.agree(),
    decline: () => runner.decline(),
    stop: () => runner.stop(),
    hold(_ctx, playing) {
      runner.hold(playing);
      return null;
    },
  };
}
