// The record flow's account step (spec 02 §4, §7): sign-up with a random password and metadata,
// the one-time link for an address that has an account, and the participant's gender on their
// profile. Plain functions taking the client; they throw the service's errors.

import type { ParticipantGender } from '../../../data/challenges/challenge-status';
import type { SupabaseClient } from '../../../data/supabase-client';
import { isAlreadyRegistered, randomPassword } from '../logic/registration';

const UNIQUE_VIOLATION = '23505';

export type RegistrationOutcome = { kind: 'signed-in'; userId: string } | { kind: 'link-sent' };

/** Creates the account and signs in at once; an address that has an account gets a one-time link
 * back to `returnUrl` instead (the 'already registered' / 422 path). */
export async function registerParticipant(
  client: SupabaseClient,
  input: {
    email: string;
    name: string;
    gender: ParticipantGender;
    challengeId: string;
    returnUrl: string;
  },
): Promise<RegistrationOutcome> {
  const { data, error } = await client.auth.signUp({
    email: input.email,
    password: randomPassword(),
    options: {
      data: { full_name: input.name, challenge_id: input.challengeId, gender: input.gender },
    },
  });
  if (error) {
    if (!isAlreadyRegistered(error)) throw error;
    await sendRecordLink(client, input.email, input.returnUrl);
    return { kind: 'link-sent' };
  }
  // A project that wants addresses confirmed first answers no session: the link signs in.
  if (!data.session || !data.user) {
    await sendRecordLink(client, input.email, input.returnUrl);
    return { kind: 'link-sent' };
  }
  return { kind: 'signed-in', userId: data.user.id };
}

/** A one-time sign-in link that returns to the record page. */
export async function sendRecordLink(
  client: SupabaseClient,
  email: string,
  returnUrl: string,
): Promise<void> {
  const { error } = await client.auth.signInWithOtp({
    email,
    options: { emailRedirectTo: returnUrl, shouldCreateUser: true },
  });
  if (error) throw error;
}

/** The participant's gender on their profile: set it; a missing profile is created, a duplicate
 * (23505) ignored (spec 02 §7). */
export async function saveParticipantGender(
  client: SupabaseClient,
  userId: string,
  email: string,
  gender: ParticipantGender,
): Promise<void> {
  const { data, error } = await client
    .from('user_profiles')
    .update({ gender })
    .eq('id', userId)
    .select('id');
  if (error) throw error;
  if ((data ?? []).length > 0) return;
  const inserted = await client.from('user_profiles').insert({ id: userId, email, gender });
  if (inserted.error && inserted.error.code !== UNIQUE_VIOLATION) throw inserted.error;
}

/** Signs this device out (NEXT USER): the participant's other devices stay signed in. */
export async function signOutHere(client: SupabaseClient): Promise<void> {
  const { error } = await client.auth.signOut({ scope: 'local' });
  if (error) throw error;
}
