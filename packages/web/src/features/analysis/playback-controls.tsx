import { ChevronLeft, ChevronRight, Pause, Play, RotateCcw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { formatTime } from './timeline';

/** Play / Pause, previous and next frame, Reset and the time readout. */
export function PlaybackControls(props: {
  /** Playing, or waiting for the analysis to resume playing: the button offers Pause. */
  showPause: boolean;
  currentS: number;
  durationS: number;
  onTogglePlay: () => void;
  onStep: (direction: -1 | 1) => void;
  onReset: () => void;
}) {
  const playLabel = props.showPause ? 'Pause' : 'Play';
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <Button size="sm" onClick={props.onTogglePlay} aria-label={playLabel}>
        {props.showPause ? (
          <Pause aria-hidden="true" className="size-4" />
        ) : (
          <Play aria-hidden="true" className="size-4" />
        )}
        {playLabel}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => props.onStep(-1)}
        aria-label="Previous frame"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
      </Button>
      <Button variant="secondary" size="sm" onClick={() => props.onStep(1)} aria-label="Next frame">
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
      <Button variant="secondary" size="sm" onClick={props.onReset}>
        <RotateCcw aria-hidden="true" className="size-4" /> Reset
      </Button>
      <span className="ml-auto font-mono text-sm text-muted" data-testid="time-readout">
        {formatTime(props.currentS)} / {formatTime(props.durationS)}
      </span>
    </div>
  );
}
