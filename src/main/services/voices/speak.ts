/**
 * The text-to-speech submitter (`tts`): Speak, the CLI and Retry send through it. The recorded
 * request is the intent (text, speaker, emotion, the voice's name for lists).
 */
import type { Job } from '@shared/domain/jobs';
import type { TtsResult } from '@shared/domain/service';
import { TtsInputSchema, refuseInput, type TtsInput } from '@shared/domain/service-inputs';
import type { JobsService } from '../jobs';
import { output } from '../jobs/records';

export interface SpeechClient {
  voices: { tts(input: TtsInput, opts?: { signal?: AbortSignal }): Promise<TtsResult> };
}

export type SpeechInput = TtsInput & { voiceName?: string };

const excerpt = (s: string, n: number): string =>
  s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s;

export function submitSpeech(
  jobs: Pick<JobsService, 'submit'>,
  client: () => SpeechClient,
  input: SpeechInput,
): Promise<Job> {
  refuseInput(TtsInputSchema, input);
  const title = excerpt(input.text.replace(/\s+/g, ' ').trim(), 60);
  return jobs.submit(
    {
      kind: 'tts',
      synchronous: true,
      request: JSON.parse(JSON.stringify(input)) as Record<string, unknown>,
      label: title,
      meta: {
        voice: input.voiceName ?? input.speaker,
        emotion: input.emotion ?? null,
        prompt: input.text,
      },
    },
    async (signal) => {
      const { voiceName: _v, ...call } = input;
      const res = await client().voices.tts(call, { signal });
      return {
        outputs: [
          output({
            serviceId: null,
            status: 'complete',
            libraryKind: 'tts',
            title,
            lyrics: input.text,
            mediaUrl: res.audioUrl,
          }),
        ],
        raw: res,
      };
    },
  );
}
