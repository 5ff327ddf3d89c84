/// <reference lib="dom" />
/**
 * The video analysis screen as a reusable component (spec 01 §2 "Video analysis screen", §4, §8,
 * §9): the analysis page, each comparison of the definition editor and (later) the recording view
 * use it. This file is the view: it lays out the parts of the screen (presentational components
 * beside it) over the state and loops of `useVideoAnalysis` (use-video-analysis.ts), whose rules
 * live in plain modules (playback, timeline, analysis-run, pose-overlay).
 */
import { AnalysisHeader } from './analysis-header';
import { CounterBox } from './counter-box';
import { OverlayToggles } from './overlay-toggles';
import { PhaseChips, PhaseLegend } from './phase-chips';
import { PlaybackControls } from './playback-controls';
import { RepTimeline } from './rep-timeline';
import { SeekBar } from './seek-bar';
import { useVideoAnalysis, type VideoAnalysisOptions } from './use-video-analysis';
import { VideoStage } from './video-stage';

export interface VideoAnalysisProps extends VideoAnalysisOptions {
  /** Default 'Video Analysis'. */
  title?: string;
  /** When given, a remove button is shown (editor comparisons). */
  onRemove?: () => void;
}

export function VideoAnalysis(props: VideoAnalysisProps) {
  const title = props.title ?? 'Video Analysis';
  const screen = useVideoAnalysis(props);
  const { source, overlay, playback, results } = screen;

  return (
    <section
      className="rounded-xl border border-line bg-surface/95 p-4 sm:p-6"
      aria-label={title}
      data-testid="video-analysis"
    >
      <AnalysisHeader
        title={title}
        idPrefix={screen.ids}
        samples={screen.samples}
        src={source.src}
        onSampleChosen={source.choose}
        onFileChosen={source.chooseFile}
        onRemove={props.onRemove}
        sourceChoice={screen.sourceChoice}
      />

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div>
          <VideoStage
            videoRef={screen.videoRef}
            canvasRef={screen.canvasRef}
            src={source.src}
            loadingText={playback.loadingText}
            waiting={playback.waiting}
            onPlayingChange={playback.setPlaying}
            onTimeChange={playback.setCurrentS}
            onDurationChange={playback.setDurationS}
          />
          <SeekBar
            currentS={playback.currentS}
            durationS={playback.durationS}
            analysedFraction={results.analysedFraction}
            bar={results.bar}
            onSeek={playback.seekTo}
          />
          <PlaybackControls
            showPause={playback.playing || playback.waiting}
            currentS={playback.currentS}
            durationS={playback.durationS}
            onTogglePlay={playback.togglePlay}
            onStep={playback.step}
            onReset={screen.reset}
          />
          <OverlayToggles
            idPrefix={screen.ids}
            showPose={overlay.showPose}
            showLandmarks={overlay.showLandmarks}
            showConnections={overlay.showConnections}
            onShowPoseChange={overlay.setShowPose}
            onShowLandmarksChange={overlay.setShowLandmarks}
            onShowConnectionsChange={overlay.setShowConnections}
          />
          {screen.message && (
            <p role="alert" className="mt-2 text-sm text-danger">
              {screen.message}
            </p>
          )}
        </div>

        <aside className="space-y-3">
          <CounterBox frame={results.frame} />
          <p
            className="text-sm text-muted"
            role="status"
            data-testid="analysis-status"
            data-done={results.done}
          >
            {results.status}
          </p>
          {results.speed && (
            <p
              className="text-xs text-muted"
              data-testid="analysis-speed"
              data-fps={results.framesPerSecond?.toFixed(2)}
            >
              {results.speed}
            </p>
          )}
          <PhaseLegend />
        </aside>
      </div>

      <RepTimeline
        reps={results.reps}
        onPlayRep={playback.playRep}
        onHoverRep={screen.setHoveredRep}
      />
      <PhaseChips chips={results.chips} hoveredRep={screen.hoveredRep} />
    </section>
  );
}
