/** Tunables of the headless engine, in one place. Model settings live in browser/model-settings.ts. */

/** Bytes per pixel of the frames ffmpeg hands to the page (RGBA, 8 bits per channel). */
export const RGBA_BYTES_PER_PIXEL = 4;

/**
 * Decoder threads per ffmpeg. Decoding a 640x360 H.264 frame takes ~1 ms against ~30 ms of
 * inference, so one thread keeps up and leaves the cores to the inference workers.
 */
export const DECODER_THREADS = 1;

/** Longest time ffprobe may take to read a file header (ms). */
export const FFPROBE_TIMEOUT_MS = 30_000;

/** Longest time Chromium may take to start and the page to load the wasm runtime and model (ms). */
export const WORKER_START_TIMEOUT_MS = 60_000;

/** Bytes of the per-frame header on the loopback stream: float64 timestamp (ms), uint32 w, uint32 h. */
export const FRAME_HEADER_BYTES = 16;

/** Chromium binaries tried in order when no path is given (Debian, Ubuntu, other distributions). */
export const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
] as const;

/**
 * Flags for the headless Chromium that runs inference: no GPU (software WebGL is enough for the
 * CPU delegate and identical everywhere), and nothing that phones home.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-sync',
  '--metrics-recording-only',
  '--no-first-run',
  '--mute-audio',
  // Hidden or occluded pages must not be throttled: every worker page computes at full speed.
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
] as const;

/** Default number of inference workers: one Chromium page each, one per core is the sweet spot. */
export const DEFAULT_WORKERS = 1;

/** Frames the page reports back per message over the DevTools binding (fewer messages, same latency budget). */
export const RESULT_BATCH_FRAMES = 4;
