import { RepTempleError } from '../core/errors.js';

/** Every way headless extraction can fail, so callers can branch on `error.code`. */
export type PoseEngineErrorCode =
  | 'VIDEO_NOT_FOUND'
  | 'VIDEO_DECODE_FAILED'
  | 'FFMPEG_NOT_FOUND'
  | 'BROWSER_NOT_FOUND'
  | 'BROWSER_CRASHED'
  | 'MODEL_NOT_FOUND'
  | 'MODEL_INVALID'
  | 'PAGE_BUNDLE_NOT_FOUND'
  | 'INFERENCE_FAILED'
  | 'ENGINE_CLOSED'
  | 'INVALID_OPTIONS'
  | 'ABORTED';

/**
 * A failure of the headless pose engine. The message says what was expected, what was received and
 * what to do; `cause` keeps the underlying error when there is one. A RepTempleError, so
 * `isRepTempleError` tells it from a bug.
 */
export class PoseEngineError extends RepTempleError {
  declare readonly code: PoseEngineErrorCode;

  constructor(code: PoseEngineErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'PoseEngineError';
  }
}

export function isPoseEngineError(
  error: unknown,
  code?: PoseEngineErrorCode,
): error is PoseEngineError {
  return error instanceof PoseEngineError && (code === undefined || error.code === code);
}

export function abortedError(what: string, reason?: unknown): PoseEngineError {
  return new PoseEngineError('ABORTED', `${what} was aborted by the caller's AbortSignal.`, {
    cause: reason,
  });
}
