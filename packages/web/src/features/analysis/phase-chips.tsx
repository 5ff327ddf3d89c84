import { PHASE_COLORS, PHASE_LEGEND } from './constants';
import { chipText, formatTime, type PhaseChip, type RepTimelineItem } from './timeline';

/** The colour legend shared by the chips and the seek bar. */
export function PhaseLegend() {
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Legend">
      {PHASE_LEGEND.map((label) => (
        <li key={label} className="flex items-center gap-1 text-xs text-muted">
          <span
            aria-hidden="true"
            className="size-3 rounded-sm"
            style={{ backgroundColor: PHASE_COLORS[label] }}
          />
          {label}
        </li>
      ))}
    </ul>
  );
}

function Chip(props: { chip: PhaseChip }) {
  const time = formatTime(props.chip.timestampMs / 1000);
  return (
    <li
      className="rounded-full px-2 py-0.5 text-xs font-semibold text-black"
      style={{ backgroundColor: props.chip.color }}
      title={`${props.chip.label} at ${time}`}
    >
      {chipText(props.chip)} <span className="font-normal">{time}</span>
    </li>
  );
}

/** Every phase entry of the video, or only those of the rep being hovered or focused. */
export function PhaseChips(props: {
  chips: readonly PhaseChip[];
  hoveredRep: RepTimelineItem | null;
}) {
  const { hoveredRep } = props;
  return (
    <div className="mt-4">
      <h3 className="mb-2 text-sm font-semibold text-ink">
        {hoveredRep ? `Phases of rep ${hoveredRep.repNumber}` : 'Phases'}
      </h3>
      <ul className="flex max-h-32 flex-wrap gap-1 overflow-y-auto" data-testid="phase-chips">
        {(hoveredRep ? hoveredRep.chips : props.chips).map((chip) => (
          <Chip key={`${chip.timestampMs}-${chip.phaseLabel}`} chip={chip} />
        ))}
      </ul>
    </div>
  );
}
