import { useEffect, useState, type FormEvent } from 'react';
import { SPEND_BUDGET_MAX, type SpendBudgets } from '@shared/domain/budget';
import type { AppErrorShape, Counter } from '@shared/errors';
import { call } from '../../bridge';
import { TextField } from '../../components';
import { errorText, useTranslation } from '../../i18n';
import { COUNTER_LABEL } from '../shared/CountsChanged';

/** The counters a spending button uses (the job-kind registry's counters), in the app's order. */
const COUNTERS: readonly Counter[] = [
  'key_music_counts',
  'key_cover_counts',
  'key_singing_credits',
  'key_clone_voices',
  'key_words_counts',
];

/** A typed budget: empty is none, a whole number 0…max is kept, anything else is a problem. */
function parse(text: string): number | null | 'bad' {
  const v = text.trim();
  if (v === '') return null;
  if (!/^\d+$/.test(v)) return 'bad';
  const n = Number(v);
  return n <= SPEND_BUDGET_MAX ? n : 'bad';
}

/**
 * Spending: "Ask before spending more than N in one go", per counter (issue 32, point 3;
 * docs/cost.md). Empty never asks; 0 asks before every spend of that counter. Saved by main in
 * settings (`spendBudgets`); every spending button and the CLI's default `--budget` read it.
 */
export function BudgetSection() {
  const { t } = useTranslation();
  const [texts, setTexts] = useState<Partial<Record<Counter, string>>>({});
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<AppErrorShape | null>(null);

  const show = (b: SpendBudgets) =>
    setTexts(Object.fromEntries(COUNTERS.map((c) => [c, b[c] === undefined ? '' : String(b[c])])));
  useEffect(() => {
    let live = true;
    void call((api) => api.cost.budgets()).then((r) => {
      if (!live) return;
      if (r.ok) show(r.value);
      else setProblem(r.error);
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, []);

  const parsed = COUNTERS.map((c) => [c, parse(texts[c] ?? '')] as const);
  const bad = new Set(parsed.filter(([, v]) => v === 'bad').map(([c]) => c));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (bad.size > 0) return;
    const budgets: SpendBudgets = Object.fromEntries(
      parsed.flatMap(([c, v]) => (typeof v === 'number' ? [[c, v]] : [])),
    );
    setSaving(true);
    setSaved(false);
    setProblem(null);
    const r = await call((api) => api.cost.setBudgets(budgets));
    setSaving(false);
    if (r.ok) {
      show(r.value);
      setSaved(true);
    } else setProblem(r.error);
  };

  return (
    <section className="card" aria-label={t('settings:budget.title')}>
      <h2 className="card-title">{t('settings:budget.title')}</h2>
      <p className="muted small">{t('settings:budget.lede')}</p>
      <form className="stack" onSubmit={(e) => void save(e)}>
        {COUNTERS.map((c) => (
          <TextField
            key={c}
            label={t('settings:budget.field', { label: t(COUNTER_LABEL[c]) })}
            inputMode="numeric"
            value={texts[c] ?? ''}
            placeholder={t('settings:budget.never')}
            disabled={!loaded}
            error={bad.has(c) ? t('settings:budget.invalid', { max: SPEND_BUDGET_MAX }) : undefined}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setSaved(false);
              setTexts((x) => ({ ...x, [c]: v }));
            }}
          />
        ))}
        <div className="settings-row">
          <button type="submit" className="button" disabled={!loaded || saving || bad.size > 0}>
            {saving ? t('settings:budget.saving') : t('settings:budget.save')}
          </button>
          {saved && (
            <p className="muted small" role="status">
              {t('settings:budget.saved')}
            </p>
          )}
        </div>
      </form>
      {problem && (
        <p className="settings-error" role="alert">
          {errorText(problem)}
        </p>
      )}
    </section>
  );
}
