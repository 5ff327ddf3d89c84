// POST /api/upload-video: a signed-in user's recording, handed to the media service. Errors answer
// in the upload's own shape ({success: false, error, code, ...}).

import type { IncomingMessage } from 'node:http';
import type { AuthService } from '../auth/service.js';
import { AppError } from '../errors.js';
import type { MediaService } from '../media/upload-service.js';
import { sendJson } from './http-utils.js';
import type { RouteContext } from './router.js';

/** The auth errors that mean "not signed in" rather than "refused". */
const UNAUTHENTICATED_CODES = new Set([
  'no_authorization',
  'bad_jwt',
  'session_not_found',
  'user_not_found',
]);
/** A refused upload's body is read and thrown away while it keeps arriving; the connection is
 * closed after this long without a byte. ms */
const REFUSED_BODY_IDLE_MS = 5000;

export async function handleUpload(
  auth: AuthService,
  media: MediaService,
  { req, res }: RouteContext,
): Promise<void> {
  try {
    const { user } = await auth.authenticate(req.headers.authorization);
    sendJson(res, 200, await media.handleUpload(req, user.id));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const status = UNAUTHENTICATED_CODES.has(error.code) ? 401 : error.status;
    const body = { success: false, error: error.message, ...error.toJSON() };
    // The answer is sent once the client has sent its whole body: answering first and closing
    // (Node closes a `Connection: close` request's socket as soon as the answer is written) makes
    // a client still sending get EPIPE instead of the answer. A body over the upload limit is not
    // read to its end: that answer closes the connection at once.
    const drained = error.status !== 413 && (await drainRefusedBody(req, media.maxRequestBytes));
    if (!drained) res.setHeader('connection', 'close');
    sendJson(res, status, body);
    if (!drained) res.once('finish', () => req.destroy());
  }
}

/** Reads and discards what is left of a refused request's body. True once it ended; false when
 * the client went quiet for REFUSED_BODY_IDLE_MS, sent more than `maxBytes` in all, or left. */
export function drainRefusedBody(req: IncomingMessage, maxBytes: number): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  if (req.destroyed) return Promise.resolve(false);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let received = 0; // bytes
    let idleTimer: NodeJS.Timeout | undefined;
    const finish = (ended: boolean) => {
      clearTimeout(idleTimer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      resolve(ended);
    };
    const armIdleTimer = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => finish(false), REFUSED_BODY_IDLE_MS);
      idleTimer.unref();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) finish(false);
      else armIdleTimer();
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(req.complete);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    armIdleTimer();
    req.resume();
  });
}

export function refuseUploadMethod({ res }: RouteContext): void {
  sendJson(
    res,
    405,
    { success: false, error: 'Use POST with multipart/form-data.', code: 'method_not_allowed' },
    { allow: 'POST' },
  );
}
