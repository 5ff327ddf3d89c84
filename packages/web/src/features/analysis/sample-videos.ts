/**
 * The sample-video list the analysis screen offers (spec 01 §2, §7): generated at build time from
 * fixtures/videos/labels.json (vite.config.ts) and served as JSON next to the videos.
 */

export interface SampleVideo {
  /** Served path, e.g. /videos/pushups/08-tank-top-side.mp4 */
  readonly url: string;
  /** Shown in the dropdown. */
  readonly name: string;
  readonly exercise: 'pushup' | 'squat';
  /** Camera view: side, front, oblique or back. */
  readonly view: string;
  readonly durationS: number;
  readonly width: number;
  readonly height: number;
}

export class SampleVideoIndexError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SampleVideoIndexError';
  }
}

/** '08-tank-top-side.mp4' -> '08 Tank top side' */
export function sampleVideoName(file: string): string {
  const stem = file.replace(/\.[^.]+$/, '');
  const match = /^(\d+)-(.*)$/.exec(stem);
  const words = (match ? match[2]! : stem).replace(/[-_]+/g, ' ').trim();
  const sentence = words.charAt(0).toUpperCase() + words.slice(1);
  return match ? `${match[1]} ${sentence}` : sentence;
}

function isSampleVideo(value: unknown): value is SampleVideo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.url === 'string' &&
    v.url.startsWith('/') &&
    typeof v.name === 'string' &&
    (v.exercise === 'pushup' || v.exercise === 'squat') &&
    typeof v.view === 'string' &&
    typeof v.durationS === 'number' &&
    typeof v.width === 'number' &&
    typeof v.height === 'number'
  );
}

/** Checks the served index; throws naming the first bad entry. */
export function parseSampleVideoIndex(json: unknown): SampleVideo[] {
  if (!Array.isArray(json)) {
    throw new SampleVideoIndexError(
      `Expected the sample-video index to be a JSON array, received ${typeof json}. Rebuild the web app.`,
    );
  }
  json.forEach((entry, index) => {
    if (!isSampleVideo(entry)) {
      throw new SampleVideoIndexError(
        `Expected sample video ${index} to have url, name, exercise (pushup or squat), view, ` +
          `durationS, width and height, received ${JSON.stringify(entry)}. Rebuild the web app.`,
      );
    }
  });
  return json as SampleVideo[];
}

/** Push-ups first (the analyser's default exercise), then squats, each in file order. */
export function groupSampleVideos(
  samples: readonly SampleVideo[],
): { exercise: SampleVideo['exercise']; samples: SampleVideo[] }[] {
  const order: SampleVideo['exercise'][] = ['pushup', 'squat'];
  return order
    .map((exercise) => ({ exercise, samples: samples.filter((s) => s.exercise === exercise) }))
    .filter((group) => group.samples.length > 0);
}
