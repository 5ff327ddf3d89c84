// The recording view's data as one cached query (the challenge with its definition, and the
// recording); the key is made here, beside the functions it calls.

import { queryOptions } from '@tanstack/react-query';
import { getChallengeWithDefinition } from '../../../data/challenges/challenges';
import type { SupabaseClient } from '../../../data/supabase-client';
import { getRecording } from './recording';

export const recordingViewKeys = {
  all: ['recording-view'] as const,
  view: (challengeId: string, recordingId: string) =>
    [...recordingViewKeys.all, challengeId, recordingId] as const,
};

export const recordingViewQueries = {
  view: (client: SupabaseClient, challengeId: string, recordingId: string) =>
    queryOptions({
      queryKey: recordingViewKeys.view(challengeId, recordingId),
      queryFn: async () => {
        const [challenge, recording] = await Promise.all([
          getChallengeWithDefinition(client, challengeId),
          getRecording(client, challengeId, recordingId),
        ]);
        return { challenge, recording };
      },
    }),
};
