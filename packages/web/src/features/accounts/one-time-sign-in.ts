// What follows a one-time sign-in, by its link (/auth/callback) or by its code: the user is signed
// in, the profile typed at sign-up (kept in this browser meanwhile) is saved, and a toast welcomes
// them. One place, so both ways end the same.

import type { User } from '@supabase/supabase-js';
import type { AuthStore } from '../../auth/auth-store';
import { CALLBACK } from '../../constants/messages';
import { readPendingProfile, removePendingProfile } from '../../data/profiles/pending-profile';
import { errorToast, toast } from '../../toast/toast-store';

export async function completeOneTimeSignIn(store: AuthStore, user: User): Promise<void> {
  await store.signedIn(user);
  const pending = readPendingProfile(window.localStorage);
  if (!pending) {
    toast({ title: CALLBACK.welcomeBackTitle, description: CALLBACK.welcomeBack });
    return;
  }
  const { error } = await store.updateProfile(pending);
  removePendingProfile(window.localStorage);
  if (error) {
    console.error('Saving the pending profile failed', error);
    errorToast(CALLBACK.profileIncomplete, CALLBACK.profileIncompleteTitle);
  } else {
    toast({ title: CALLBACK.welcomeNewTitle, description: CALLBACK.welcomeNew });
  }
}
