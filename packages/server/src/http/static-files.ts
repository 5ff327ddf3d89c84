// Serves files from disk with HEAD and byte-range support (videos seek by range requests).

import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip, constants as zlibConstants } from 'node:zlib';

const gzipAsync = promisify(gzip);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.wasm': 'application/wasm',
  '.tflite': 'application/octet-stream',
  '.task': 'application/octet-stream',
  '.binarypb': 'application/octet-stream',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Types worth compressing: text, and the pose runtime's wasm (about 3x smaller gzipped). */
const COMPRESSIBLE_EXTENSIONS = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.wasm',
]);
/** Larger files are served as they are (compressing them would hold too much in memory). bytes */
const MAX_COMPRESSED_SOURCE_BYTES = 32 * 1024 * 1024;

/**
 * Gzipped copies of static files, made once per file version (path, size, modification time) and
 * kept in memory: the built app is a few MB and never changes while the server runs.
 */
const gzipCache = new Map<string, { version: string; body: Promise<Buffer> }>();

function gzipped(file: string, version: string): Promise<Buffer> {
  const cached = gzipCache.get(file);
  if (cached?.version === version) return cached.body;
  const body = readFile(file).then((raw) =>
    gzipAsync(raw, { level: zlibConstants.Z_BEST_COMPRESSION }),
  );
  // A failed compression is not cached: the next request tries again (and reports its error).
  body.catch(() => gzipCache.delete(file));
  gzipCache.set(file, { version, body });
  return body;
}

function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b(?!;q=0(\.0*)?\b)/.test(header);
}

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

type ByteRange = { start: number; end: number } | 'unsatisfiable' | undefined;

/** Parses a single "bytes=a-b", "bytes=a-" or "bytes=-n" range; multiple ranges are served whole. */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** Answers with the file, or returns false when it does not exist. */
export async function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  cacheControl = 'public, max-age=3600',
): Promise<boolean> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(file);
  } catch (error) {
    if (
      (error as NodeJS.ErrnoException).code === 'ENOENT' ||
      (error as NodeJS.ErrnoException).code === 'ENOTDIR'
    )
      return false;
    throw error;
  }
  if (!info.isFile()) return false;
  const size = info.size;
  const headers: Record<string, string | number> = {
    'content-type': contentTypeFor(file),
    'accept-ranges': 'bytes',
    'last-modified': info.mtime.toUTCString(),
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
  };
  const compressible =
    COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase()) &&
    size > 0 &&
    size <= MAX_COMPRESSED_SOURCE_BYTES;
  if (compressible) headers.vary = 'Accept-Encoding';
  // Ranges of a compressed body would not mean the same bytes: ranged requests get the file as is.
  if (compressible && !req.headers.range && acceptsGzip(req)) {
    const body = await gzipped(file, `${size}:${info.mtimeMs}`);
    res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
  const range = parseRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'content-range': `bytes */${size}` });
    res.end();
    return true;
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const status = range ? 206 : 200;
  res.writeHead(status, {
    ...headers,
    'content-length': size === 0 ? 0 : end - start + 1,
    ...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
  });
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return true;
  }
  await new Promise<void>((resolve, reject) => {
    const stream = createReadStream(file, { start, end });
    stream.on('error', reject);
    res.on('close', () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(res);
  });
  return true;
}
