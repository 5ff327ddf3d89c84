// Attempts kept on this device (IndexedDB) for the signed-in participant: listed for the cards
// that offer to send them, kept when a recording finishes, discarded on request.

import { useCallback, useEffect, useState } from 'react';
import {
  listPendingAttempts,
  type PendingAttempt,
  removePendingAttempt,
  savePendingAttempt,
} from '../data/pending-attempts';

export function useDeviceAttempts(challengeId: string, ownerId: string | null) {
  const [pendingList, setPendingList] = useState<PendingAttempt[]>([]);

  const refresh = useCallback(
    async (userId: string) => {
      try {
        setPendingList(await listPendingAttempts(challengeId, userId));
      } catch (error) {
        console.error('Reading attempts kept on this device failed', error);
      }
    },
    [challengeId],
  );

  // Also before (or without) joining: an attempt saved without its video is offered from every
  // screen, the closed and the already-submitted ones too (the database attaches a late video for
  // days after the row).
  useEffect(() => {
    if (ownerId) void refresh(ownerId);
  }, [ownerId, refresh]);

  /** Keeps a finished attempt; private windows may refuse IndexedDB (it stays in memory). */
  const keep = useCallback(async (pending: PendingAttempt) => {
    try {
      await savePendingAttempt(pending);
    } catch (error) {
      console.warn('Keeping the attempt on this device failed', error);
    }
  }, []);

  const discard = useCallback(
    async (pending: PendingAttempt) => {
      await removePendingAttempt(pending.attempt.id).catch((error: unknown) => console.warn(error));
      if (ownerId) await refresh(ownerId);
    },
    [ownerId, refresh],
  );

  return {
    pendingList,
    /** An attempt saved without its video, whose video is still to send. */
    videoToResend: pendingList.find((pending) => pending.recordingId !== null) ?? null,
    refresh,
    keep,
    discard,
  };
}
