import { CAMERA_POSITIONS, type CameraPosition } from '@reptemple/definitions';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { CAMERA_POSITION_LABELS } from '../constants';

const CAMERA_OPTIONS = CAMERA_POSITIONS.map((value) => ({
  value,
  label: CAMERA_POSITION_LABELS[value],
}));

/**
 * The labelled camera-position choice, shared by the metadata panel and the creation wizard so
 * both offer the same options and wording. The caller gives the id (each place has its own).
 */
export function CameraPositionField(props: {
  id: string;
  value: CameraPosition;
  onChange: (cameraPosition: CameraPosition) => void;
}) {
  return (
    <Field id={props.id} label="Camera position">
      <Select
        id={props.id}
        value={props.value}
        // The options are exactly CAMERA_POSITIONS, so the chosen value is one of them.
        onValueChange={(value) => props.onChange(value as CameraPosition)}
        options={CAMERA_OPTIONS}
        placeholder="Choose a camera position"
      />
    </Field>
  );
}
