import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPoseEngine, type ExtractionResult, type PoseEngine } from '../../src/node/index.js';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const repoRoot = join(packageRoot, '..', '..');

/** Where the real fixture videos live: the repo's fixtures/, else the shared/ folder beside the clone. */
const FIXTURE_DIRS = [
  join(repoRoot, 'fixtures', 'videos'),
  join(repoRoot, '..', 'shared', 'fixtures', 'videos'),
];

/** Absolute path of a fixture video, e.g. fixtureVideo('pushup/30-dark-background-blue-shirt.mp4'). */
export function fixtureVideo(relativePath: string): string {
  for (const dir of FIXTURE_DIRS) {
    const path = join(dir, relativePath);
    if (existsSync(path)) return path;
  }
  throw new Error(
    `fixture video ${relativePath} not found in ${FIXTURE_DIRS.join(' or ')}; ` +
      'the engine tests need the shared fixture videos',
  );
}

/** A short (2.9 s, 86 frames, 640x360, BT.709-tagged) clip with one person in view throughout. */
export const SHORT_FIXTURE = 'pushup/30-dark-background-blue-shirt.mp4';

export const PACKAGE_ROOT = packageRoot;

/** The repository's committed landmark traces of the fixture videos (fixtures/traces). */
export const FIXTURE_TRACES = join(repoRoot, 'fixtures', 'traces');

/**
 * Largest difference between two extractions of the same frames: landmark positions in pixels of
 * their frames, and visibility. Throws when their frames or landmark counts differ.
 */
export function landmarkDifference(
  a: ExtractionResult,
  b: ExtractionResult,
): { px: number; visibility: number } {
  let px = 0;
  let visibility = 0;
  if (a.frames.length !== b.frames.length) {
    throw new Error(`${a.frames.length} frames against ${b.frames.length}`);
  }
  for (const [i, frame] of a.frames.entries()) {
    const other = b.frames[i]!;
    if (
      frame.timestampMs !== other.timestampMs ||
      frame.landmarks.length !== other.landmarks.length
    ) {
      throw new Error(
        `frame ${i} differs: ${frame.timestampMs} ms against ${other.timestampMs} ms`,
      );
    }
    for (const [k, landmark] of frame.landmarks.entries()) {
      const twin = other.landmarks[k]!;
      const dx = (landmark.x - twin.x) * a.frameSize.width;
      const dy = (landmark.y - twin.y) * a.frameSize.height;
      px = Math.max(px, Math.hypot(dx, dy));
      visibility = Math.max(visibility, Math.abs(landmark.visibility - twin.visibility));
    }
  }
  return { px, visibility };
}

/** Two lite engines, one letting the page decode MP4s, one decoding everything with ffmpeg. */
export async function startEnginePair(): Promise<{ viaPage: PoseEngine; viaFfmpeg: PoseEngine }> {
  const [viaPage, viaFfmpeg] = await Promise.all([
    createPoseEngine({ model: 'lite' }),
    createPoseEngine({ model: 'lite', decoder: 'ffmpeg' }),
  ]);
  return { viaPage, viaFfmpeg };
}
