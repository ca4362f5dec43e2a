import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { Preset } from '@shared/domain/presets';
import {
  PRESET_NAME_MAX_CHARS,
  STARTER_PRESETS,
  type PresetStyle,
} from '@shared/domain/preset-starters';
import type { AppErrorShape } from '@shared/errors';
import { call } from '../../bridge';
import { Button, Menu, TextField } from '../../components';
import { errorText, said, saidText, useTranslation, type Said } from '../../i18n';

interface Props {
  /** The composer's current style, saved as a preset. */
  style: PresetStyle;
  /** Fills the composer with a preset's style (title and lyrics stay). */
  onPick: (style: PresetStyle, name: string) => void;
}

const styleOf = (p: PresetStyle): PresetStyle => ({
  mode: p.mode,
  prompt: p.prompt,
  modelVersion: p.modelVersion,
  instrumental: p.instrumental,
});

/**
 * Above the composer: the starter and saved style presets, each picked in one click; "Save style
 * as preset…" names the current style; Import… and Export… (in its ⋯ menu) go through main's
 * file dialogs.
 */
export function PresetBar({ style, onPick }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [saved, setSaved] = useState<Preset[]>([]);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [status, setStatus] = useState<Said | null>(null);
  const [error, setError] = useState<AppErrorShape | null>(null);
  /** Entries of the last imported file that were not a preset. */
  const [skipped, setSkipped] = useState(0);

  const reload = async () => {
    const r = await call((api) => api.presets.list());
    if (r.ok) setSaved(r.value);
  };
  useEffect(() => {
    let live = true;
    void call((api) => api.presets.list()).then((r) => {
      if (live && r.ok) setSaved(r.value);
    });
    return () => {
      live = false;
    };
  }, []);

  const answer = <T,>(r: { ok: true; value: T } | { ok: false; error: AppErrorShape }) => {
    setError(r.ok ? null : r.error);
    setSkipped(0);
    return r.ok ? r.value : undefined;
  };

  async function save() {
    const trimmed = name.trim();
    if (!trimmed) return;
    const preset = answer(await call((api) => api.presets.save({ ...style, name: trimmed })));
    if (!preset) return;
    setNaming(false);
    setName('');
    setStatus(said('songs:presets.saved', { name: preset.name }));
    await reload();
  }

  async function remove(p: Preset) {
    if (answer(await call((api) => api.presets.remove(p.id))) === undefined) return;
    setStatus(said('songs:presets.removed', { name: p.name }));
    await reload();
  }

  async function importFile() {
    const summary = answer(await call((api) => api.presets.importFile()));
    if (!summary) return;
    setStatus(said('songs:presets.imported', { count: summary.added + summary.replaced }));
    setSkipped(summary.skipped);
    await reload();
  }

  async function exportFile() {
    const count = answer(await call((api) => api.presets.exportFile()));
    if (count === undefined || count === null) return;
    setStatus(said('songs:presets.exported', { count }));
  }

  const pick = (p: PresetStyle, label: string) => {
    onPick(styleOf(p), label);
    setStatus(said('songs:presets.picked', { name: label }));
  };

  const onNameKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // inside the composer's form: Enter saves the preset, never submits the song
    if (e.key === 'Enter') {
      e.preventDefault();
      e.stopPropagation();
      void save();
    } else if (e.key === 'Escape') {
      e.stopPropagation();
      setNaming(false);
    }
  };

  return (
    <section className="preset-bar stack-tight" aria-labelledby={`${id}-heading`}>
      <div className="preset-head">
        <h3 id={`${id}-heading`} className="small preset-heading">
          {t('songs:presets.heading')}
        </h3>
        <div className="preset-actions">
          <Button
            size="small"
            variant="ghost"
            aria-expanded={naming}
            disabled={!style.prompt.trim()}
            onClick={() => setNaming((on) => !on)}
          >
            {t('songs:presets.saveStyle')}
          </Button>
          <Menu
            label={t('songs:presets.more')}
            items={[
              { label: t('songs:presets.import'), onSelect: () => void importFile() },
              {
                label: t('songs:presets.export'),
                disabled: saved.length === 0,
                onSelect: () => void exportFile(),
              },
            ]}
          />
        </div>
      </div>
      <ul className="preset-list" aria-label={t('songs:presets.list')}>
        {STARTER_PRESETS.map((p) => (
          <li key={p.id}>
            <Button size="small" className="preset-chip" onClick={() => pick(p, t(p.nameKey))}>
              {t(p.nameKey)}
            </Button>
          </li>
        ))}
        {saved.map((p) => (
          <li key={p.id} className="preset-saved">
            <Button size="small" className="preset-chip" onClick={() => pick(p, p.name)}>
              <span translate="no">{p.name}</span>
            </Button>
            <Button
              size="small"
              variant="ghost"
              className="preset-remove"
              aria-label={t('songs:presets.remove', { name: p.name })}
              title={t('songs:presets.remove', { name: p.name })}
              onClick={() => void remove(p)}
            >
              <span aria-hidden="true">×</span>
            </Button>
          </li>
        ))}
      </ul>
      {naming && (
        <TextField
          id={`${id}-name`}
          label={t('songs:presets.nameLabel')}
          hint={t('songs:presets.nameHint')}
          value={name}
          maxLength={PRESET_NAME_MAX_CHARS}
          autoFocus
          onChange={(e) => setName(e.target.value)}
          onKeyDown={onNameKey}
          trailing={
            <Button disabled={!name.trim()} onClick={() => void save()}>
              {t('songs:presets.saveButton')}
            </Button>
          }
        />
      )}
      {error && (
        <p className="inline-alert" role="alert">
          {errorText(error)}
        </p>
      )}
      <p className="small muted" role="status">
        {status ? saidText(status) : ''}
        {skipped > 0 ? ` ${t('songs:presets.skipped', { skipped })}` : ''}
      </p>
    </section>
  );
}
