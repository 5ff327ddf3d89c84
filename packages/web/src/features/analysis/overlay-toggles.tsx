import { Checkbox } from '../../components/ui/checkbox';

/** What the pose overlay draws. Landmarks and connections are part of the pose, so they are
 * disabled while the pose is hidden. */
export function OverlayToggles(props: {
  /** Prefix of the element ids, unique per screen (several can share a page). */
  idPrefix: string;
  showPose: boolean;
  showLandmarks: boolean;
  showConnections: boolean;
  onShowPoseChange: (show: boolean) => void;
  onShowLandmarksChange: (show: boolean) => void;
  onShowConnectionsChange: (show: boolean) => void;
}) {
  return (
    <div className="mt-2 flex flex-wrap gap-x-4">
      <Checkbox
        id={`${props.idPrefix}-pose`}
        label="Show pose"
        checked={props.showPose}
        onCheckedChange={props.onShowPoseChange}
      />
      <Checkbox
        id={`${props.idPrefix}-landmarks`}
        label="Landmarks"
        checked={props.showLandmarks}
        onCheckedChange={props.onShowLandmarksChange}
        disabled={!props.showPose}
      />
      <Checkbox
        id={`${props.idPrefix}-connections`}
        label="Connections"
        checked={props.showConnections}
        onCheckedChange={props.onShowConnectionsChange}
        disabled={!props.showPose}
      />
    </div>
  );
}
