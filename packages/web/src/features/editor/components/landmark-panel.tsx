import {
  type BodySide,
  type CameraPosition,
  LANDMARK_CATEGORIES,
  type LandmarkId,
  landmarkName,
} from '@reptemple/definitions';
import { useMemo } from 'react';
import { cn } from '../../../lib/cn';
import { EDITOR_TEXT, LANDMARK_CATEGORY_LABELS } from '../constants';
import {
  type EditorAction,
  humanizeLandmark,
  landmarkChoices,
  landmarksStillNeeded,
} from '../editor-state';

const ORDER_LABELS = ['1st', '2nd (vertex)', '3rd'];

/** Landmark Selection: the catalogue by category; at most three selected, oldest dropped first. */
export function LandmarkPanel(props: {
  cameraPosition: CameraPosition;
  closerSide: BodySide;
  selected: readonly LandmarkId[];
  dispatch: (action: EditorAction) => void;
}) {
  const { cameraPosition, closerSide, selected, dispatch } = props;
  const groups = useMemo(
    () => landmarkChoices(cameraPosition, closerSide),
    [cameraPosition, closerSide],
  );
  const more = landmarksStillNeeded(selected);
  return (
    <div className="grid gap-5">
      {cameraPosition === 'side' ? (
        <fieldset className="flex flex-wrap items-center gap-3 text-sm">
          <legend className="mb-2 font-medium">Closer side to the camera</legend>
          {(['left', 'right'] as const).map((side) => (
            <label key={side} className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                name="closer-side"
                value={side}
                checked={closerSide === side}
                onChange={() => dispatch({ type: 'setCloserSide', closerSide: side })}
                className="accent-[var(--color-gold)]"
              />
              {side === 'left' ? 'Left' : 'Right'}
            </label>
          ))}
        </fieldset>
      ) : null}
      <p className="text-sm text-muted" aria-live="polite">
        {EDITOR_TEXT.selectionHint(more)}
        {selected.length > 0 ? (
          <span className="mt-1 block text-ink">
            Selected: {selected.map((id) => humanizeLandmark(landmarkName(id))).join(' → ')}
          </span>
        ) : null}
      </p>
      {LANDMARK_CATEGORIES.map((category) => (
        <div key={category}>
          <h3 className="mb-2 text-xs font-semibold tracking-wider text-muted uppercase">
            {LANDMARK_CATEGORY_LABELS[category]}
          </h3>
          <div className="flex flex-wrap gap-2">
            {groups[category].map((choice) => {
              const position = selected.indexOf(choice.id);
              return (
                <button
                  key={choice.id}
                  type="button"
                  aria-pressed={position !== -1}
                  title={position === -1 ? undefined : ORDER_LABELS[position]}
                  onClick={() => dispatch({ type: 'toggleLandmark', landmarkId: choice.id })}
                  className={cn(
                    'h-9 rounded-md border px-3 text-sm transition-colors',
                    position === -1
                      ? 'border-line bg-page text-ink hover:border-gold/50'
                      : 'border-gold bg-gold/15 text-gold-bright',
                  )}
                >
                  {choice.label}
                  {position === -1 ? null : (
                    <span className="ml-1.5 text-xs opacity-80">{position + 1}</span>
                  )}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
