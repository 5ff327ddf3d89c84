// The auth state machine of spec 01 §4, without I/O: what each auth event does, and how each
// outcome changes {user, profile, loading, initialized}.

import type { AuthChangeEvent, User } from '@supabase/supabase-js';
import type { UserProfile } from '../data/profiles/profiles';

export interface AuthState {
  user: User | null;
  profile: UserProfile | null;
  /** True until the stored session has been read (and its profile loaded). */
  loading: boolean;
  initialized: boolean;
}

export const INITIAL_AUTH_STATE: AuthState = {
  user: null,
  profile: null,
  loading: true,
  initialized: false,
};

export type AuthAction =
  /** Start: the stored session was read; user is null when there was none. */
  | { type: 'session_read'; user: User | null; profile: UserProfile | null }
  /** Start failed: any error means signed out. */
  | { type: 'session_read_failed' }
  | { type: 'signed_in'; user: User; profile: UserProfile | null }
  | { type: 'signed_out' }
  | { type: 'token_refreshed'; user: User }
  /** A handler threw after the event named this user: keep the user, drop the profile. */
  | { type: 'handler_failed'; user: User }
  | { type: 'profile_loaded'; profile: UserProfile | null };

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'session_read':
      return { user: action.user, profile: action.profile, loading: false, initialized: true };
    case 'session_read_failed':
      return { user: null, profile: null, loading: false, initialized: true };
    case 'signed_in':
      return { ...state, user: action.user, profile: action.profile };
    case 'signed_out':
      return { ...state, user: null, profile: null };
    case 'token_refreshed':
      return { ...state, user: action.user };
    case 'handler_failed':
      return { ...state, user: action.user, profile: null };
    case 'profile_loaded':
      return state.user ? { ...state, profile: action.profile } : state;
  }
}

export type AuthEventReaction =
  | 'load_profile_and_set_user'
  | 'clear_user_and_profile'
  | 'update_user'
  | 'ignore';

/** SIGNED_IN loads the profile and sets the user; SIGNED_OUT clears both; TOKEN_REFRESHED
 * updates the user only; INITIAL_SESSION and every other event are ignored. */
export function reactionToAuthEvent(event: AuthChangeEvent | string): AuthEventReaction {
  switch (event) {
    case 'SIGNED_IN':
      return 'load_profile_and_set_user';
    case 'SIGNED_OUT':
      return 'clear_user_and_profile';
    case 'TOKEN_REFRESHED':
      return 'update_user';
    default:
      return 'ignore';
  }
}

export function isAdmin(state: Pick<AuthState, 'profile'>): boolean {
  return state.profile?.is_admin === true;
}
