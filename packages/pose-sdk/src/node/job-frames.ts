import type { ServerResponse } from 'node:http';
import type { DecodedFrame, FrameDecoder } from './ffmpeg.js';

/** Response headers that carry a frame's metadata next to its raw I420 body. */
export const FRAME_HEADERS = {
  timestampMs: 'x-frame-timestamp-ms',
  width: 'x-frame-width',
  height: 'x-frame-height',
  /** JSON of FrameColorTags. */
  colorTags: 'x-frame-color-tags',
} as const;

/**
 * Serves one job's decoded frames by index, in order. The page asks for frame k+1 (and k+2) while
 * it analyses frame k, and the decoder reads ahead, so decode and transfer overlap inference.
 * A frame is sent once; requests are answered strictly in index order.
 */
export class JobFrames {
  private readonly frames: AsyncIterator<DecodedFrame>;
  private chain: Promise<void> = Promise.resolve();
  private nextIndex = 0;
  /** The decode failure that ended the job, if any; the engine reports it. */
  failure: unknown;

  constructor(private readonly decoder: FrameDecoder) {
    this.frames = decoder.frames()[Symbol.asyncIterator]();
  }

  /** Queues the answer to a request for frame `index`. */
  serve(index: number, response: ServerResponse): void {
    this.chain = this.chain.then(() => this.answer(index, response));
  }

  private async answer(index: number, response: ServerResponse): Promise<void> {
    if (index !== this.nextIndex) {
      response
        .writeHead(409, { 'content-type': 'text/plain' })
        .end(`expected frame ${this.nextIndex}`);
      return;
    }
    let next: IteratorResult<DecodedFrame>;
    try {
      next = await this.frames.next();
    } catch (error) {
      this.failure = error;
      response.writeHead(500, { 'content-type': 'text/plain' }).end((error as Error).message);
      return;
    }
    if (next.done) {
      response.writeHead(204).end(); // no frame with this index: the video has ended
      return;
    }
    this.nextIndex += 1;
    const { frameSize } = await this.decoder.header;
    response.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': next.value.i420.length,
      [FRAME_HEADERS.timestampMs]: String(next.value.timestampMs),
      [FRAME_HEADERS.width]: String(frameSize.width),
      [FRAME_HEADERS.height]: String(frameSize.height),
      [FRAME_HEADERS.colorTags]: JSON.stringify(this.decoder.colorTags ?? {}),
    });
    response.end(next.value.i420);
  }

  /** Stops decoding; pending and later requests get the end of the video. */
  async close(): Promise<void> {
    this.decoder.kill();
    await this.frames.return?.();
  }
}
