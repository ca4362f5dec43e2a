import { useMemo, useState, type DragEvent } from 'react';
import { TRAN_MAX_SEMITONES, TRAN_MIN_SEMITONES } from '@shared/domain/service-limits';
import { ReadinessGate } from '../../readiness/ReadinessGate';
import { useReadiness } from '../../readiness/useReadiness';
import { selectRefusedWhileLeft, useAccountStore } from '../../stores/account';
import {
  cancelCover,
  chooseFile,
  dismissCover,
  setCoverField,
  singerKeyOf,
  startCover,
  useCoversStore,
  type CoverSourceKind,
} from '../../stores/covers';
import { isCoverSource } from '@shared/domain/library-sources';
import { sourceDetail, useLibrarySources } from '../shared/library-sources';
import { Button, EmptyState, SegmentedControl, TextField } from '../../components';
import { ItemPicker, type PickerItem } from '../../components/ItemPicker';
import { JobResultView } from '../shared/JobResultView';
import { errorText, fieldText, useFormat, useTranslation } from '../../i18n';
import { fileSizeText } from '../shared/file-size';
import { SpendCost } from '../shared/CostLine';
import { useBudgetAsk } from '../shared/BudgetAsk';

const SOURCES = [
  { value: 'file', label: 'covers:cover.source.file' },
  { value: 'library', label: 'covers:cover.source.library' },
  { value: 'link', label: 'covers:cover.source.link' },
] as const satisfies ReadonlyArray<{ value: CoverSourceKind; label: string }>;

/** What SingerList's "Use in a cover" scrolls to. */
export const MAKE_COVER_CARD = 'make-cover';

