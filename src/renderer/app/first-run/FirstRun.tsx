import { useEffect, useRef, useState } from 'react';
import { LogoMark } from '../../components/icons';
import { finishFirstRun } from '../../stores/preferences';
import { useTranslation } from '../../i18n';
import { FolderStep, KeyStep, SongStep, WelcomeStep, type StepProps } from './steps';
import './first-run.css';

const STEPS: readonly { title: string; Step: (props: StepProps) => React.JSX.Element }[] = [
  { title: 'firstRun:steps.welcome', Step: WelcomeStep },
  { title: 'firstRun:steps.key', Step: KeyStep },
  { title: 'firstRun:steps.folder', Step: FolderStep },
  { title: 'firstRun:steps.song', Step: SongStep },
];

interface FirstRunProps {
  /** First run is over; `openSongs` when it ended on "Make your first song". */
  onDone(openSongs: boolean): void;
}

/**
 * First run, shown until it is finished or skipped (saved in settings.json by main): a welcome,
 * the key (or the demo), the library folder, then "Make your first song". Four steps at most,
 * each with "Skip setup"; every step is a heading that takes focus, then plain buttons and fields.
 */
export function FirstRun({ onDone }: FirstRunProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const step = STEPS[index] ?? STEPS[0];

  // each step's heading takes focus, so the step is announced and Tab starts from it
  useEffect(() => headingRef.current?.focus(), [index]);

  const finish = (openSongs: boolean) => {
    void finishFirstRun();
    onDone(openSongs);
  };
  const next = () => {
    if (index < STEPS.length - 1) setIndex(index + 1);
    else finish(true);
  };

  if (!step) return null;
  return (
    <main className="first-run" aria-labelledby="first-run-heading">
      <div className="first-run-card">
        <div className="first-run-top">
          <span className="first-run-brand">
            <LogoMark />
            Cadenza
          </span>
          <ol className="first-run-steps" aria-label={t('firstRun:stepsLabel')}>
            {STEPS.map((s, i) => (
              <li
                key={s.title}
                aria-current={i === index ? 'step' : undefined}
                className={i <= index ? 'first-run-dot first-run-dot-on' : 'first-run-dot'}
              >
                <span className="visually-hidden">{t(s.title)}</span>
              </li>
            ))}
          </ol>
        </div>
        <p className="first-run-count">
          {t('firstRun:count', { step: index + 1, total: STEPS.length })}
        </p>
        <h1 id="first-run-heading" className="first-run-title" ref={headingRef} tabIndex={-1}>
          {step.Step === WelcomeStep ? t('firstRun:welcome.title') : t(step.title)}
        </h1>
        <step.Step onNext={next} />
        <div className="first-run-foot">
          {index > 0 && (
            <button type="button" className="link-button" onClick={() => setIndex(index - 1)}>
              {t('firstRun:back')}
            </button>
          )}
          <button
            type="button"
            className="link-button first-run-skip"
            onClick={() => finish(false)}
          >
            {t('firstRun:skip')}
          </button>
        </div>
      </div>
    </main>
  );
}
