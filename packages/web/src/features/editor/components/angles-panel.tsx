import { type LandmarkId, landmarkName } from '@reptemple/definitions';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field, Input } from '../../../components/ui/field';
import { EDITOR_SPEC_TEXT, EDITOR_TEXT } from '../constants';
import {
  angleAddProblem,
  type DraftDefinition,
  describeAngleLandmarks,
  type EditorAction,
  humanizeLandmark,
} from '../editor-state';

/** Angle Definitions: name the three selected landmarks as an angle; remove; EXERCISE STOP. */
export function AnglesPanel(props: {
  definition: DraftDefinition;
  selected: readonly LandmarkId[];
  dispatch: (action: EditorAction) => void;
}) {
  const { definition, selected, dispatch } = props;
  const [name, setName] = useState('');
  const problem = angleAddProblem(selected, name);

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    dispatch({ type: 'addAngle', name });
    setName('');
  };

  return (
    <div className="grid gap-5">
      <form onSubmit={add} className="grid gap-3">
        <Field
          id="angle-name"
          label="Angle name"
          hint={
            selected.length === 0
              ? 'Select three landmarks under Landmark Selection; the middle one is the vertex.'
              : `Landmarks: ${selected.map((id) => humanizeLandmark(landmarkName(id))).join(' → ')}`
          }
        >
          <Input
            id="angle-name"
            value={name}
            placeholder="e.g. Elbow"
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
          />
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="sm" disabled={problem !== null}>
            <Plus aria-hidden="true" className="size-4" />
            Add Angle
          </Button>
          {problem ? <span className="text-xs text-muted">{problem}</span> : null}
        </div>
      </form>
      {definition.angles.length === 0 ? (
        <p className="text-sm text-muted">{EDITOR_TEXT.noAnglesYet}</p>
      ) : (
        <ul className="grid gap-3" aria-label="Angles">
          {definition.angles.map((angle) => (
            <li key={angle.id} className="rounded-lg border border-line bg-page/60 p-3">
              <div className="flex items-start justify-between gap-3">
                <div>
                  <p className="font-semibold">{angle.name}</p>
                  <p className="text-xs text-muted">{describeAngleLandmarks(angle)}</p>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove angle ${angle.name}`}
                  onClick={() => dispatch({ type: 'removeAngle', angleId: angle.id })}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
              <Checkbox
                id={`exercise-stop-${angle.id}`}
                label={EDITOR_SPEC_TEXT.exerciseStop}
                checked={angle.exerciseStop}
                onCheckedChange={(exerciseStop) =>
                  dispatch({ type: 'setExerciseStop', angleId: angle.id, exerciseStop })
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
