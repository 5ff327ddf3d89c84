// POST /api/upload-video (spec 02 §7) with real videos and with what should be refused.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, stack, type TestUser } from './helpers.js';

let user: TestUser;
beforeAll(async () => {
  user = await createUser({ label: 'uploader' });
});

interface UploadAnswer {
  success: boolean;
  videoUrl?: string;
  thumbnailUrl?: string | null;
  gifUrl?: string | null;
  sessionId?: string;
  processingError?: string | null;
  error?: string;
  code?: string;
}

async function upload(
  fields: Record<string, string | undefined>,
  video: { bytes: Buffer; name: string; type: string } | undefined,
  token: string | null = user.accessToken,
): Promise<{ status: number; body: UploadAnswer }> {
  const form = new FormData();
  if (video) form.set('video', new Blob([video.bytes], { type: video.type }), video.name);
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) form.set(name, value);
  const response = await fetch(`${stack.url}/api/upload-video`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as UploadAnswer };
}

const fields = (sessionId: string) => ({
  sessionId,
  exercise: 'pushup',
  analysisData: JSON.stringify({ exercise: 'PUSHUP', completed_reps: [] }),
  totalPushups: '7',
  challengeName: 'Test challenge',
});
const fixture = (name: string) => readFile(path.join(stack.fixturesDir, name));

async function fetchBytes(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL(url, stack.url), { headers });
}

