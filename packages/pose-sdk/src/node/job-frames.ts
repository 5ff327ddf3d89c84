import type { ServerResponse } from 'node:http';
import { encodeFrameRole } from '../inference-page/protocol.js';
import type { DecodedFrame, FrameDecoder } from './ffmpeg.js';

/** Response headers that carry the frames' metadata next to their raw I420 bodies, back to back. */
export const FRAME_HEADERS = {
  /** Comma-separated timestamps (ms), one per frame in the body. */
  timestampMs: 'x-frame-timestamps-ms',
  width: 'x-frame-width',
  height: 'x-frame-height',
  /** JSON of FrameColorTags. */
  colorTags: 'x-frame-color-tags',
  /**
   * Windowed extraction: comma-separated, one per frame, `encodeFrameRole` (analysed or warm-up,
   * tracking reset before it or not); absent for a plain extraction, whose frames are all analysed.
   */
  roles: 'x-frame-roles',
} as const;

/**
 * Serves one job's decoded frames by index, in order, a run of up to `count` frames per request:
 * every request costs CPU in Node, in Chromium's browser and network processes and in Playwright's
 * DevTools bookkeeping, so fewer, larger requests leave more of the cores to inference. The page
 * asks for the next run while it analyses the current one, and the decoder reads ahead, so decode
 * and transfer overlap inference. Requests are answered strictly in index order.
 */
export class JobFrames {
  private readonly frames: AsyncIterator<DecodedFrame>;
  private chain: Promise<void> = Promise.resolve();
  private nextIndex = 0;
  /** The decode failure that ended the job, if any; the engine reports it. */
  failure: unknown;
  /** A failure met after some frames of a run were decoded; reported on the next request. */
  private pendingFailure: unknown;

  constructor(private readonly decoder: FrameDecoder) {
    this.frames = decoder.frames()[Symbol.asyncIterator]();
  }

  /** Queues the answer to a request for frames `index` .. `index + count - 1`. */
  serve(index: number, count: number, response: ServerResponse): void {
    this.chain = this.chain.then(() => this.answer(index, count, response));
  }

  private async answer(index: number, count: number, response: ServerResponse): Promise<void> {
    if (this.pendingFailure !== undefined) {
      const error = this.pendingFailure as Error;
      response.writeHead(500, { 'content-type': 'text/plain' }).end(error.message);
      return;
    }
    if (index !== this.nextIndex) {
      response
        .writeHead(409, { 'content-type': 'text/plain' })
        .end(`expected frame ${this.nextIndex}`);
      return;
    }
    const run: DecodedFrame[] = [];
    try {
      while (run.length < count) {
        const next = await this.frames.next();
        if (next.done) break;
        run.push(next.value);
      }
    } catch (error) {
      this.failure = error;
      if (run.length === 0) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end((error as Error).message);
        return;
      }
      // Deliver the frames decoded before the failure; the next request reports it.
      this.pendingFailure = error;
    }
    if (run.length === 0) {
      response.writeHead(204).end(); // no frame with this index: the video has ended
      return;
    }
    this.nextIndex += run.length;
    const { frameSize } = await this.decoder.header;
    response.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': run.reduce((bytes, frame) => bytes + frame.i420.length, 0),
      [FRAME_HEADERS.timestampMs]: run.map((frame) => frame.timestampMs).join(','),
      [FRAME_HEADERS.width]: String(frameSize.width),
      [FRAME_HEADERS.height]: String(frameSize.height),
      [FRAME_HEADERS.colorTags]: JSON.stringify(this.decoder.colorTags ?? {}),
      ...(run[0]!.role === undefined
        ? {}
        : { [FRAME_HEADERS.roles]: run.map((frame) => encodeFrameRole(frame)).join(',') }),
    });
    for (const frame of run) response.write(frame.i420);
    response.end(() => {
      // Everything is handed to the OS: the buffers can take the next frames.
      for (const frame of run) this.decoder.recycle(frame.i420);
    });
  }

  /** Stops decoding; pending and later requests get the end of the video. */
  async close(): Promise<void> {
    this.decoder.kill();
    await this.frames.return?.();
  }
}
