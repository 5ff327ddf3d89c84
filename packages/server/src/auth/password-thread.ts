// The password-hashing thread (built to dist/password-thread.js; see password-hashing.ts): bcrypt
// hashes and comparisons, one message each, answered with the request's id.

import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';
import type { PasswordRequest, PasswordResponse } from './password-hashing.js';

const port = parentPort!;
port.on('message', (request: PasswordRequest) => {
  let response: PasswordResponse;
  try {
    response =
      request.op === 'hash'
        ? { id: request.id, result: bcrypt.hashSync(request.password, request.cost) }
        : { id: request.id, result: bcrypt.compareSync(request.password, request.hash) };
  } catch (error) {
    response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(response);
});