describe('upload-video', () => {
  it('keeps a browser recording (WebM without a duration) and makes a JPEG thumbnail and a looping GIF', async () => {
    const bytes = await fixture('pushup-recording.webm');
    const { status, body } = await upload(fields('session_webm-1'), {
      bytes,
      name: 'session_webm-1.webm',
      type: 'video/webm',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      sessionId: 'session_webm-1',
      processingError: null,
    });
    expect(body.videoUrl).toMatch(/^\/media\/videos\/session_webm-1-[0-9a-f]{8}\.webm$/);
    const video = await fetchBytes(body.videoUrl!);
    expect(video.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await video.arrayBuffer()).equals(bytes)).toBe(true);
    const thumbnail = Buffer.from(await (await fetchBytes(body.thumbnailUrl!)).arrayBuffer());
    expect(thumbnail.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    const gif = Buffer.from(await (await fetchBytes(body.gifUrl!)).arrayBuffer());
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(gif.includes(Buffer.from('NETSCAPE2.0'))).toBe(true);
  });
  it('keeps a real MP4 camera video too', async () => {
    const { status, body } = await upload(fields('mp4-session'), {
      bytes: await fixture('pushup-side.mp4'),
      name: 'clip.mp4',
      type: 'video/mp4',
    });
    expect(status).toBe(200);
    expect(body.videoUrl).toMatch(/\.mp4$/);
    expect(body.gifUrl).toMatch(/\.gif$/);
  });
  it('serves videos with range requests', async () => {
    const { body } = await upload(fields('range-session'), {
      bytes: await fixture('pushup-recording.webm'),
      name: 'r.webm',
      type: 'video/webm',
    });
    const partial = await fetchBytes(body.videoUrl!, { range: 'bytes=0-99' });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect((await partial.arrayBuffer()).byteLength).toBe(100);
    const head = await fetch(new URL(body.videoUrl!, stack.url), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    const beyond = await fetchBytes(body.videoUrl!, { range: 'bytes=99999999-' });
    expect(beyond.status).toBe(416);
  });
  it('refuses a text file named .webm: 415 not a video', async () => {
    const { status, body } = await upload(fields('text'), {
      bytes: await fixture('not-a-video.webm'),
      name: 'text.webm',
      type: 'video/webm',
    });
    expect(status).toBe(415);
    expect(body).toMatchObject({
      success: false,
      code: 'not_a_video',
      error: 'File is not a video',
    });
  });
  it('refuses an empty file: 400', async () => {
    const { status, body } = await upload(fields('empty'), {
      bytes: Buffer.alloc(0),
      name: 'empty.webm',
      type: 'video/webm',
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'empty_video' });
  });
  it('keeps a video cut in its header and says processing failed', async () => {
    const { status, body } = await upload(fields('header-only'), {
      bytes: await fixture('header-only.webm'),
      name: 'h.webm',
      type: 'video/webm',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, thumbnailUrl: null, gifUrl: null });
    expect(body.processingError).toMatch(/processing failed/);
    expect((await fetchBytes(body.videoUrl!)).status).toBe(200);
  });
  it('processes what there is of a video cut in the middle', async () => {
    const { status, body } = await upload(fields('half'), {
      bytes: await fixture('half.webm'),
      name: 'half.webm',
      type: 'video/webm',
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.gifUrl).toMatch(/\.gif$/);
  });
  it('refuses a video over the session limit: 422', async () => {
    const { status, body } = await upload(fields('long'), {
      bytes: await fixture('too-long.webm'),
      name: 'long.webm',
      type: 'video/webm',
    });
    expect(status).toBe(422);
    expect(body).toMatchObject({ success: false, code: 'video_too_long' });
  });
  it('refuses a body over the size limit: 413', async () => {
    const { status, body } = await upload(fields('big'), {
      bytes: await fixture('oversized.webm'),
      name: 'big.webm',
      type: 'video/webm',
    });
    expect(status).toBe(413);
    expect(body).toMatchObject({ success: false, code: 'video_too_large' });
  });
  it('refuses a declared length far over the limit before reading it: 413', async () => {
    const response = await fetch(`${stack.url}/api/upload-video`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.accessToken}`,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(stack.uploadMaxBytes * 4),
      },
      body: Buffer.alloc(10),
      duplex: 'half',
    }).catch((error: unknown) => error as Error);
    if (response instanceof Error) {
      // The server answered and closed before the body came: that is the refusal.
      expect(response.message).toMatch(/fetch failed|other side closed|socket/i);
    } else {
      expect(response.status).toBe(413);
    }
  });
  it.each(['video', 'sessionId', 'totalPushups', 'challengeName'])(
    'refuses a missing %s: 400',
    async (missing) => {
      const bytes = await fixture('pushup-recording.webm');
      const given: Record<string, string | undefined> = { ...fields('missing') };
      if (missing !== 'video') given[missing] = undefined;
      const { status, body } = await upload(
        given,
        missing === 'video' ? undefined : { bytes, name: 'm.webm', type: 'video/webm' },
      );
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, code: 'missing_field' });
      expect(body.error).toContain(missing);
    },
  );
  it('refuses malformed fields: a session id with a path, a non-numeric count, broken analysis JSON', async () => {
    const bytes = await fixture('pushup-recording.webm');
    const video = { bytes, name: 'v.webm', type: 'video/webm' };
    for (const change of [
      { sessionId: '../../etc/passwd' },
      { totalPushups: 'many' },
      { analysisData: '{not json' },
    ]) {
      const { status, body } = await upload({ ...fields('bad'), ...change }, video);
      expect(status).toBe(400);
      expect(body.code).toBe('invalid_field');
    }
  });
  it('needs a signed-in user: 401', async () => {
    const { status, body } = await upload(
      fields('anon'),
      { bytes: await fixture('pushup-recording.webm'), name: 'a.webm', type: 'video/webm' },
      null,
    );
    expect(status).toBe(401);
    expect(body.success).toBe(false);
    const forged = await upload(
      fields('anon'),
      { bytes: Buffer.from('x'), name: 'a.webm', type: 'video/webm' },
      stack.anonKey,
    );
    expect(forged.status).toBe(401);
  });
  it('refuses GET and paths outside the media folders', async () => {
    expect((await fetch(`${stack.url}/api/upload-video`)).status).toBe(405);
    expect((await fetch(`${stack.url}/media/videos/..%2Fsecrets.json`)).status).toBe(404);
    expect((await fetch(`${stack.url}/media/meta/x.json`)).status).toBe(404);
  });
});
