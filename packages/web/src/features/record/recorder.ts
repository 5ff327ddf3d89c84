// The attempt's video (spec 02 §9): MediaRecorder, WebM VP8 at 800 kbit/s, a chunk every 1000 ms.
// Browsers without VP8 WebM (Safari) record their own default type.

import { RECORDER_BITS_PER_SECOND, RECORDER_MIME_TYPE, RECORDER_TIMESLICE_MS } from './messages';

export interface RecorderStats {
  mimeType: string;
  chunks: number;
  bytes: number;
}

export class AttemptRecorder {
  private readonly recorder: MediaRecorder;
  private readonly chunks: Blob[] = [];
  private bytes = 0;
  private readonly stopped: Promise<Blob>;

  constructor(stream: MediaStream) {
    const supported = (type: string) =>
      typeof MediaRecorder.isTypeSupported === 'function' && MediaRecorder.isTypeSupported(type);
    const mimeType = supported(RECORDER_MIME_TYPE)
      ? RECORDER_MIME_TYPE
      : supported('video/webm')
        ? 'video/webm'
        : '';
    this.recorder = new MediaRecorder(stream, {
      ...(mimeType ? { mimeType } : {}),
      videoBitsPerSecond: RECORDER_BITS_PER_SECOND,
    });
    this.recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) {
        this.chunks.push(event.data);
        this.bytes += event.data.size;
      }
    });
    this.stopped = new Promise((resolve, reject) => {
      this.recorder.addEventListener('stop', () =>
        resolve(new Blob(this.chunks, { type: this.mimeType })),
      );
      this.recorder.addEventListener('error', (event) =>
        reject((event as ErrorEvent).error ?? new Error('MediaRecorder failed')),
      );
    });
  }

  start(): void {
    this.recorder.start(RECORDER_TIMESLICE_MS);
  }

  /** Stops and answers the whole video (empty when nothing was recorded). */
  stop(): Promise<Blob> {
    if (this.recorder.state !== 'inactive') this.recorder.stop();
    return this.stopped;
  }

  get mimeType(): string {
    return (this.recorder.mimeType || RECORDER_MIME_TYPE).split(';')[0] ?? 'video/webm';
  }

  get stats(): RecorderStats {
    return { mimeType: this.recorder.mimeType, chunks: this.chunks.length, bytes: this.bytes };
  }
}
