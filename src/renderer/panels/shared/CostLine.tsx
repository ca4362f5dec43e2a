import { useEffect, useState } from 'react';
import { kindFacts, type JobKind } from '@shared/domain/job-kinds';
import type { CostEstimateView } from '@shared/ipc/cost';
import { bridge, call } from '../../bridge';
import { useAccountStore } from '../../stores/account';
import { useFormat, useTranslation } from '../../i18n';
import { COUNTER_LABEL } from './CountsChanged';

/**
 * What a spending action usually takes, learned from this key's own finished jobs (main's
 * services/cost): asked again when the kind or model changes and whenever main learned something.
 * Null while the kind spends no counter.
 */
export function useCostEstimate(kind: JobKind, model: string | null): CostEstimateView | null {
  const [estimate, setEstimate] = useState<CostEstimateView | null>(null);
  const [learned, setLearned] = useState(0);
  useEffect(() => {
    try {
      return bridge().on.costLearned(() => setLearned((n) => n + 1));
    } catch {
      return undefined;
    }
  }, []);
  useEffect(() => {
    let live = true;
    void call((api) => api.cost.estimate({ kind, model })).then((r) => {
      if (live && r.ok) setEstimate(r.value);
    });
    return () => {
      live = false;
    };
  }, [kind, model, learned]);
  return estimate;
}

/**
 * The line beside a spending button: which counter it uses, how much it usually takes (learned,
 * labelled as such, never a price) or "not known yet", and what will be left.
 */
export function CostLine({
  estimate,
  id,
  words,
}: {
  estimate: CostEstimateView | null;
  id?: string;
  /** A kind that spends words (text to speech): the text's words, counted, never learned. */
  words?: number;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const left = useAccountStore((s) => (estimate ? (s.keyInfo?.[estimate.counter] ?? null) : null));
  if (!estimate) return null;
  const label = t(COUNTER_LABEL[estimate.counter]);
  const usual = words ?? estimate.usual;
  return (
    <p className="muted small cost-line" id={id} data-testid="cost-line">
      {words !== undefined
        ? t('common:cost.counted', { label, count: words })
        : usual === null
          ? t('common:cost.unknown', { label })
          : t('common:cost.known', {
              label,
              usual: f.number(usual),
              count: estimate.samples,
            })}
      {usual !== null && left !== null && (
        <> {t('common:cost.after', { n: f.number(Math.max(0, left - usual)) })}</>
      )}
    </p>
  );
}

/**
 * The line of an action that names no counter (training a singer, a subtitle video, writing
 * lyrics): the service does not say what it takes, so the line says that, not nothing.
 */
export function NoCounterCost() {
  const { t } = useTranslation();
  return (
    <p className="muted small cost-line" data-testid="cost-line-no-counter">
      {t('common:cost.noCounter')}
    </p>
  );
}

/** The cost line of one spending action (the estimate asked for its kind and model). */
export function SpendCost({
  kind,
  model = null,
  words,
}: {
  kind: JobKind;
  model?: string | null;
  words?: number;
}) {
  const estimate = useCostEstimate(kind, model);
  if (kindFacts(kind).counter === null) return <NoCounterCost />;
  return <CostLine estimate={estimate} {...(words !== undefined ? { words } : {})} />;
}
