import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../../lib/cn';
import { withAccessToken } from '../data/media-access';
import type { RepEvidence } from '../data/rep-evidence';
import { checkLine, degreesText as degrees, failedCheck, repChecksOf } from '../logic/rep-checks';
import { videoTime } from '../logic/video-time';
import { contactSheetUrl, VERIFICATION } from '../messages';

const at = (ms: number | null) => (ms === null ? '–' : videoTime(ms));

/** One verified rep, as every screen shows it: a compact line (number, verdict, time, the driving
 * angle's bottom and top) that opens to its contact sheet (the bottom and the top frame) and the
 * phases it went through. `notes` (why it differs from the live count) show under the line.
 * The one place a rep's evidence is drawn: extend it here. `accessToken` is the viewer's: a hidden
 * duel's contact sheets are served to its participant and admins only (useMediaAccessToken). */
export function RepEvidenceItem(props: {
  recordingId: string;
  rep: RepEvidence;
  accessToken: string | null;
  notes?: readonly string[];
  defaultOpen?: boolean;
}) {
  const { rep } = props;
  // Verifications from before the checks were kept have none: the rep shows its angles only.
  const checks = repChecksOf(rep.checks) ?? [];
  const failed = rep.is_valid ? undefined : failedCheck(checks);
  // The failed check has its own line; the list gives the rest.
  const otherChecks = checks.filter((check) => check !== failed);
  const [open, setOpen] = useState(props.defaultOpen ?? false);
  const panelId = useId();
  return (
    <li
      data-testid="rep-evidence"
      data-valid={rep.is_valid}
      className="overflow-hidden rounded-lg border border-line bg-surface-raised"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center gap-x-3 gap-y-1 px-3 py-2.5 text-left text-sm hover:bg-white/[0.03]"
      >
        <span className="w-14 shrink-0 font-semibold">
          {/* The name says what the button does; the visible text stays part of it. */}
          <span className="sr-only">{open ? 'Hide' : 'Show'} </span>
          Rep {rep.rep_number}
        </span>
        <span
          className={cn(
            'min-w-0 truncate rounded-full px-2 py-0.5 text-xs font-semibold',
            rep.is_valid ? 'bg-emerald-500/10 text-emerald-300' : 'bg-danger/10 text-danger',
          )}
        >
          {rep.is_valid ? VERIFICATION.repValid : (rep.invalid_reason ?? 'not valid')}
        </span>
        <span className="ml-auto shrink-0 font-mono text-xs text-muted tabular-nums">
          {at(rep.start_ms)}
        </span>
        <span className="hidden shrink-0 text-xs text-muted tabular-nums sm:inline">
          {rep.angle_name} {degrees(rep.bottom_angle)} → {degrees(rep.top_angle)}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 shrink-0 text-muted transition-transform', open && 'rotate-180')}
        />
      </button>
      {props.notes && props.notes.length > 0 ? (
        <ul className="grid gap-1 border-t border-line/60 px-3 py-2 text-sm text-ink/90">
          {props.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <div id={panelId} hidden={!open} className="border-t border-line/60 p-3">
        {open ? (
          <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_14rem] md:items-start">
            <img
              src={withAccessToken(
                contactSheetUrl(props.recordingId, rep.rep_number),
                props.accessToken,
              )}
              alt={VERIFICATION.contactSheetAlt(rep.rep_number)}
              className="w-full rounded-md bg-black"
            />
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted">Time</dt>
              <dd className="tabular-nums">
                {at(rep.start_ms)} – {at(rep.end_ms)}
              </dd>
              <dt className="text-muted">Bottom</dt>
              <dd className="tabular-nums">
                {rep.angle_name} {degrees(rep.bottom_angle)} at {at(rep.bottom_ms)}
              </dd>
              <dt className="text-muted">Top</dt>
              <dd className="tabular-nums">
                {rep.angle_name} {degrees(rep.top_angle)} at {at(rep.top_ms)}
              </dd>
              <dt className="text-muted">Phases</dt>
              <dd>{rep.phase_path.join(' → ')}</dd>
              {failed ? (
                <>
                  <dt className="text-muted">{VERIFICATION.failedBy}</dt>
                  <dd data-testid="rep-failed-check" className="tabular-nums text-danger">
                    {checkLine(failed)}
                  </dd>
                </>
              ) : null}
              {otherChecks.length > 0 ? (
                <>
                  <dt className="text-muted">
                    {failed ? VERIFICATION.otherChecks : VERIFICATION.checks}
                  </dt>
                  <dd>
                    <ul data-testid="rep-checks" className="grid gap-0.5 tabular-nums">
                      {otherChecks.map((check, index) => (
                        <li
                          // A rule may be checked twice (in the picture and in space).
                          // biome-ignore lint/suspicious/noArrayIndexKey: checks keep their order
                          key={index}
                          className={check.passed ? 'text-ink/80' : 'text-danger'}
                        >
                          {checkLine(check)}
                        </li>
                      ))}
                    </ul>
                  </dd>
                </>
              ) : null}
            </dl>
          </div>
        ) : null}
      </div>
    </li>
  );
}
