import { useMemo, useState, type DragEvent } from 'react';
import { TRAN_MAX_SEMITONES, TRAN_MIN_SEMITONES } from '@shared/domain/service-limits';
import { ReadinessGate } from '../../readiness/ReadinessGate';
import { useReadiness } from '../../readiness/useReadiness';
import { useAccountStore } from '../../stores/account';
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

const SOURCES: ReadonlyArray<{ value: CoverSourceKind; label: string }> = [
  { value: 'file', label: 'An audio file' },
  { value: 'library', label: 'A library song' },
  { value: 'link', label: 'A video link' },
];

const mb = (n: number): string => `${(n / 1048576).toFixed(1)} MB`;

/** Source (dropped/picked file, library song or video link), singer, key change, upload with progress and cancel. */
export function CoverCard() {
  const s = useCoversStore();
  const coversLeft = useAccountStore((a) => a.keyInfo?.key_cover_counts ?? null);
  const gate = useReadiness({ counter: 'key_cover_counts' });
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
          detail: x.custom ? 'Your singer' : 'Built-in singer',
        })),
    [s.singers],
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
    <section className="card stack" aria-label="Make a cover" aria-busy={busy}>
      <div className="card-head card-head-tight">
        <h2 className="card-title">Make a cover</h2>
        {coversLeft !== null && <span className="muted small">{coversLeft} covers left</span>}
      </div>
      <SegmentedControl
        label="Sing what"
        showLabel
        segments={SOURCES}
        value={s.sourceKind}
        onChange={(kind) => setCoverField('sourceKind', kind)}
        disabled={busy}
      />
      {s.sourceKind === 'file' && (
        <div
          className={dragging ? 'covers-drop covers-drop-active' : 'covers-drop'}
          role="region"
          aria-label="Drop an audio file here"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          {s.file ? (
            <p>
              <strong>{s.file.name}</strong> — {mb(s.file.sizeBytes)}
            </p>
          ) : (
            <p>Drop an audio file here (mp3, wav, m4a, flac…; up to 200 MB), or</p>
          )}
          <Button size="small" disabled={busy} onClick={() => void chooseFile('pick')}>
            {s.file ? 'Choose another file…' : 'Choose a file…'}
          </Button>
        </div>
      )}
      {s.sourceKind === 'library' && (
        <ItemPicker
          label="Library song"
          noun="songs and takes"
          items={sources.items}
          detailOf={sourceDetail}
          loading={sources.loading}
          value={s.libraryItemId}
          onChange={(id) => setCoverField('libraryItemId', id)}
          disabled={busy}
          empty={
            <p className="muted small">
              Nothing in your library to sing yet: make a song or a speech take first, or use an
              audio file.
            </p>
          }
        />
      )}
      {s.sourceKind === 'link' && (
        <TextField
          label="Video link"
          type="url"
          value={s.link}
          placeholder="https://…"
          onChange={(e) => setCoverField('link', e.target.value)}
          disabled={busy}
        />
      )}
      {(err?.fields?.source || err?.fields?.videoSiteUrl) && (
        <p className="field-error">{err.fields.source ?? err.fields.videoSiteUrl}</p>
      )}
      <ItemPicker
        label="Singer"
        noun="singers"
        items={singerChoices}
        value={s.singerKey}
        onChange={(k) => setCoverField('singerKey', k)}
        disabled={busy}
        missingText="That singer is not ready any more."
        hint={
          waiting.length > 0
            ? `Still training: ${waiting.map((x) => x.name).join(', ')} — chosen here once ready.`
            : undefined
        }
        empty={<p className="muted small">No singers loaded</p>}
      />
      {s.singersError && (
        <p className="muted small">Could not load the built-in singers: {s.singersError.message}</p>
      )}
      {err?.fields?.singerId && <p className="field-error">{err.fields.singerId}</p>}
      <div className="field">
        <span className="field-label">Key change (semitones)</span>
        <span className="covers-tran">
          <input
            type="range"
            aria-label="Key change slider"
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
            aria-label="Key change (semitones)"
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
      {err?.fields?.tranSemitones && <p className="field-error">{err.fields.tranSemitones}</p>}
      <TextField
        label="Title (optional)"
        value={s.title}
        maxLength={80}
        onChange={(e) => setCoverField('title', e.target.value)}
        disabled={busy}
      />
      {err && !err.fields && (
        <p className="field-error" role="alert">
          {err.message}
        </p>
      )}
      <div className="covers-actions">
        <Button
          variant="primary"
          disabled={busy || !gate.ready}
          aria-describedby={gate.describedBy}
          onClick={() => void startCover()}
        >
          Make cover
        </Button>
        {busy && (
          <Button variant="ghost" onClick={() => void cancelCover()}>
            Cancel
          </Button>
        )}
      </div>
      <ReadinessGate gate={gate} />
      {busy && pct !== null && s.cover!.state === 'running' && (
        <progress className="meter" aria-label="Upload progress" max={100} value={pct}>
          {pct}%
        </progress>
      )}
      {busy && pct !== null && (
        <span className="muted small">
          {' '}
          {pct < 100 ? `Uploading… ${pct}%` : 'Uploaded; the service is singing…'}
        </span>
      )}
      {!s.cover && (
        <EmptyState title="No cover yet">
          Choose what to sing and a singer, then Make cover. The cover lands in your library and
          plays here.
        </EmptyState>
      )}
      {s.cover && (
        <JobResultView
          job={s.cover}
          what="Cover"
          onDismiss={() => void dismissCover('cover')}
          onRetry={() => void startCover()}
          retryDisabled={!gate.ready}
        />
      )}
    </section>
  );
}
