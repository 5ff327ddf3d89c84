/// <reference lib="dom" />
import type { RefObject } from 'react';
import { isUsableDuration } from './playback';

/**
 * The video with the pose overlay canvas over it, the loading overlay and the note shown while
 * playback waits for the analysis. It reports what the <video> does; the screen decides.
 */
export function VideoStage(props: {
  videoRef: RefObject<HTMLVideoElement | null>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  src: string | undefined;
  /** Covers the video while it loads; null when it is ready. */
  loadingText: string | null;
  /** Playback is paused until the analysis catches up. */
  waiting: boolean;
  onPlayingChange: (playing: boolean) => void;
  onTimeChange: (seconds: number) => void;
  /** Only usable durations (finite, above 0) are reported. */
  onDurationChange: (seconds: number) => void;
}) {
  return (
    <div className="relative overflow-hidden rounded-lg bg-black">
      <video
        ref={props.videoRef}
        src={props.src}
        className="block max-h-[60vh] w-full object-contain"
        muted
        playsInline
        preload="auto"
        onPlay={() => props.onPlayingChange(true)}
        onPause={() => props.onPlayingChange(false)}
        onSeeked={(event) => props.onTimeChange(event.currentTarget.currentTime)}
        onTimeUpdate={(event) => {
          // While playing, the frame callback reports the time of each presented frame.
          if (event.currentTarget.paused) props.onTimeChange(event.currentTarget.currentTime);
        }}
        onDurationChange={(event) => {
          const duration = event.currentTarget.duration;
          if (isUsableDuration(duration)) props.onDurationChange(duration);
        }}
      />
      <canvas
        ref={props.canvasRef}
        className="pointer-events-none absolute inset-0 h-full w-full object-contain"
      />
      {props.loadingText && (
        <div className="absolute inset-0 flex items-center justify-center bg-black/60 text-ink">
          <p role="status">{props.loadingText}</p>
        </div>
      )}
      {props.waiting && !props.loadingText && (
        <p className="absolute right-2 bottom-2 rounded bg-black/70 px-2 py-1 text-xs text-ink">
          Waiting for the analysis to catch up...
        </p>
      )}
    </div>
  );
}
