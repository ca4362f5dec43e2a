import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { SpendCheckView, SpendTotalView } from '@shared/ipc/cost';
import type { JobKind } from '@shared/domain/job-kinds';
import type { BatchQuote } from '@shared/domain/batch';
import { call } from '../../bridge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Modal } from '../../components/Modal';
import { useFormat, useTranslation } from '../../i18n';
import { COUNTER_LABEL } from './CountsChanged';

interface Asking {
  total: SpendTotalView;
  check: Extract<SpendCheckView, { verdict: 'ask' }>;
}

/** A batch's quote (main's `batches.quote`) as the one rule's total and check. */
export function quoteCheck(q: BatchQuote): { total: SpendTotalView; check: SpendCheckView } {
  const total: SpendTotalView = {
    counter: 'key_music_counts',
    submissions: q.submissions,
    perSubmission: q.total === null || q.submissions === 0 ? null : q.total / q.submissions,
    basis: 'learned',
    samples: q.samples,
    total: q.total,
    remaining: q.remaining,
    after: q.after,
  };
  const check: SpendCheckView =
    q.verdict === 'go'
      ? { verdict: 'go' }
      : q.verdict === 'refuse'
        ? { verdict: 'refuse', reason: 'cannot-cover' }
        : {
            verdict: 'ask',
            reason: q.reason === 'unknown' ? 'unknown' : 'over-budget',
            budget: q.budget,
          };
  return { total, check };
}

/**
 * The budget guard before a spend (issue 32, point 3; docs/cost.md): main totals the spend and
 * checks it against Settings' "ask before spending more than N in one go". Over it — or not known
 * yet with a budget — the creator is asked, with the numbers; `ask` answers whether to send.
 * A refusal (more than the counter has left) sends nothing either: the readiness gate says why.
 */
export function useBudgetAsk(): {
  /** One click's spend: main checks it; answers whether to send. */
  ask(plan: { kind: JobKind; model: string | null; words?: number }): Promise<boolean>;
  /**
   * A spend already totalled and checked by main (a batch: `quoteCheck(quote)`): go answers
   * true, refuse false (nothing may be sent; main refuses it too), ask shows the question.
   */
  askChecked(r: { total: SpendTotalView; check: SpendCheckView }): Promise<boolean>;
  /** `ask`, then `go` only when it answers to send. */
  spend(
    plan: { kind: JobKind; model: string | null; words?: number },
    go: () => unknown,
  ): Promise<void>;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [refused, setRefused] = useState<SpendTotalView | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const answer = useRef<((send: boolean) => void) | null>(null);

  const askChecked = useCallback(
    ({ total, check }: { total: SpendTotalView; check: SpendCheckView }): Promise<boolean> => {
      if (check.verdict === 'go') return Promise.resolve(true);
      if (!total.counter) return Promise.resolve(false);
      if (check.verdict === 'refuse') {
        // nothing is sent; the creator is told why (the numbers), not left with a dead button
        setRefused(total);
        return Promise.resolve(false);
      }
      return new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setAsking({ total, check });
      });
    },
    [],
  );

  const ask = useCallback(
    async (plan: { kind: JobKind; model: string | null; words?: number }): Promise<boolean> => {
      const r = await call((api) => api.cost.check({ ...plan, submissions: 1 }));
      // no answer from main: the spend goes on as before the guard (its own checks still hold)
      if (!r.ok) return true;
      return askChecked(r.value);
    },
    [askChecked],
  );

  const close = (send: boolean) => {
    answer.current?.(send);
    answer.current = null;
    setAsking(null);
  };

  const unbudgeted = asking?.check.budget === null;
  const dialog = asking && asking.total.counter && (
    <ConfirmDialog
      title={unbudgeted ? t('common:cost.askUnknownTitle') : t('common:cost.askTitle')}
      confirmLabel={t('common:cost.askSend')}
      tone="default"
      onConfirm={() => close(true)}
      onCancel={() => close(false)}
    >
      <SpendAsk total={asking.total} check={asking.check} />
    </ConfirmDialog>
  );
  const refusal = refused && (
    <Modal
      title={t('common:cost.refuseTitle')}
      initialFocusRef={closeRef}
      onCancel={() => setRefused(null)}
      actions={
        <button type="button" className="button" ref={closeRef} onClick={() => setRefused(null)}>
          {t('common:close')}
        </button>
      }
    >
      <SpendAsk total={refused} check={{ verdict: 'refuse', reason: 'cannot-cover' }} />
    </Modal>
  );
  /** Asks (when the rule says so), then does the spend only on go or "Send anyway". */
  const spend = async (
    plan: { kind: JobKind; model: string | null; words?: number },
    go: () => unknown,
  ): Promise<void> => {
    if (await ask(plan)) await go();
  };
  return {
    ask,
    spend,
    askChecked,
    dialog: (
      <>
        {dialog}
        {refusal}
      </>
    ),
  };
}

/**
 * Main's check of one spend, asked when `plan` is given (null: nothing to check, e.g. a kind that
 * spends nothing). Null until main answers; 'failed' when main could not check it (the spend then
 * goes on as before the guard, like `ask`: main's own checks still hold).
 */
export function useSpendCheck(
  plan: { kind: JobKind; model: string | null; words?: number } | null,
): { total: SpendTotalView; check: SpendCheckView } | 'failed' | null {
  const [answer, setAnswer] = useState<
    { total: SpendTotalView; check: SpendCheckView } | 'failed' | null
  >(null);
  const kind = plan?.kind ?? null;
  const model = plan?.model ?? null;
  const words = plan?.words;
  useEffect(() => {
    if (!kind) return undefined;
    let live = true;
    void call((api) =>
      api.cost.check({ kind, model, submissions: 1, ...(words !== undefined ? { words } : {}) }),
    ).then((r) => {
      if (live) setAnswer(r.ok ? r.value : 'failed');
    });
    return () => {
      live = false;
    };
  }, [kind, model, words]);
  return answer;
}

/** A total learned from finished jobs is "about"; speech is counted from its text, exactly. */
const ASK_OVER = { learned: 'common:cost.askOver', counted: 'common:cost.askOverCounted' } as const;
const REFUSE = { learned: 'common:cost.refuse', counted: 'common:cost.refuseCounted' } as const;

/**
 * The budget's words for a check that does not go: over the budget or not known yet (with the
 * numbers), or more than the counter has left (nothing is sent). Nothing for a check that goes.
 */
export function SpendAsk({ total, check }: { total: SpendTotalView; check: SpendCheckView }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (check.verdict === 'go' || !total.counter) return null;
  const label = t(COUNTER_LABEL[total.counter]);
  if (check.verdict === 'refuse')
    return (
      <p className="field-error" data-testid="budget-refuse">
        {t(REFUSE[total.basis], {
          total: f.number(total.total ?? 0),
          label,
          remaining: f.number(total.remaining ?? 0),
        })}
      </p>
    );
  const unbudgeted = check.budget === null;
  return (
    <>
      <p data-testid="budget-ask">
        {check.reason === 'over-budget'
          ? t(ASK_OVER[total.basis], {
              total: f.number(total.total ?? 0),
              label,
              budget: f.number(check.budget ?? 0),
            })
          : unbudgeted
            ? t('common:cost.askUnknownFree', { label })
            : t('common:cost.askUnknown', { label, budget: f.number(check.budget ?? 0) })}
      </p>
      {total.after !== null && <p>{t('common:cost.after', { n: f.number(total.after) })}</p>}
    </>
  );
}
