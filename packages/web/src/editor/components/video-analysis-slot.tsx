// Stand-in for the video analysis component (src/analysis/video-analysis.tsx, built alongside):
// the same props, so the editor switches to the real one by changing this import.
import type { BodySide, ExerciseDefinition } from '@reptemple/definitions';
import { X } from 'lucide-react';
import { Button } from '../../components/ui/button';

export interface VideoAnalysisProps {
  title: string;
  definition: ExerciseDefinition;
  videoSrc: string;
  onVideoSrcChange: (videoSrc: string) => void;
  showPoseVisualization: boolean;
  onShowPoseVisualizationChange: (show: boolean) => void;
  closerSide: BodySide;
  onRemove?: () => void;
}

export function VideoAnalysis(props: VideoAnalysisProps) {
  return (
    <div className="grid gap-2 p-2">
      <div className="flex items-center justify-between gap-3">
        <h3 className="font-semibold">{props.title}</h3>
        {props.onRemove ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${props.title}`}
            onClick={props.onRemove}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-muted">
        Video analysis of "{props.definition.name}" arrives with the analysis component.
      </p>
    </div>
  );
}
