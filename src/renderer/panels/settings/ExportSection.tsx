import { useEffect, useState, type FormEvent } from 'react';
import {
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS,
  TAG_TEXT_MAX_CHARS,
  type ExportDefaults,
  type ExportFormat,
} from '@shared/domain/export';
import type { AppErrorShape } from '@shared/errors';
import { call } from '../../bridge';
import { SegmentedControl, TextField } from '../../components';
import { errorText, useTranslation } from '../../i18n';

/**
 * Export defaults: the format the Library's Export starts with and the artist and album written
 * into exported files (`cadenza library export` uses them too). Saved by main in settings.
 */
export function ExportSection() {
  const { t } = useTranslation();
  const [format, setFormat] = useState<ExportFormat>('mp3');
  const [artist, setArtist] = useState('');
  const [album, setAlbum] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<AppErrorShape | null>(null);

  const show = (d: ExportDefaults) => {
    setFormat(d.format ?? 'mp3');
    setArtist(d.artist ?? '');
    setAlbum(d.album ?? '');
  };
  useEffect(() => {
    let live = true;
    void call((api) => api.export.defaults()).then((r) => {
      if (!live) return;
      if (r.ok) show(r.value);
      else setProblem(r.error);
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, []);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setSaved(false);
    setProblem(null);
    const r = await call((api) =>
      api.export.setDefaults({ format, artist: artist.trim(), album: album.trim() }),
    );
    setSaving(false);
    if (r.ok) {
      show(r.value);
      setSaved(true);
    } else setProblem(r.error);
  };

  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      setSaved(false);
      set(v);
    };
  return (
    <section className="card" aria-label={t('settings:export.title')}>
      <h2 className="card-title">{t('settings:export.title')}</h2>
      <p className="muted small">{t('settings:export.lede')}</p>
      <form className="stack" onSubmit={(e) => void save(e)}>
        <SegmentedControl<ExportFormat>
          label={t('settings:export.format')}
          showLabel
          segments={EXPORT_FORMATS.map((f) => ({ value: f, label: EXPORT_FORMAT_LABELS[f] }))}
          value={format}
          onChange={edit(setFormat)}
          disabled={!loaded}
        />
        <TextField
          label={t('settings:export.artist')}
          value={artist}
          maxLength={TAG_TEXT_MAX_CHARS}
          disabled={!loaded}
          onChange={(e) => edit(setArtist)(e.currentTarget.value)}
        />
        <TextField
          label={t('settings:export.album')}
          value={album}
          maxLength={TAG_TEXT_MAX_CHARS}
          hint={t('settings:export.albumHint')}
          disabled={!loaded}
          onChange={(e) => edit(setAlbum)(e.currentTarget.value)}
        />
        <div className="settings-row">
          <button type="submit" className="button" disabled={!loaded || saving}>
            {saving ? t('settings:export.saving') : t('settings:export.save')}
          </button>
          {saved && (
            <p className="muted small" role="status">
              {t('settings:export.saved')}
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
