// Runs the auth state machine against the real session: reads the stored session at start,
// follows auth events, and lets screens wait until a sign-in they caused is reflected. Holds the
// state itself so React reads it with useSyncExternalStore and screens can read the latest value
// between renders.

import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { PROFILE } from '../constants/messages';
import type { ProfileUpdate, UserProfile } from '../data/profiles/profiles';
import {
  type AuthAction,
  type AuthState,
  authReducer,
  INITIAL_AUTH_STATE,
  reactionToAuthEvent,
} from './auth-state';

export interface AuthStoreDeps {
  /** The stored session, after a session in the URL (if any) has been taken in. Throws on error. */
  readSession(): Promise<Session | null>;
  /** Answers the function that unsubscribes. */
  subscribe(
    listener: (event: AuthChangeEvent | string, session: Session | null) => void,
  ): () => void;
  /** The user's profile, or null when it is missing or could not be loaded in time. */
  loadProfile(userId: string): Promise<UserProfile | null>;
  /** Writes part of the user's profile. Throws on error. */
  writeProfile(userId: string, update: ProfileUpdate): Promise<void>;
  /** Runs `task` after the auth client has released its lock: supabase-js deadlocks when an
   * event handler awaits another auth call directly. */
  defer(task: () => void): void;
}

export class AuthStore {
  private state: AuthState = INITIAL_AUTH_STATE;
  private readonly listeners = new Set<() => void>();
  /** Profile loads in flight per user id, so an event and a screen waiting on the same sign-in
   * share one request. */
  private readonly signInsInFlight = new Map<string, Promise<void>>();

  constructor(private readonly deps: AuthStoreDeps) {}

  getState = (): AuthState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Reads the stored session and starts following auth events; answers the function that stops. */
  start(): () => void {
    const unsubscribe = this.deps.subscribe((event, session) => {
      const reaction = reactionToAuthEvent(event);
      if (reaction === 'ignore') return;
      this.deps.defer(() => void this.handleEvent(reaction, session));
    });
    void this.readStoredSession();
    return unsubscribe;
  }

  /** Loads the profile of a user who has just signed in and sets both. Screens await it before
   * moving to a page that needs the user. */
  signedIn(user: User): Promise<void> {
    const inFlight = this.signInsInFlight.get(user.id);
    if (inFlight) return inFlight;
    const task = this.deps
      .loadProfile(user.id)
      .then((profile) => this.dispatch({ type: 'signed_in', user, profile }))
      .catch((error: unknown) => {
        console.error('Loading the profile after sign-in failed', error);
        this.dispatch({ type: 'handler_failed', user });
      })
      .finally(() => this.signInsInFlight.delete(user.id));
    this.signInsInFlight.set(user.id, task);
    return task;
  }

  /** Loads the signed-in user's profile again (after an update). */
  async reloadProfile(): Promise<void> {
    const user = this.state.user;
    if (!user) return;
    const profile = await this.deps.loadProfile(user.id);
    if (this.state.user?.id === user.id) this.dispatch({ type: 'profile_loaded', profile });
  }

  /** Saves part of the signed-in user's profile and reloads it. Answers the error, or null
   * (spec 01 §7: "answer is an error or none"); without a signed-in user: 'No user logged in'. */
  async updateProfile(update: ProfileUpdate): Promise<{ error: Error | null }> {
    const user = this.state.user;
    if (!user) return { error: new Error(PROFILE.noUser) };
    try {
      await this.deps.writeProfile(user.id, update);
      await this.reloadProfile();
      return { error: null };
    } catch (error) {
      return { error: error instanceof Error ? error : new Error(String(error)) };
    }
  }

  private async readStoredSession(): Promise<void> {
    try {
      const session = await this.deps.readSession();
      const user = session?.user ?? null;
      const profile = user ? await this.deps.loadProfile(user.id) : null;
      this.dispatch({ type: 'session_read', user, profile });
    } catch (error) {
      console.error('Reading the stored session failed; continuing signed out', error);
      this.dispatch({ type: 'session_read_failed' });
    }
  }

  private async handleEvent(
    reaction: Exclude<ReturnType<typeof reactionToAuthEvent>, 'ignore'>,
    session: Session | null,
  ): Promise<void> {
    const user = session?.user ?? null;
    switch (reaction) {
      case 'clear_user_and_profile':
        this.dispatch({ type: 'signed_out' });
        return;
      case 'update_user':
        if (user) this.dispatch({ type: 'token_refreshed', user });
        return;
      case 'load_profile_and_set_user':
        if (user) await this.signedIn(user);
        return;
    }
  }

  private dispatch(action: AuthAction): void {
    const next = authReducer(this.state, action);
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}
