import * as TabsPrimitive from '@radix-ui/react-tabs';
import { PHASE_NAMES, type PhaseName } from '@reptemple/definitions';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { EDITOR_SPEC_TEXT, PHASE_LABELS } from '../constants';
import { type DraftDefinition, type EditorAction, phaseAngles, stopAngles } from '../editor-state';
import { RangeSlider } from './range-slider';

/** Phase Angle Ranges: tabs Start, Transition, End with a 0-180 slider per angle, 'Apply to all
 * phases', global alignments; and the Exercise Stop Conditions. */
export function PhaseRangesPanel(props: {
  definition: DraftDefinition;
  activePhase: PhaseName;
  dispatch: (action: EditorAction) => void;
}) {
  const { definition, activePhase, dispatch } = props;
  const angles = phaseAngles(definition);
  const stops = stopAngles(definition);
  return (
    <div className="grid gap-6">
      <TabsPrimitive.Root
        value={activePhase}
        onValueChange={(phase) => dispatch({ type: 'setActivePhase', phase: phase as PhaseName })}
      >
        <TabsPrimitive.List
          aria-label="Phase"
          className="mb-5 grid grid-cols-3 gap-1 rounded-lg border border-line bg-page p-1"
        >
          {PHASE_NAMES.map((phase) => (
            <TabsPrimitive.Trigger
              key={phase}
              value={phase}
              className="h-10 rounded-md text-sm font-semibold text-muted transition-colors hover:text-ink data-[state=active]:bg-surface-raised data-[state=active]:text-gold-bright"
            >
              {PHASE_LABELS[phase]}
            </TabsPrimitive.Trigger>
          ))}
        </TabsPrimitive.List>
        {PHASE_NAMES.map((phase) => (
          <TabsPrimitive.Content key={phase} value={phase} className="grid gap-4 outline-none">
            {angles.length === 0 ? (
              <p className="text-sm text-muted">Add an angle to set its range in each phase.</p>
            ) : (
              angles.map((angle) => {
                const range = definition.phases[phase].angleRanges[angle.id];
                if (!range) return null;
                const global = definition.globalAlignments.includes(angle.id);
                return (
                  <div key={angle.id} className="rounded-lg border border-line bg-page/60 p-3">
                    <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                      <p className="font-semibold">
                        {angle.name}
                        {global ? (
                          <span className="ml-2 text-xs font-normal text-gold">all phases</span>
                        ) : null}
                      </p>
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={global}
                        aria-label={`${EDITOR_SPEC_TEXT.applyToAllPhases}: ${angle.name}`}
                        onClick={() =>
                          dispatch({ type: 'applyToAllPhases', phase, angleId: angle.id })
                        }
                      >
                        {EDITOR_SPEC_TEXT.applyToAllPhases}
                      </Button>
                    </div>
                    <RangeSlider
                      label={`${angle.name} ${PHASE_LABELS[phase]}`}
                      range={range}
                      onChange={(next) =>
                        dispatch({ type: 'setRange', phase, angleId: angle.id, range: next })
                      }
                    />
                    <Checkbox
                      id={`global-${phase}-${angle.id}`}
                      label="Global alignment (one range in every phase)"
                      checked={global}
                      onCheckedChange={(checked) =>
                        dispatch({ type: 'setGlobalAlignment', angleId: angle.id, global: checked })
                      }
                    />
                  </div>
                );
              })
            )}
          </TabsPrimitive.Content>
        ))}
      </TabsPrimitive.Root>

      <div>
        <h3 className="mb-3 font-semibold">{EDITOR_SPEC_TEXT.stopConditionsTitle}</h3>
        {stops.length === 0 ? (
          <p className="text-sm text-muted">
            Mark an angle EXERCISE STOP to end the exercise when it enters a range.
          </p>
        ) : (
          <div className="grid gap-4">
            {!definition.stopCondition.enabled ? (
              <p className="text-sm text-muted">
                The stop condition is off (Exercise Definition panel); these ranges apply once it is
                on.
              </p>
            ) : null}
            {stops.map((angle) => {
              const range = definition.stopCondition.angleRanges[angle.id];
              if (!range) return null;
              return (
                <div key={angle.id} className="rounded-lg border border-line bg-page/60 p-3">
                  <p className="mb-2 font-semibold">{angle.name}</p>
                  <RangeSlider
                    label={`${angle.name} stop`}
                    range={range}
                    onChange={(next) =>
                      dispatch({ type: 'setStopRange', angleId: angle.id, range: next })
                    }
                  />
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
