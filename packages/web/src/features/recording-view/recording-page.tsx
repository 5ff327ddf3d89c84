import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FileWarning, SearchX } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../auth/auth-provider';
import { Button, buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { PRODUCT_NAME } from '../../constants/messages';
import type { ChallengeWithDefinition } from '../../data/challenges/challenges';
import { isUuid } from '../../lib/uuid';
import { errorToast } from '../../toast/toast-store';
import { RepDifferences } from '../verification/components/rep-differences';
import { RepEvidenceList } from '../verification/components/rep-evidence-list';
import { VerificationBadge } from '../verification/components/verification-badge';
import { useMediaAccessToken, withAccessToken } from '../verification/data/media-access';
import { liveAttemptOf } from '../verification/logic/live-attempt';
import { VERIFICATION } from '../verification/messages';
import { DetailedAnalysis } from './components/detailed-analysis';
import { RecordingStats } from './components/recording-stats';
import { ShareAchievement } from './components/share-achievement';
import { RECORDING_VIEW } from './constants';
import { recordingViewKeys, recordingViewQueries } from './data/queries';
import type { PublicRecording } from './data/recording';
import { challengeDefinition, gifFileName, shareCaption } from './recording-rules';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

function leaderboardPath(challengeId: string | undefined): string {
  return isUuid(challengeId) ? `/challenge/${challengeId}/leaderboard` : '/challenges';
}

/** 'Recording Not Found' and 'Configuration Error': a title, why, and Back to Leaderboard. */
function RecordingProblem(props: {
  icon: ReactNode;
  title: string;
  text: string;
  challengeId: string | undefined;
}) {
  useEffect(() => {
    document.title = `${props.title} · ${PRODUCT_NAME}`;
  }, [props.title]);
  return (
    <div className="flex min-h-[60svh] flex-col items-center justify-center px-4 text-center">
      {props.icon}
      <h1 className="mt-4 font-display text-2xl font-semibold sm:text-3xl">{props.title}</h1>
      <p className="mt-3 max-w-md text-muted">{props.text}</p>
      <Link
        to={leaderboardPath(props.challengeId)}
        className={`${buttonClasses('secondary')} mt-8`}
      >
        {RECORDING_VIEW.backToLeaderboard}
      </Link>
    </div>
  );
}

function RecordingDetails(props: {
  challenge: ChallengeWithDefinition;
  recording: PublicRecording;
}) {
  const { challenge, recording } = props;
  const { supabase } = useAuth();
  const queryClient = useQueryClient();
  // A hidden duel's media is its participant's (and admins') only: fetched with the token.
  const accessToken = useMediaAccessToken(supabase);
  const check = useMemo(() => challengeDefinition(challenge), [challenge]);
  const live = useMemo(() => liveAttemptOf(recording.analysis_data), [recording.analysis_data]);
  const [shareCount, setShareCount] = useState(recording.share_count);
  // Verified (or failed) while the page is open: the counts that stand now are the server's.
  const onVerificationSettled = useCallback(() => {
    void queryClient.invalidateQueries({
      queryKey: recordingViewKeys.view(challenge.id, recording.id),
    });
  }, [queryClient, challenge.id, recording.id]);

  useEffect(() => {
    document.title = `${recording.name} · ${challenge.name} · ${PRODUCT_NAME}`;
  }, [recording.name, challenge.name]);
  useEffect(() => {
    if (!check.ok) console.error(`Configuration Error: ${check.reason}`);
  }, [check]);

  if (!check.ok)
    return (
      <RecordingProblem
        icon={<FileWarning aria-hidden="true" className="size-10 text-danger" />}
        title={RECORDING_VIEW.configurationErrorTitle}
        text={RECORDING_VIEW.configurationErrorText}
        challengeId={challenge.id}
      />
    );

  const hidden = recording.valid_reps === null;
  const verified = recording.verification_status === 'verified';
  const canShare =
    recording.video_url !== null && recording.gif_url !== null && (recording.valid_reps ?? 0) > 0;

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <Link
        to={leaderboardPath(challenge.id)}
        className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {RECORDING_VIEW.backToLeaderboard}
      </Link>
      <h1 className="mt-3 font-display text-2xl font-semibold break-words sm:text-3xl">
        {recording.name}
      </h1>
      <p className="mt-1 text-sm text-muted">
        {challenge.name} ·{' '}
        <time dateTime={recording.created_at}>
          {dateFormat.format(new Date(recording.created_at))}
        </time>
      </p>
      {/* Issue 26: the video, the verified result and sharing first; the reps after. */}
      <div className="mt-5 grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start lg:gap-6">
        {hidden ? (
          <p role="status" className="rounded-xl border border-line bg-surface-raised p-6">
            {RECORDING_VIEW.hiddenNote}
          </p>
        ) : recording.video_url ? (
          // biome-ignore lint/a11y/useMediaCaption: a recording of push-ups has no speech to caption
          <video
            src={withAccessToken(recording.video_url, accessToken)}
            poster={recording.gif_url ? withAccessToken(recording.gif_url, accessToken) : undefined}
            controls
            playsInline
            preload="metadata"
            className="aspect-video w-full rounded-xl border border-line bg-black object-contain"
            data-testid="recording-video"
          />
        ) : (
          <p className="rounded-xl border border-line bg-surface p-6 text-muted">
            {RECORDING_VIEW.noVideo}
          </p>
        )}
        <RecordingStats
          recording={recording}
          live={live}
          onVerificationSettled={onVerificationSettled}
        />
      </div>
      {hidden ? null : canShare ? (
        <ShareAchievement
          content={{
            recordingId: recording.id,
            gifUrl: withAccessToken(recording.gif_url!, accessToken),
            caption: shareCaption(
              recording.valid_reps!,
              recording.duration_seconds,
              challenge.name,
            ),
            pageUrl: window.location.href,
            fileName: gifFileName(recording.name, challenge.name),
          }}
          shareCount={shareCount}
          onShared={setShareCount}
        />
      ) : (
        <p className="mt-6 rounded-xl border border-line bg-surface p-6 text-center text-muted">
          {RECORDING_VIEW.gifUnavailable}
        </p>
      )}
      {!hidden && verified && live ? (
        <RepDifferences
          client={supabase}
          recordingId={recording.id}
          live={live}
          verifiedValid={recording.valid_reps!}
        />
      ) : null}
      {!hidden && recording.video_url ? (
        <DetailedAnalysis
          videoUrl={withAccessToken(recording.video_url, accessToken)}
          definition={check.definition}
        />
      ) : null}
      {/* Issue 18: how the server verified the video, rep by rep (the frame, the angle, the rule). */}
      <section aria-labelledby="verification-title" className="mt-8">
        <h2 id="verification-title" className="flex items-center gap-2 text-lg font-semibold">
          {VERIFICATION.evidenceTitle}
          <VerificationBadge status={recording.verification_status} />
        </h2>
        {!hidden && verified ? (
          <div className="mt-3">
            <RepEvidenceList client={supabase} recordingId={recording.id} />
          </div>
        ) : null}
      </section>
    </div>
  );
}

