import type { KeyboardEvent } from 'react';
import { charCount, TTS_TEXT_MAX_CHARS, TtsTextSchema } from '@shared/domain/service-inputs';
import { EMOTIONS, type Emotion } from '@shared/domain/service-limits';
import { TextArea } from '../../components';
import { ReadinessGate } from '../../readiness/ReadinessGate';
import { useReadiness } from '../../readiness/useReadiness';
import { useAccountStore } from '../../stores/account';
import { dismissVoiceError, setEmotion, setText, speak, useVoicesStore } from '../../stores/voices';
import { CardOutcome } from './CardOutcome';
import { formatCount } from './format';

const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** Text, emotion and the Speak button (Ctrl/Cmd+Enter anywhere in the form speaks too). */
export function SpeakCard() {
  const text = useVoicesStore((s) => s.text);
  const emotion = useVoicesStore((s) => s.emotion);
  const speakingJobId = useVoicesStore((s) => s.speakingJobId);
  const error = useVoicesStore((s) => s.speakError);
  const notice = useVoicesStore((s) => s.notice);
  const voice = useVoicesStore((s) => {
    const c = s.catalogue;
    return c ? [...c.clones, ...c.voices].find((v) => v.speaker === s.selected) : undefined;
  });
  const wordsLeft = useAccountStore((s) => s.keyInfo?.key_words_counts ?? null);
  const n = charCount(text);
  const over = n > TTS_TEXT_MAX_CHARS;
  const busy = speakingJobId !== null;
  // the words of the text: the least the service can count (docs/writing.md, "Readiness")
  const gate = useReadiness({ counter: 'key_words_counts', amount: wordCount(text) });
  const canSpeak = !!voice && TtsTextSchema.safeParse(text).success && !busy && gate.ready;

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (canSpeak) void speak();
    }
  };

  return (
    <section className="card stack" aria-label="Speak" aria-busy={busy}>
      <div className="card-head">
        <h2 className="card-title">Speak</h2>
      </div>
      <p>
        Voice: <strong>{voice ? voice.name : 'choose one above'}</strong>
      </p>
      <form
        className="stack"
        onKeyDown={onKeyDown}
        onSubmit={(e) => {
          e.preventDefault();
          if (canSpeak) void speak();
        }}
      >
        <TextArea
          label="Text to speak"
          rows={4}
          grow
          maxRows={18}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby="voice-text-counter"
          aria-invalid={over || !!error?.fields?.text}
        />
        <p
          id="voice-text-counter"
          className={over ? 'voice-counter voice-counter-over' : 'voice-counter'}
        >
          <span>
            {n} / {TTS_TEXT_MAX_CHARS} characters
          </span>
          {wordsLeft !== null && <span> · {formatCount(wordsLeft)} text-to-speech words left</span>}
        </p>
        {error?.fields?.text && <p className="field-error">{error.fields.text}</p>}
        <label className="field">
          <span className="field-label">Emotion</span>
          <select
            className="input select"
            value={emotion}
            onChange={(e) => setEmotion(e.target.value as Emotion)}
          >
            {EMOTIONS.map((e) => (
              <option key={e}>{e}</option>
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
            {busy ? 'Speaking…' : 'Speak'}
          </button>
          <span className="muted small">Ctrl+Enter</span>
        </div>
        <ReadinessGate gate={gate} />
      </form>
      <CardOutcome
        error={!error?.fields?.text && error}
        notice={notice}
        onRetry={() => void speak()}
        retryDisabled={!canSpeak}
        onDismiss={() => dismissVoiceError('speak')}
      />
    </section>
  );
}
