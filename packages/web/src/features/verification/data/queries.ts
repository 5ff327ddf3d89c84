// A recording's verification as cached queries; the keys are made here, beside the functions.

import { queryOptions } from '@tanstack/react-query';
import type { SupabaseClient } from '../../../data/supabase-client';
import { listRepEvidence } from './rep-evidence';
import { getVerificationProgress } from './verification-progress';

/** How often a verification in progress is asked again. ms */
export const PROGRESS_POLL_MS = 5000;

export const verificationKeys = {
  all: ['verification'] as const,
  progress: (recordingId: string) => [...verificationKeys.all, 'progress', recordingId] as const,
  evidence: (recordingId: string) => [...verificationKeys.all, 'evidence', recordingId] as const,
};

export const verificationQueries = {
  /** Asked again every PROGRESS_POLL_MS while the recording is verifying. */
  progress: (recordingId: string) =>
    queryOptions({
      queryKey: verificationKeys.progress(recordingId),
      queryFn: ({ signal }) => getVerificationProgress(recordingId, signal),
      refetchInterval: (query) =>
        query.state.status !== 'error' && (query.state.data?.status ?? 'verifying') === 'verifying'
          ? PROGRESS_POLL_MS
          : false,
      staleTime: 0,
    }),
  evidence: (client: SupabaseClient, recordingId: string) =>
    queryOptions({
      queryKey: verificationKeys.evidence(recordingId),
      queryFn: () => listRepEvidence(client, recordingId),
    }),
};