/** Source (dropped/picked file, library song or video link), singer, key change, upload with progress and cancel. */
export function CoverCard() {
  const { t } = useTranslation();
  const f = useFormat();
  const s = useCoversStore();
  const coversLeft = useAccountStore((a) => a.keyInfo?.key_cover_counts ?? null);
  const disagrees = useAccountStore(selectRefusedWhileLeft('key_cover_counts'));
  const gate = useReadiness({ counter: 'key_cover_counts' });
  const budget = useBudgetAsk();
  // over the Settings budget (or not known yet with one): asked first, nothing sent on No
  const make = () => void budget.spend({ kind: 'cover', model: null }, startCover);
  const sources = useLibrarySources(isCoverSource);
  const [dragging, setDragging] = useState(false);
  // the typed text ("-" on the way to "-4") is kept apart from the number sent
  const [tranText, setTranText] = useState<string | null>(null);
  const busy =
    !!s.cover && ['pending', 'submitted', 'running', 'downloading'].includes(s.cover.state);
  const pct =
    s.cover && s.cover.totalBytes > 0
      ? Math.round((s.cover.bytesSent / s.cover.totalBytes) * 100)
      : null;
  // a searchable list: your ready singers first, then the built-in ones
  const singerChoices = useMemo<PickerItem[]>(
    () =>
      [...s.singers.filter((x) => x.custom), ...s.singers.filter((x) => !x.custom)]
        .filter((x) => x.state === 'ready' && x.id)
        .map((x) => ({
          id: singerKeyOf(x),
          title: x.name,
          detail: t(x.custom ? 'covers:cover.singer.yours' : 'covers:cover.singer.builtIn'),
        })),
    [s.singers, t],
  );
  const waiting = s.singers.filter((x) => x.custom && x.state === 'training');
  const err = s.coverError;

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    const dropped = Array.from(e.dataTransfer.files);
    if (dropped.length > 0) void chooseFile({ dropped });
  };

  return (
    <section
      className="card stack"
      aria-label={t('covers:cover.title')}
      aria-busy={busy}
      data-card={MAKE_COVER_CARD}
    >
      <div className="card-head card-head-tight">
        <h2 className="card-title">{t('covers:cover.title')}</h2>
        {coversLeft !== null && (
          <span className="muted small">
            {disagrees
              ? t('covers:cover.leftDisagree', { n: f.number(coversLeft) })
              : t('covers:cover.left', { count: coversLeft })}
          </span>
        )}
      </div>
      <SegmentedControl
        label={t('covers:cover.source.label')}
        showLabel
        segments={SOURCES.map((x) => ({ value: x.value, label: t(x.label) }))}
        value={s.sourceKind}
        onChange={(kind) => setCoverField('sourceKind', kind)}
        disabled={busy}
      />
      {s.sourceKind === 'file' && (
        <div
          className={dragging ? 'covers-drop covers-drop-active' : 'covers-drop'}
          role="region"
          aria-label={t('covers:cover.drop.label')}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          {s.file ? (
            <p>
              <strong translate="no">{s.file.name}</strong> —{' '}
              {fileSizeText(f, s.file.sizeBytes, 'mb')}
            </p>
          ) : (
            <p>{t('covers:cover.drop.body', { max: f.number(200) })}</p>
          )}
          <Button size="small" disabled={busy} onClick={() => void chooseFile('pick')}>
            {s.file ? t('covers:cover.drop.another') : t('covers:cover.drop.choose')}
          </Button>
        </div>
      )}
      {s.sourceKind === 'library' && (
        <ItemPicker
          label={t('covers:cover.library.label')}
          noun={t('covers:cover.library.noun')}
          items={sources.items}
          detailOf={sourceDetail}
          loading={sources.loading}
          value={s.libraryItemId}
          onChange={(id) => setCoverField('libraryItemId', id)}
          disabled={busy}
          empty={<p className="muted small">{t('covers:cover.library.empty')}</p>}
        />
      )}
      {s.sourceKind === 'link' && (
        <TextField
          label={t('covers:cover.link.label')}
          type="url"
          value={s.link}
          placeholder={t('covers:cover.link.placeholder')}
          onChange={(e) => setCoverField('link', e.target.value)}
          disabled={busy}
        />
      )}
      {(err?.fields?.source || err?.fields?.videoSiteUrl) && (
        <p className="field-error">{fieldText(err, 'source') ?? fieldText(err, 'videoSiteUrl')}</p>
      )}
      <ItemPicker
        label={t('covers:cover.singer.label')}
        noun={t('covers:cover.singer.noun')}
        items={singerChoices}
        value={s.singerKey}
        onChange={(k) => setCoverField('singerKey', k)}
        disabled={busy}
        missingText={t('covers:cover.singer.missing')}
        hint={
          waiting.length > 0
            ? t('covers:cover.singer.training', { names: f.list(waiting.map((x) => x.name)) })
            : undefined
        }
        empty={<p className="muted small">{t('covers:cover.singer.none')}</p>}
      />
      {s.singersError && (
        <p className="muted small" role="status">
          {s.singersFetchedAt && s.singers.some((x) => !x.custom)
            ? t('covers:cover.singer.kept', {
                reason: errorText(s.singersError),
                time: f.relative(new Date(s.singersFetchedAt)),
              })
            : t('covers:cover.singer.loadFailed', { reason: errorText(s.singersError) })}
        </p>
      )}
      {err?.fields?.singerId && <p className="field-error">{fieldText(err, 'singerId')}</p>}
      <div className="field">
        <span className="field-label">{t('covers:cover.tran.label')}</span>
        <span className="covers-tran">
          <input
            type="range"
            aria-label={t('covers:cover.tran.slider')}
            min={TRAN_MIN_SEMITONES}
            max={TRAN_MAX_SEMITONES}
            step={1}
            value={s.tranSemitones}
            onChange={(e) => {
              setTranText(null);
              setCoverField('tranSemitones', Number(e.target.value));
            }}
            disabled={busy}
          />
          <input
            type="number"
            className="input covers-tran-number"
            aria-label={t('covers:cover.tran.label')}
            min={TRAN_MIN_SEMITONES}
            max={TRAN_MAX_SEMITONES}
            step={1}
            value={tranText ?? String(s.tranSemitones)}
            onBlur={() => setTranText(null)}
            onChange={(e) => {
              setTranText(e.target.value);
              const n = Number(e.target.value);
              if (e.target.value.trim() !== '' && Number.isFinite(n))
                setCoverField('tranSemitones', Math.trunc(n));
            }}
            disabled={busy}
          />
        </span>
      </div>
      {err?.fields?.tranSemitones && (
        <p className="field-error">{fieldText(err, 'tranSemitones')}</p>
      )}
      <TextField
        label={t('covers:cover.titleField')}
        value={s.title}
        maxLength={80}
        onChange={(e) => setCoverField('title', e.target.value)}
        disabled={busy}
      />
      {err && !err.fields && (
        <p className="field-error" role="alert">
          {errorText(err)}
        </p>
      )}
      <div className="covers-actions">
        <Button
          variant="primary"
          disabled={busy || !gate.ready}
          aria-describedby={gate.describedBy}
          onClick={make}
        >
          {t('covers:cover.make')}
        </Button>
        {busy && (
          <Button variant="ghost" onClick={() => void cancelCover()}>
            {t('common:cancel')}
          </Button>
        )}
      </div>
      <SpendCost kind="cover" />
      {budget.dialog}
      <ReadinessGate gate={gate} />
      {busy && pct !== null && s.cover!.state === 'running' && (
        <progress
          className="meter"
          aria-label={t('covers:cover.upload.label')}
          max={100}
          value={pct}
        >
          {f.percent(pct / 100)}
        </progress>
      )}
      {busy && pct !== null && (
        <span className="muted small">
          {' '}
          {pct < 100
            ? t('covers:cover.upload.progress', { percent: f.percent(pct / 100) })
            : t('covers:cover.upload.done')}
        </span>
      )}
      {!s.cover && (
        <EmptyState title={t('covers:cover.empty.title')}>
          {t('covers:cover.empty.body')}
        </EmptyState>
      )}
      {s.cover && (
        <JobResultView
          job={s.cover}
          label={t('covers:cover.result')}
          cards
          onDismiss={() => void dismissCover('cover')}
          onRetry={make}
          retryDisabled={!gate.ready}
        />
      )}
    </section>
  );
}
