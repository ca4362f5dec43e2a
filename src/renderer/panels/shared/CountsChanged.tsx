import { useEffect, useState } from 'react';
import type { KnownCounts } from '@shared/domain/jobs';
import type { Counter } from '@shared/errors';
import { refreshKeyInfo, useAccountStore } from '../../stores/account';
import { useFormat, useTranslation } from '../../i18n';

/** Each counter's name, as the Account panel lists it (catalog keys, translated where shown). */
export const COUNTER_LABEL = {
  key_music_counts: 'account:entitlements.songs',
  key_words_counts: 'account:entitlements.words',
  key_clone_voices: 'account:entitlements.clones',
  key_cover_counts: 'account:entitlements.covers',
  key_vc_counts: 'account:entitlements.conversions',
  key_singing_credits: 'account:entitlements.singing',
} as const satisfies Record<Counter, string>;

/**
 * After a finished job whose counter the service does not document (a training, speech), which
 * counts on the key changed: key info is read again once the job is done and compared with the
 * counts main recorded when it was sent ("Voice conversions 10 → 9"). Nothing while unknown.
 */
export function CountsChanged({ before, done }: { before: KnownCounts | null; done: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  // whether key info has been read since the job finished (an older read says nothing)
  const [fresh, setFresh] = useState(false);
  const info = useAccountStore((s) => s.keyInfo);
  useEffect(() => {
    if (!done || !before) return;
    const askedAtMs = Date.now();
    let live = true;
    void refreshKeyInfo().then(() => {
      if (live) setFresh((useAccountStore.getState().keyInfoReadAtMs ?? 0) >= askedAtMs);
    });
    return () => {
      live = false;
    };
  }, [done, before]);
  if (!done || !before || !info || !fresh) return null;
  const changes = (Object.keys(before.counts) as Counter[])
    .filter((c) => before.counts[c] !== undefined && before.counts[c] !== info[c])
    .map((c) =>
      t('common:counts.change', {
        label: t(COUNTER_LABEL[c]),
        before: f.number(before.counts[c]!),
        after: f.number(info[c]),
      }),
    );
  return (
    <p className="muted small" role="status" data-testid="counts-changed">
      {changes.length > 0
        ? t('common:counts.changed', { changes: f.list(changes) })
        : t('common:counts.none')}
    </p>
  );
}
