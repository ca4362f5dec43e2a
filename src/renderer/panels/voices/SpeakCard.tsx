import type { KeyboardEvent } from 'react';
import { charCount, TTS_TEXT_MAX_CHARS, TtsTextSchema } from '@shared/domain/service-inputs';
import { EMOTIONS, type Emotion } from '@shared/domain/service-limits';
import { TextArea } from '../../components';
import { ReadinessGate } from '../../readiness/ReadinessGate';
import { useReadiness } from '../../readiness/useReadiness';
import { useAccountStore } from '../../stores/account';
import { dismissVoiceError, setEmotion, setText, speak, useVoicesStore } from '../../stores/voices';
import { fieldText, saidText, useFormat, useTranslation } from '../../i18n';
import { CardOutcome } from './CardOutcome';
import { emotionLabel } from './format';
import { CountsChanged } from '../shared/CountsChanged';
import { SpendCost } from '../shared/CostLine';
import { useBudgetAsk } from '../shared/BudgetAsk';

/** Text, emotion and the Speak button (Ctrl/Cmd+Enter anywhere in the form speaks too). */
export function SpeakCard() {
  const { t } = useTranslation();
  const f = useFormat();
  const text = useVoicesStore((s) => s.text);
  const emotion = useVoicesStore((s) => s.emotion);
  const speakingJobId = useVoicesStore((s) => s.speakingJobId);
  const error = useVoicesStore((s) => s.speakError);
  const budget = useBudgetAsk();
  const notice = useVoicesStore((s) => s.notice);
  const spokenCountsBefore = useVoicesStore((s) => s.spokenCountsBefore);
  const voice = useVoicesStore((s) => {
    const c = s.catalogue;
    return c ? [...c.clones, ...c.voices].find((v) => v.speaker === s.selected) : undefined;
  });
  const wordsLeft = useAccountStore((s) => s.keyInfo?.key_words_counts ?? null);
  const n = charCount(text);
  const over = n > TTS_TEXT_MAX_CHARS;
  const busy = speakingJobId !== null;
  // the words of the text: the least the service can count (docs/writing.md, "Readiness")
  const words = f.words(text);
  const gate = useReadiness({ counter: 'key_words_counts', amount: words });
  // over the Settings budget: asked first (with the text's words), nothing sent on No
  const say = () => void budget.spend({ kind: 'tts', model: null, words }, speak);
  const canSpeak = !!voice && TtsTextSchema.safeParse(text).success && !busy && gate.ready;

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (canSpeak) say();
    }
  };

  return (
    <section className="card stack" aria-label={t('voice:speak.title')} aria-busy={busy}>
      <div className="card-head">
        <h2 className="card-title">{t('voice:speak.title')}</h2>
      </div>
      <p>
        {t('voice:speak.voiceLabel')}{' '}
        {voice ? (
          <strong translate="no">{voice.name}</strong>
        ) : (
          <strong>{t('voice:speak.noVoice')}</strong>
        )}
      </p>
      <form
        className="stack"
        onKeyDown={onKeyDown}
        onSubmit={(e) => {
          e.preventDefault();
          if (canSpeak) say();
        }}
      >
        <TextArea
          label={t('voice:speak.text')}
          rows={4}
          grow
          maxRows={18}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby="voice-text-counter voice-unit-note"
          aria-invalid={over || !!error?.fields?.text}
        />
        <p
          id="voice-text-counter"
          className={over ? 'voice-counter voice-counter-over' : 'voice-counter'}
        >
          <span>
            {t('voice:speak.counter', {
              chars: f.number(n),
              max: f.number(TTS_TEXT_MAX_CHARS),
            })}
          </span>
          <span> · {t('voice:speak.words', { count: words })}</span>
          {wordsLeft !== null && <span> · {t('voice:speak.wordsLeft', { count: wordsLeft })}</span>}
        </p>
        {/* docs/writing.md, "Readiness": the service does not say which unit it counts */}
        <p id="voice-unit-note" className="voice-counter muted">
          {t('voice:speak.unitNote')}
        </p>
        {error?.fields?.text && <p className="field-error">{fieldText(error, 'text')}</p>}
        <label className="field">
          <span className="field-label">{t('voice:speak.emotion')}</span>
          <select
            className="input select"
            value={emotion}
            onChange={(e) => setEmotion(e.target.value as Emotion)}
          >
            {EMOTIONS.map((e) => (
              <option key={e} value={e}>
                {emotionLabel(t, e)}
              </option>
            ))}
          </select>
        </label>
        <div className="field-row">
          <button
            type="submit"
            className="button button-primary"
            disabled={!canSpeak}
            aria-describedby={gate.describedBy}
          >
            {busy ? t('voice:speak.speaking') : t('voice:speak.submit')}
          </button>
          <span className="muted small">{t('voice:speak.shortcut')}</span>
        </div>
        <SpendCost kind="tts" words={words} />
        {budget.dialog}
        <ReadinessGate gate={gate} />
      </form>
      <CardOutcome
        error={!error?.fields?.text && error}
        notice={notice && saidText(notice)}
        onRetry={say}
        retryDisabled={!canSpeak}
        onDismiss={() => dismissVoiceError('speak')}
      />
      {/* the service does not document its unit (docs/writing.md): say how the count moved */}
      <CountsChanged before={spokenCountsBefore} done={!!notice && !!spokenCountsBefore} />
    </section>
  );
}