/** /challenge/{challengeId}/recording/{recordingId} (spec 02 §2 "Recording view"). */
export function RecordingPage() {
  const { challengeId, recordingId } = useParams();
  const { supabase } = useAuth();
  const valid = isUuid(challengeId) && isUuid(recordingId);
  const data = useQuery({
    ...recordingViewQueries.view(supabase, challengeId ?? '', recordingId ?? ''),
    enabled: valid,
  });

  useEffect(() => {
    if (data.error) {
      console.error('Loading the recording failed', data.error);
      errorToast(RECORDING_VIEW.loadFailed);
    }
  }, [data.error]);

  const notFound = (
    <RecordingProblem
      icon={<SearchX aria-hidden="true" className="size-10 text-gold" />}
      title={RECORDING_VIEW.notFoundTitle}
      text={RECORDING_VIEW.notFoundText}
      challengeId={challengeId}
    />
  );
  if (!valid) return notFound;
  if (data.isPending) return <PageSpinner label={RECORDING_VIEW.loading} />;
  if (data.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <div role="alert" className="rounded-xl border border-danger/50 bg-danger-deep/30 p-6">
          <p>{RECORDING_VIEW.loadFailed}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void data.refetch()}>
            {RECORDING_VIEW.tryAgain}
          </Button>
        </div>
      </div>
    );
  const { challenge, recording } = data.data;
  if (!challenge || !recording) return notFound;
  return <RecordingDetails challenge={challenge} recording={recording} />;
}
