import type { BodySide, ExerciseDefinition } from '@reptemple/definitions';
import { Plus, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { VideoAnalysis } from '../../analysis/video-analysis';
import { COMPARISON_UPDATE_DELAY_MS, EDITOR_SPEC_TEXT, EDITOR_TEXT } from '../constants';
import { definitionProblems, formatIssues, toDocument } from '../definition-io';
import type { DraftDefinition, EditorAction } from '../editor-state';
import type { VideoInstance } from '../ui-config';
import { useDebouncedValue } from '../use-debounced-value';

/**
 * The videos analysed with the definition being edited, side by side (spec 01 §2). They get the
 * definition only once it validates and can count, and only once edits pause, so an incomplete
 * definition never reaches the analyser and a slider drag does not restart every analysis.
 */
export function Comparisons(props: {
  definition: DraftDefinition;
  instances: readonly VideoInstance[];
  dispatch: (action: EditorAction) => void;
  newId: () => string;
}) {
  const { definition, instances, dispatch } = props;
  const problems = useMemo(() => formatIssues(definitionProblems(definition)), [definition]);
  // A text key: the same document keeps the same object, so the videos re-analyse only when the
  // definition really changed.
  const key = problems.length === 0 ? JSON.stringify(toDocument(definition)) : null;
  const settledKey = useDebouncedValue(key, COMPARISON_UPDATE_DELAY_MS);
  const analysed = useMemo<ExerciseDefinition | null>(
    () => (settledKey === null || key === null ? null : JSON.parse(settledKey)),
    [settledKey, key],
  );
  // While the draft is incomplete (a name being retyped, an angle being replaced), the videos keep
  // the last complete definition: unmounting them would throw away their analysis and their
  // uploaded files.
  const [lastComplete, setLastComplete] = useState<ExerciseDefinition | null>(null);
  useEffect(() => {
    if (analysed) setLastComplete(analysed);
  }, [analysed]);
  const shown = analysed ?? lastComplete;
  const notReady =
    key === null ? (
      <div className="text-sm text-muted" role="status">
        <p>{shown ? EDITOR_TEXT.comparisonsKeepLast : EDITOR_TEXT.comparisonsNotReady}</p>
        <ul className="mt-2 list-disc pl-5 font-mono text-xs">
          {problems.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    ) : null;

  return (
    <section aria-labelledby="comparisons-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="comparisons-title" className="font-display text-xl font-semibold">
          Video Comparisons
        </h2>
        <Button
          variant="outline"
          size="sm"
          onClick={() => dispatch({ type: 'addComparison', id: props.newId() })}
        >
          <Plus aria-hidden="true" className="size-4" />
          {EDITOR_SPEC_TEXT.addComparison}
        </Button>
      </div>
      {instances.length === 0 ? (
        <p className="text-sm text-muted">No videos. Add a comparison to analyse one.</p>
      ) : null}
      <div className="grid gap-4 2xl:grid-cols-2">
        {instances.map((instance) => {
          const update = (patch: Partial<Omit<VideoInstance, 'id'>>) =>
            dispatch({ type: 'updateVideoInstance', id: instance.id, patch });
          const remove = () => dispatch({ type: 'removeVideoInstance', id: instance.id });
          return (
            <div key={instance.id} className="grid content-start gap-2">
              {definition.cameraPosition === 'side' ? (
                <CloserSideChoice
                  id={instance.id}
                  title={instance.title}
                  value={instance.closerSide}
                  onChange={(closerSide) => update({ closerSide })}
                />
              ) : null}
              {shown ? (
                <>
                  {notReady}
                  <VideoAnalysis
                    title={instance.title}
                    definition={shown}
                    videoSrc={instance.videoSrc}
                    onVideoSrcChange={(videoSrc) => update({ videoSrc })}
                    showPoseVisualization={instance.showPoseVisualization}
                    onShowPoseVisualizationChange={(showPoseVisualization) =>
                      update({ showPoseVisualization })
                    }
                    closerSide={instance.closerSide}
                    onRemove={remove}
                  />
                </>
              ) : (
                <section
                  aria-label={instance.title}
                  className="grid gap-3 rounded-xl border border-line bg-surface/95 p-4 sm:p-6"
                >
                  <div className="flex items-center justify-between gap-3">
                    <h3 className="font-semibold">{instance.title}</h3>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${instance.title}`}
                      onClick={remove}
                    >
                      <X aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                  {notReady ?? <p className="text-sm text-muted">Updating...</p>}
                </section>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}

function CloserSideChoice(props: {
  id: string;
  title: string;
  value: BodySide;
  onChange: (side: BodySide) => void;
}) {
  return (
    <fieldset className="flex items-center gap-3 px-1 text-xs text-muted">
      <legend className="sr-only">Closer side to the camera in {props.title}</legend>
      <span aria-hidden="true">Closer side:</span>
      {(['left', 'right'] as const).map((side) => (
        <label key={side} className="flex cursor-pointer items-center gap-1.5">
          <input
            type="radio"
            name={`closer-side-${props.id}`}
            checked={props.value === side}
            onChange={() => props.onChange(side)}
            className="accent-[var(--color-gold)]"
          />
          {side === 'left' ? 'Left' : 'Right'}
        </label>
      ))}
    </fieldset>
  );
}
