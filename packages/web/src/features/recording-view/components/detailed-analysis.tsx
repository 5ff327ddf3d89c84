import type { ExerciseDefinition } from '@reptemple/definitions';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { RECORDING_VIEW } from '../constants';

// The analysis (MediaPipe and the analysers) loads only when someone opens it.
const VideoAnalysis = lazy(async () => ({
  default: (await import('../../analysis/video-analysis')).VideoAnalysis,
}));

/** 'Show/Hide Detailed Analysis' (spec 02 §2): the video analysis component on the recorded video,
 * counted with the challenge's exercise definition, frame by frame as the CLI counts the file. */
export function DetailedAnalysis(props: { videoUrl: string; definition: ExerciseDefinition }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section className="mt-8">
      <Button
        variant="outline"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? (
          <ChevronUp aria-hidden="true" className="size-4" />
        ) : (
          <ChevronDown aria-hidden="true" className="size-4" />
        )}
        {open ? RECORDING_VIEW.hideAnalysis : RECORDING_VIEW.showAnalysis}
      </Button>
      <div id={panelId} className="mt-4" hidden={!open}>
        {open ? (
          <Suspense fallback={<Spinner label={RECORDING_VIEW.loadingAnalysis} />}>
            <VideoAnalysis
              title="Detailed Analysis"
              videoSrc={props.videoUrl}
              definition={props.definition}
              sourceChoice={false}
            />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
