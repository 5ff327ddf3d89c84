import { useEffect, useState } from 'react';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field, Input } from '../../../components/ui/field';
import { TIMING_LABELS } from '../constants';
import type { DraftDefinition, EditorAction, TimingField } from '../editor-state';
import { parseTimingInput } from '../validation';
import { CameraPositionField } from './camera-position-field';

/** Exercise Definition panel: name, camera position, timing, qualification rep, stop condition. */
export function MetadataPanel(props: {
  definition: DraftDefinition;
  dispatch: (action: EditorAction) => void;
}) {
  const { definition, dispatch } = props;
  return (
    <div className="grid gap-5">
      <Field id="exercise-name" label="Exercise name">
        <Input
          id="exercise-name"
          value={definition.name}
          onChange={(event) => dispatch({ type: 'setName', name: event.target.value })}
          autoComplete="off"
        />
      </Field>
      <CameraPositionField
        id="camera-position"
        value={definition.cameraPosition}
        onChange={(cameraPosition) => dispatch({ type: 'setCameraPosition', cameraPosition })}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        {(Object.keys(TIMING_LABELS) as TimingField[]).map((field) => (
          <TimingInput
            key={field}
            field={field}
            value={definition.timing[field]}
            onCommit={(value) => dispatch({ type: 'setTiming', field, value })}
          />
        ))}
      </div>
      <div className="grid gap-1">
        <Checkbox
          id="qualification-rep"
          label="Qualification rep (attempts count only after the first valid rep)"
          checked={definition.qualificationRep.enabled}
          onCheckedChange={(enabled) => dispatch({ type: 'setQualificationRep', enabled })}
        />
        <Checkbox
          id="stop-condition"
          label="Stop condition (an EXERCISE STOP angle ends the exercise)"
          checked={definition.stopCondition.enabled}
          onCheckedChange={(enabled) => dispatch({ type: 'setStopConditionEnabled', enabled })}
        />
      </div>
    </div>
  );
}

/** A timing field: the text as typed, stored when it is a whole number of ms, 0 or more. */
function TimingInput(props: {
  field: TimingField;
  value: number;
  onCommit: (value: number) => void;
}) {
  const id = `timing-${props.field}`;
  const [text, setText] = useState(String(props.value));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setText(String(props.value));
    setProblem(null);
  }, [props.value]);
  return (
    <Field id={id} label={TIMING_LABELS[props.field]} hint={problem ?? undefined}>
      <Input
        id={id}
        inputMode="numeric"
        value={text}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-hint` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          const parsed = parseTimingInput(event.target.value);
          setProblem(parsed.ok ? null : parsed.message);
          if (parsed.ok) props.onCommit(parsed.value);
        }}
      />
    </Field>
  );
}
