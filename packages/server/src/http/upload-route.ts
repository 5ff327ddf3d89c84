// POST /api/upload-video: a signed-in user's recording, handed to the media service. Errors answer
// in the upload's own shape ({success: false, error, code, ...}).

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
/** How long a rejected upload's remaining body is read before the connection is closed. ms */
const REJECTED_BODY_DRAIN_MS = 5000;

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
    if (error.status === 413) res.setHeader('connection', 'close');
    sendJson(res, status, { success: false, error: error.message, ...error.toJSON() });
    // A rejected upload's remaining body is drained briefly so the client reads the answer,
    // then the connection is closed rather than reading megabytes.
    if (!req.complete) {
      req.resume();
      setTimeout(() => req.destroy(), REJECTED_BODY_DRAIN_MS).unref();
    }
  }
}

export function refuseUploadMethod({ res }: RouteContext): void {
  sendJson(
    res,
    405,
    { success: false, error: 'Use POST with multipart/form-data.', code: 'method_not_allowed' },
    { allow: 'POST' },
  );
}
