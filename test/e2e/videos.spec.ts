/**
 * Videos end to end, through the Videos panel: a singing-photo video whose audio is checked before
 * anything is spent (40 s is refused on the field with no request), then made from a 12 s library
 * cover's service link and a photo link; a subtitle video from a video link. Each lands in the
 * library as an MP4 with its sidecar (the bytes the service's link serves) and plays in the
 * player's video viewer (the player's one <video>), loaded through cadenza-media://.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectLoaded,
  libraryEntries,
  openPanel,
  pickFromLibrary,
  pickSinger,
  servedBytes,
  setKey,
  sha,
} from './covers-helpers';

test.setTimeout(120_000);

const SINGING_PATH = '/v1/singing/generate';
const SUBTITLES_PATH = '/v1/singing/generate-subtitles-video';

async function makeLinkCover(page: Page): Promise<void> {
  await openPanel(page, 'Covers');
  const card = page.getByRole('region', { name: 'Make a cover' });
  await card.getByRole('radio', { name: 'A video link' }).check();
  await card
    .getByRole('textbox', { name: 'Video link' })
    .fill('https://video.example.com/watch?v=short');
  await pickSinger(card, 'Nova');
  await card.getByRole('textbox', { name: 'Title (optional)' }).fill('Short hook');
  await card.getByRole('button', { name: 'Make cover' }).click();
  await expect(
    card.getByRole('group', { name: 'Cover result' }).getByText('Done — saved in the library.'),
  ).toBeVisible({ timeout: 30_000 });
}

test('a singing-photo video (checked first) and a subtitle video land in the library and play', async ({
  app,
  page,
  emulator,
}) => {
  emulator.configure({ songDurationMs: 12_000 });
  await setKey(page);
  await makeLinkCover(page);
  const [cover] = await libraryEntries(app.dirs.library, 'mp3');
  expect(cover?.sidecar.source_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/cover\//);

  await openPanel(page, 'Videos');
  const singing = page.getByRole('region', { name: 'Singing photo video' });
  const creditsBefore = emulator.counters().key_singing_credits;
  await expect(singing.getByText(`${creditsBefore} singing credits left`)).toBeVisible();

  // 40 s of audio: refused on the audio field, nothing sent
  const photo = `${emulator.mediaUrl}/media/photo.png`;
  await singing
    .getByRole('textbox', { name: 'Audio link' })
    .fill(`${emulator.mediaUrl}/media/tone.mp3?seconds=40`);
  await singing.getByRole('textbox', { name: 'Photo link' }).fill(photo);
  const tooLong = singing.getByText('The audio must last 2 to 30 seconds (it lasts 40.0 s).', {
    exact: true,
  });
  await singing.getByRole('button', { name: 'Check links' }).click();
  await expect(tooLong).toBeVisible();
  // sending anyway: main checks again and refuses on the same field
  await singing.getByRole('textbox', { name: 'Photo link' }).fill(`${photo}?again=1`); // clears the check
  await expect(tooLong).toHaveCount(0);
  await singing.getByRole('button', { name: 'Make singing video' }).click();
  await expect(tooLong).toBeVisible();
  expect(emulator.log.filter((e) => e.path === SINGING_PATH)).toEqual([]);
  expect(emulator.counters().key_singing_credits).toBe(creditsBefore);

  // the 12 s library cover's service link as the audio
  await pickFromLibrary(singing, 'Library audio (its service link)', 'Short hook', 'hook');
  await singing.getByRole('textbox', { name: 'Photo link' }).fill(photo);
  await expect(singing.getByRole('textbox', { name: 'Audio link' })).toHaveCount(0);
  await singing.getByRole('button', { name: 'Check links' }).click();
  await expect(singing.getByRole('status').first()).toHaveText(/Audio: MP3, 12\.0 s · Photo: PNG/);
  await singing.getByRole('button', { name: 'Make singing video' }).click();
  const singingResult = singing.getByRole('group', { name: 'Singing video result' });
  await expect(singingResult.getByText('Done — saved in the library.')).toBeVisible({
    timeout: 30_000,
  });
  const [sent] = emulator.log.filter((e) => e.path === SINGING_PATH);
  expect(sent?.json).toEqual({ audio_url: cover!.sidecar.source_url, image_url: photo });
  expect(emulator.counters().key_singing_credits).toBe(creditsBefore - 1);

  let videos = await libraryEntries(app.dirs.library, 'mp4');
  expect(videos).toHaveLength(1);
  const sv = videos[0]!;
  expect(sv.sidecar).toMatchObject({
    kind: 'singing-video',
    title: 'Short hook (singing video)',
    parent_id: cover!.sidecar.id,
    source_url: expect.stringMatching(/\/media\/video\/.+\.mp4$/),
  });
  // the video's length is read from the file (the service does not say it)
  expect(sv.sidecar.duration_ms).toBeGreaterThan(0);
  const fromService = Buffer.from(await (await fetch(sv.sidecar.source_url!)).arrayBuffer());
  expect(sha(sv.bytes)).toBe(sha(fromService));
  expect(sv.bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  await singingResult.getByRole('button', { name: 'Play Short hook (singing video)' }).click();
  const viewer = page.getByRole('region', { name: 'Video viewer' });
  const singingPlayer = viewer.getByLabel('Video: Short hook (singing video)');
  expect(await singingPlayer.evaluate((n) => n.tagName)).toBe('VIDEO');
  await expect(page.getByRole('region', { name: 'Player' })).toHaveAttribute(
    'data-src',
    (await singingPlayer.getAttribute('src'))!,
  );
  const served = await servedBytes(singingPlayer);
  if (served) expect(sha(served)).toBe(sha(sv.bytes));
  expect(await expectLoaded(singingPlayer)).toBeCloseTo(1, 0); // the emulator's 1 s clip

  // a subtitle video from a video link
  const subtitles = page.getByRole('region', { name: 'Subtitle video' });
  const clip = `${emulator.mediaUrl}/media/video/source-clip.mp4`;
  await subtitles.getByRole('textbox', { name: 'Video link' }).fill(clip);
  await subtitles.getByRole('button', { name: 'Make subtitle video' }).click();
  const subtitlesResult = subtitles.getByRole('group', { name: 'Subtitle video result' });
  await expect(subtitlesResult.getByText('Done — saved in the library.')).toBeVisible({
    timeout: 30_000,
  });
  expect(emulator.log.filter((e) => e.path === SUBTITLES_PATH).map((e) => e.json)).toEqual([
    { video_url: clip },
  ]);
  videos = await libraryEntries(app.dirs.library, 'mp4');
  expect(videos).toHaveLength(2);
  const st = videos.find((v) => v.sidecar.kind === 'subtitle-video')!;
  expect(st.sidecar).toMatchObject({
    title: 'Subtitle video',
    source_url: expect.stringMatching(/\/media\/video\/.+\.mp4$/),
  });
  expect(st.sidecar.source_url).not.toBe(clip);
  await subtitlesResult.getByRole('button', { name: 'Play Subtitle video' }).click();
  const subtitlesPlayer = viewer.getByLabel('Video: Subtitle video');
  expect(await subtitlesPlayer.evaluate((n) => n.tagName)).toBe('VIDEO');
  await expect(page.locator('video')).toHaveCount(1); // one engine: the singing video is gone
  const servedSt = await servedBytes(subtitlesPlayer);
  if (servedSt) expect(sha(servedSt)).toBe(sha(st.bytes));
  await expectLoaded(subtitlesPlayer);
  expect(emulator.counters().key_singing_credits).toBe(creditsBefore - 2);

  // a subtitle video from a library video: main sends the service link the video came from
  await pickFromLibrary(
    subtitles,
    'Library video (its service link)',
    'Short hook (singing video)',
  );
  await expect(subtitles.getByRole('textbox', { name: 'Video link' })).toHaveCount(0);
  await subtitles.getByRole('button', { name: 'Make subtitle video' }).click();
  await expect
    .poll(() => emulator.log.filter((e) => e.path === SUBTITLES_PATH).map((e) => e.json))
    .toEqual([{ video_url: clip }, { video_url: sv.sidecar.source_url }]);
  await expect
    .poll(async () => (await libraryEntries(app.dirs.library, 'mp4')).length, { timeout: 30_000 })
    .toBe(3);

  // the Library shows the videos' lengths
  await openPanel(page, 'Library');
  await expect(
    page
      .getByRole('listbox', { name: 'Library items' })
      .getByRole('option', { name: /^Short hook \(singing video\), Singing video, 0:01/ }),
  ).toBeVisible();
});
