import { useEffect, useState } from 'react';
import type { SupabaseClient } from '../../data/supabase-client';
import { listRepEvidence, type RepEvidence } from './data/rep-evidence';
import { useMediaAccessToken, withAccessToken } from './media-access';
import { contactSheetUrl, VERIFICATION } from './messages';

const seconds = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(2)} s`);
const degrees = (angle: number | null) => (angle === null ? '–' : `${Math.round(angle)}°`);

/** Why each rep counted or not: its time, the driving angle's bottom and top, the phases it went
 * through, the analyser's reason, and its contact sheet (bottom and top frames). */
export function RepEvidenceList(props: { client: SupabaseClient; recordingId: string }) {
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; reps: RepEvidence[] }
  >({ kind: 'loading' });
  // The sheets of hidden results are the participant's and admins' only: sent with the token.
  const accessToken = useMediaAccessToken(props.client);
  useEffect(() => {
    let live = true;
    listRepEvidence(props.client, props.recordingId).then(
      (reps) => live && setState({ kind: 'loaded', reps }),
      () => live && setState({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [props.client, props.recordingId]);
  if (state.kind === 'loading' || accessToken === undefined) return null;
  if (state.kind === 'failed')
    return <p className="text-sm text-red-400">{VERIFICATION.evidenceLoadFailed}</p>;
  if (state.reps.length === 0)
    return <p className="text-sm text-muted">{VERIFICATION.evidenceEmpty}</p>;
  return (
    <ol aria-label={VERIFICATION.evidenceTitle} className="grid gap-3">
      {state.reps.map((rep) => (
        <li
          key={rep.rep_number}
          data-testid="rep-evidence"
          className="grid gap-2 rounded-lg border border-line bg-surface-raised p-3 text-sm md:grid-cols-[16rem_1fr]"
        >
          <div>
            <p className="font-semibold">
              Rep {rep.rep_number}:{' '}
              <span className={rep.is_valid ? 'text-emerald-400' : 'text-red-400'}>
                {rep.is_valid ? VERIFICATION.repValid : rep.invalid_reason}
              </span>
            </p>
            <p className="text-muted">
              {seconds(rep.start_ms)} – {seconds(rep.end_ms)}
            </p>
            <p>
              {rep.angle_name}: bottom {degrees(rep.bottom_angle)} at {seconds(rep.bottom_ms)}, top{' '}
              {degrees(rep.top_angle)} at {seconds(rep.top_ms)}
            </p>
            <p className="text-muted">{rep.phase_path.join(' → ')}</p>
          </div>
          <img
            src={withAccessToken(contactSheetUrl(props.recordingId, rep.rep_number), accessToken)}
            alt={VERIFICATION.contactSheetAlt(rep.rep_number)}
            loading="lazy"
            className="w-full max-w-xl rounded-md"
          />
        </li>
      ))}
    </ol>
  );
}
