/** Tunables of the headless engine, in one place. Model settings live in media/model-settings.ts. */

/**
 * Frames cross to the page as planar YUV 4:2:0 (I420, 1.5 bytes/px, 8 bits per sample), exactly as
 * the decoder produced them; the page wraps them in a WebCodecs VideoFrame and Chromium converts
 * them to RGB itself, as it does for a <video>.
 */
export const FRAME_PIXEL_FORMAT = 'yuv420p';

/**
 * Decoder threads per ffmpeg. Decoding a 640x360 H.264 frame takes ~1 ms against ~30 ms of
 * inference, so one thread keeps up and leaves the cores to the inference workers.
 */
export const DECODER_THREADS = 1;

/** Longest time ffprobe may take to read a file header (ms). */
export const FFPROBE_TIMEOUT_MS = 30_000;

/** Longest time Chromium may take to start and the page to load the wasm runtime and model (ms). */
export const WORKER_START_TIMEOUT_MS = 60_000;

/**
 * Frames per loopback request. Each request costs ~5 ms of CPU across Node, Chromium's browser and
 * network processes and Playwright's DevTools bookkeeping; 4 frames per request cut that to a
 * quarter. The page holds at most two runs (8 frames, ~3.5 MB at 640x360) ahead of inference.
 */
export const FRAMES_PER_REQUEST = 4;

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

/**
 * The features Playwright (playwright-core 1.65.1, pinned) turns off with its own
 * `--disable-features` switch. Chromium honours only the last `--disable-features` of a command
 * line, so the engine drops Playwright's switch and passes one that lists these and its own; a
 * test reads the browser's command line to check that exactly one such switch holds both.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/**
 * Features the engine turns off on top of Playwright's. Headless Chromium preloads the address
 * bar's popup (chrome://omnibox-popup.top-chrome, both of its variants) in a renderer of its own
 * at start, though nothing will ever show it. Measured here: ~1 s of CPU per browser, 0.4 s of
 * one worker's start-up, 1.1 s of two workers starting together.
 */
export const ENGINE_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'] as const;

/**
 * How the engine launches Chromium (playwright-core's launch options). Playwright's own SIGINT,
 * SIGTERM and SIGHUP handlers are off: they close every browser under a running extraction (which
 * then fails as if the video were at fault, and the engine starts a fresh Chromium) and, on SIGINT,
 * call process.exit(130) before the application has printed its results. Stopping is the
 * application's decision: it aborts its extractions and calls engine.close(). Playwright still
 * kills its browsers when the process exits.
 */
export function chromiumLaunchOptions(executablePath: string): {
  executablePath: string;
  args: string[];
  ignoreDefaultArgs: string[];
  timeout: number;
  handleSIGINT: false;
  handleSIGTERM: false;
  handleSIGHUP: false;
} {
  return {
    executablePath,
    args: [
      ...CHROMIUM_FLAGS,
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...ENGINE_DISABLED_FEATURES].join(',')}`,
    ],
    ignoreDefaultArgs: [`--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(',')}`],
    timeout: WORKER_START_TIMEOUT_MS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  };
}

/** Default number of inference workers (one headless Chromium each); one per core is the sweet spot. */
export const DEFAULT_WORKERS = 1;

/** Frames the page reports back per POST: fewer requests, results still arrive within ~4 frames. */
export const RESULT_BATCH_FRAMES = 4;

/**
 * Frames ffmpeg decodes ahead of the inference page (~0.9 MB each at 640x360), so decoding and
 * transfer of the next frames overlap inference of the current one.
 */
export const READ_AHEAD_FRAMES = 8;

/**
 * When ffmpeg logged decode errors and delivered fewer than this fraction of the frames the
 * container announces, the file counts as truncated or damaged (VIDEO_DECODE_FAILED).
 */
export const MIN_DECODED_FRACTION = 0.9;

/** Spare frame buffers the decoder keeps for reuse: the read-ahead plus a request in flight. */
export const MAX_SPARE_BUFFERS = 16;

/**
 * H.264 profiles (avcC profile_idc) the inference page decodes itself with WebCodecs: baseline,
 * main and high, 8-bit 4:2:0, which Chromium decodes in software everywhere. Other profiles go
 * through ffmpeg.
 */
export const PAGE_DECODED_H264_PROFILES: readonly number[] = [66, 77, 100];

/**
 * Largest file the page decodes itself (bytes): it is read whole, once in Node and once in the
 * page. Longer recordings go through ffmpeg, which streams.
 */
export const MAX_PAGE_DECODED_BYTES = 256 * 1024 * 1024;

/**
 * Frames inferred before each window of a windowed extraction (ExtractOptions.windows), after a
 * tracking restart, and not reported: BlazePose's first frame on a new person runs its detector
 * and starts its smoothing afresh, so the first frames differ from those of a pass that tracked
 * the person all along. Elbow angle of window frames against every frame (32 windows of fixtures
 * 03 and 25, full model): median difference 2.5-3.6 degrees with none, 1.4-2.0 with 2, 0.6-1.2
 * with 4, no better with 6 or 10 (docs/decisions.md, "Verified scores").
 */
export const DEFAULT_WARM_UP_FRAMES = 4;
