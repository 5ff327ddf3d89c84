// POST /api/upload-video (spec 02 §7) with real videos and with what should be refused; the media
// job that makes the thumbnail and the GIF afterwards; no file or handle left by a refused or
// dropped upload.

import { readdir, readFile, readlink, rm } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, sql, stack, type TestUser } from './helpers.js';

let user: TestUser;
beforeAll(async () => {
  user = await createUser({ label: 'uploader' });
});

interface UploadAnswer {
  success: boolean;
  uploadId?: string;
  videoUrl?: string;
  thumbnailUrl?: string;
  gifUrl?: string;
  statusUrl?: string;
  mediaStatus?: string;
  sessionId?: string;
  durationSeconds?: number;
  processingError?: string | null;
  error?: string;
  code?: string;
}

interface UploadStatus {
  mediaStatus: 'queued' | 'ready' | 'failed';
  thumbnailUrl: string | null;
  gifUrl: string | null;
  processingError: string | null;
}

/** Follows the status URL until the media job has finished (made the files or given up). */
async function mediaDone(statusUrl: string): Promise<UploadStatus> {
  for (;;) {
    const status = (await (await fetch(new URL(statusUrl, stack.url))).json()) as UploadStatus;
    if (status.mediaStatus !== 'queued') return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits until no upload is being received: incoming/ is empty and the server holds no file in it
 * open. Other tests upload at the same time, so this waits for a moment when all are done. */
async function incomingSettled(): Promise<void> {
  const incoming = path.join(stack.dataDir, 'media', 'incoming');
  for (;;) {
    const files = await readdir(incoming);
    const openHandles: string[] = [];
    for (const fd of await readdir(`/proc/${stack.serverPid}/fd`).catch(() => [])) {
      const target = await readlink(`/proc/${stack.serverPid}/fd/${fd}`).catch(() => '');
      if (target.startsWith(incoming)) openHandles.push(target);
    }
    if (files.length === 0 && openHandles.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
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
      mediaStatus: 'queued',
      processingError: null,
    });
    expect(body.videoUrl).toMatch(/^\/media\/videos\/session_webm-1-[0-9a-f]{8}\.webm$/);
    // The thumbnail and GIF URLs are known at once and final.
    expect(body.thumbnailUrl).toBe(`/media/thumbnails/${body.uploadId}.jpg`);
    expect(body.gifUrl).toBe(`/media/gifs/${body.uploadId}.gif`);
    expect(body.statusUrl).toBe(`/api/uploads/${body.uploadId}`);
    expect(body.durationSeconds).toBeGreaterThan(5);
    const video = await fetchBytes(body.videoUrl!);
    expect(video.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await video.arrayBuffer()).equals(bytes)).toBe(true);
    expect(await mediaDone(body.statusUrl!)).toMatchObject({
      mediaStatus: 'ready',
      thumbnailUrl: body.thumbnailUrl,
      gifUrl: body.gifUrl,
      processingError: null,
    });
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
    expect((await mediaDone(body.statusUrl!)).mediaStatus).toBe('ready');
    expect((await fetchBytes(body.gifUrl!)).headers.get('content-type')).toBe('image/gif');
  });
  it('answers 503 with Retry-After for a thumbnail or GIF not made yet, 404 with the reason once it failed', async () => {
    const { body } = await upload(fields('pending'), {
      bytes: await fixture('pushup-recording.webm'),
      name: 'p.webm',
      type: 'video/webm',
    });
    await mediaDone(body.statusUrl!);
    // As if its job were still to come, then as if every try had failed.
    await sql(
      `update reptemple_local.media_uploads set media_status = 'queued', gif_ready = false where id = $1`,
      [body.uploadId],
    );
    await rm(path.join(stack.dataDir, 'media', 'gifs', `${body.uploadId}.gif`));
    const pending = await fetchBytes(body.gifUrl!);
    expect(pending.status).toBe(503);
    expect(pending.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await pending.json()).toMatchObject({ code: 'media_processing' });
    await sql(
      `update reptemple_local.media_uploads set media_status = 'failed', processing_error = 'GIF failed: test' where id = $1`,
      [body.uploadId],
    );
    const failed = await fetchBytes(body.gifUrl!);
    expect(failed.status).toBe(404);
    expect(await failed.json()).toMatchObject({
      message: expect.stringContaining('GIF failed: test'),
    });
    expect(await (await fetchBytes(body.statusUrl!)).json()).toMatchObject({
      mediaStatus: 'failed',
      gifUrl: null,
      thumbnailUrl: body.thumbnailUrl,
      processingError: 'GIF failed: test',
    });
    expect((await fetchBytes('/api/uploads/no-such-upload')).status).toBe(404);
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
  it.each([
    ['a video cut in its header', 'header-only.webm'],
    ['an MP4 ftyp box followed by random bytes', 'ftyp-random.mp4'],
    ['a WebM EBML header followed by a web page', 'ebml-html.webm'],
    // The probe's case: accepted before, and failed by the verification later.
    ['an MP4 cut short, its index naming frames past the end', 'truncated.mp4'],
  ])('refuses %s: 422 unreadable_video, nothing stored', async (_what, name) => {
    const before = await readdir(path.join(stack.dataDir, 'media', 'videos'));
    const { status, body } = await upload(fields(`unplayable-${name.split('.')[0]}`), {
      bytes: await fixture(name),
      name,
      type: name.endsWith('.mp4') ? 'video/mp4' : 'video/webm',
    });
    expect(status).toBe(422);
    expect(body).toMatchObject({ success: false, code: 'unreadable_video' });
    expect(body.error).toBe('The file is not a playable video.');
    // The reason names no path of the server.
    expect(JSON.stringify(body)).not.toContain(stack.dataDir);
    const after = await readdir(path.join(stack.dataDir, 'media', 'videos'));
    expect(after.filter((file) => file.startsWith('unplayable-'))).toEqual(
      before.filter((file) => file.startsWith('unplayable-')),
    );
  });
  it('processes what there is of a video cut in the middle', async () => {
    const { status, body } = await upload(fields('half'), {
      bytes: await fixture('half.webm'),
      name: 'half.webm',
      type: 'video/webm',
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect((await mediaDone(body.statusUrl!)).mediaStatus).toBe('ready');
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
  it('refuses malformed fields: a session id with a path, counts that are not plain whole numbers, analysis data that is not a JSON object', async () => {
    const bytes = await fixture('pushup-recording.webm');
    const video = { bytes, name: 'v.webm', type: 'video/webm' };
    for (const change of [
      { sessionId: '../../etc/passwd' },
      { totalPushups: 'many' },
      { totalPushups: '1e3' },
      { totalPushups: '0x10' },
      { totalPushups: '7.0' },
      { totalPushups: '-1' },
      { totalPushups: '2001' },
      { analysisData: '{not json' },
      { analysisData: '[1, 2]' },
      { analysisData: '"text"' },
      { analysisData: '42' },
      { analysisData: 'null' },
      { analysisData: '{"note":"a\\u0000b"}' },
      { challengeName: 'Nul\u0000Name' },
    ]) {
      const { status, body } = await upload({ ...fields('bad'), ...change }, video);
      expect(status, JSON.stringify(change)).toBe(400);
      expect(body.code).toBe('invalid_field');
    }
  });
  it('leaves no partial file of an upload refused while its body is read', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const { status } = await upload(fields('big'), {
        bytes: await fixture('oversized.webm'),
        name: 'big.webm',
        type: 'video/webm',
      });
      expect(status).toBe(413);
    }
    await incomingSettled();
  });
  it('closes and removes the file of an upload whose sender drops the connection', async () => {
    const boundary = 'reptemple-drop';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="sessionId"\r\n\r\ndropped\r\n--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="d.webm"\r\nContent-Type: video/webm\r\n\r\n`,
    );
    const partial = (await fixture('pushup-recording.webm')).subarray(0, 256 * 1024);
    await new Promise<void>((resolve) => {
      const req = request(`${stack.url}/api/upload-video`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${user.accessToken}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + partial.length + 1024 * 1024),
        },
      });
      req.on('error', () => resolve());
      req.write(head);
      req.write(partial, async () => {
        // Once the server writes the file: gone mid-file, as a phone that lost its network.
        const incoming = path.join(stack.dataDir, 'media', 'incoming');
        while ((await readdir(incoming)).length === 0) {
          await new Promise((wait) => setTimeout(wait, 50));
        }
        req.destroy();
        resolve();
      });
    });
    await incomingSettled();
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
