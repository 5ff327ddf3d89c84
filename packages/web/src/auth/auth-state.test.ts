import type { Session, User } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '../data/profiles/profiles';
import {
  type AuthState,
  authReducer,
  INITIAL_AUTH_STATE,
  isAdmin,
  reactionToAuthEvent,
} from './auth-state';
import { AuthStore, type AuthStoreDeps } from './auth-store';

const user = (id = 'u1', email = 'a@example.test') => ({ id, email }) as User;
const session = (who: User) => ({ user: who, access_token: 't' }) as Session;
const profile = (id = 'u1', isAdminFlag = false) =>
  ({ id, is_admin: isAdminFlag, goals: [], age: 30 }) as unknown as UserProfile;

describe('reactionToAuthEvent (spec 01 §4)', () => {
  it.each([
    ['SIGNED_IN', 'load_profile_and_set_user'],
    ['SIGNED_OUT', 'clear_user_and_profile'],
    ['TOKEN_REFRESHED', 'update_user'],
    ['INITIAL_SESSION', 'ignore'],
    ['USER_UPDATED', 'ignore'],
    ['PASSWORD_RECOVERY', 'ignore'],
    ['MFA_CHALLENGE_VERIFIED', 'ignore'],
  ])('%s: %s', (event, reaction) => {
    expect(reactionToAuthEvent(event)).toBe(reaction);
  });
});

describe('authReducer', () => {
  const signedIn: AuthState = {
    user: user(),
    profile: profile(),
    loading: false,
    initialized: true,
  };

  it('starts loading and not initialized', () => {
    expect(INITIAL_AUTH_STATE).toEqual({
      user: null,
      profile: null,
      loading: true,
      initialized: false,
    });
  });
  it('reading the session ends loading, with or without a user', () => {
    expect(
      authReducer(INITIAL_AUTH_STATE, { type: 'session_read', user: user(), profile: profile() }),
    ).toEqual(signedIn);
    expect(
      authReducer(INITIAL_AUTH_STATE, { type: 'session_read', user: null, profile: null }),
    ).toEqual({
      user: null,
      profile: null,
      loading: false,
      initialized: true,
    });
  });
  it('any error at start means signed out', () => {
    expect(authReducer(INITIAL_AUTH_STATE, { type: 'session_read_failed' })).toEqual({
      user: null,
      profile: null,
      loading: false,
      initialized: true,
    });
  });
  it('TOKEN_REFRESHED replaces the user and keeps the profile', () => {
    const refreshed = user('u1', 'new@example.test');
    const next = authReducer(signedIn, { type: 'token_refreshed', user: refreshed });
    expect(next.user).toBe(refreshed);
    expect(next.profile).toBe(signedIn.profile);
  });
  it('SIGNED_OUT clears user and profile', () => {
    expect(authReducer(signedIn, { type: 'signed_out' })).toMatchObject({
      user: null,
      profile: null,
    });
  });
  it('a failed handler leaves the user set and the profile empty', () => {
    expect(authReducer(signedIn, { type: 'handler_failed', user: user('u2') })).toMatchObject({
      user: { id: 'u2' },
      profile: null,
    });
  });
  it('isAdmin reads is_admin of the profile only', () => {
    expect(isAdmin({ profile: profile('u1', true) })).toBe(true);
    expect(isAdmin({ profile: profile('u1', false) })).toBe(false);
    expect(isAdmin({ profile: null })).toBe(false);
  });
});

type Listener = Parameters<AuthStoreDeps['subscribe']>[0];

function fakeDeps(overrides: Partial<AuthStoreDeps> = {}) {
  let listener: Listener | undefined;
  const deps: AuthStoreDeps = {
    readSession: vi.fn(async () => null),
    subscribe: vi.fn((next: Listener) => {
      listener = next;
      return () => {
        listener = undefined;
      };
    }),
    loadProfile: vi.fn(async (id: string) => profile(id)),
    writeProfile: vi.fn(async () => undefined),
    defer: (task) => task(),
    ...overrides,
  };
  const emit = (event: string, current: Session | null) => listener!(event, current);
  return { deps, emit, isSubscribed: () => listener !== undefined };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('AuthStore', () => {
  it('with a stored session: loads the profile, then loading=false and initialized=true', async () => {
    const { deps } = fakeDeps({ readSession: vi.fn(async () => session(user())) });
    const store = new AuthStore(deps);
    store.start();
    expect(store.getState()).toMatchObject({ loading: true, initialized: false });
    await settle();
    expect(store.getState()).toMatchObject({
      user: { id: 'u1' },
      profile: { id: 'u1' },
      loading: false,
      initialized: true,
    });
    expect(deps.loadProfile).toHaveBeenCalledWith('u1');
  });

  it('an error reading the session leaves the app signed out', async () => {
    const { deps } = fakeDeps({
      readSession: vi.fn(async () => Promise.reject(new Error('storage'))),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = new AuthStore(deps);
    store.start();
    await settle();
    expect(store.getState()).toEqual({
      user: null,
      profile: null,
      loading: false,
      initialized: true,
    });
  });

  it('handles SIGNED_IN, TOKEN_REFRESHED and SIGNED_OUT, and ignores every other event', async () => {
    const { deps, emit } = fakeDeps();
    const store = new AuthStore(deps);
    const stop = store.start();
    await settle();

    emit('INITIAL_SESSION', session(user('ignored')));
    emit('USER_UPDATED', session(user('ignored')));
    emit('PASSWORD_RECOVERY', session(user('ignored')));
    await settle();
    expect(store.getState().user).toBeNull();
    expect(deps.loadProfile).not.toHaveBeenCalled();

    emit('SIGNED_IN', session(user('u1')));
    await settle();
    expect(store.getState()).toMatchObject({ user: { id: 'u1' }, profile: { id: 'u1' } });

    const profileBefore = store.getState().profile;
    emit('TOKEN_REFRESHED', session(user('u1', 'changed@example.test')));
    await settle();
    expect(store.getState().user?.email).toBe('changed@example.test');
    expect(store.getState().profile).toBe(profileBefore);
    expect(deps.loadProfile).toHaveBeenCalledTimes(1);

    emit('SIGNED_OUT', null);
    await settle();
    expect(store.getState()).toMatchObject({ user: null, profile: null });
    stop();
  });

  it('an error in the SIGNED_IN handler keeps the user and leaves the profile empty', async () => {
    const { deps, emit } = fakeDeps({
      loadProfile: vi.fn(async () => Promise.reject(new Error('db down'))),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = new AuthStore(deps);
    store.start();
    await settle();
    emit('SIGNED_IN', session(user('u9')));
    await settle();
    expect(store.getState()).toMatchObject({ user: { id: 'u9' }, profile: null });
  });

  it('runs event handlers through defer (supabase-js deadlocks on awaited calls inside them)', async () => {
    const deferred: (() => void)[] = [];
    const { deps, emit } = fakeDeps({ defer: (task) => deferred.push(task) });
    const store = new AuthStore(deps);
    store.start();
    await settle();
    emit('SIGNED_IN', session(user()));
    expect(deps.loadProfile).not.toHaveBeenCalled();
    deferred.shift()!();
    await settle();
    expect(store.getState().user?.id).toBe('u1');
  });

  it('a screen waiting on a sign-in and the SIGNED_IN event share one profile load', async () => {
    const { deps, emit } = fakeDeps();
    const store = new AuthStore(deps);
    store.start();
    await settle();
    const waiting = store.signedIn(user());
    emit('SIGNED_IN', session(user()));
    await waiting;
    await settle();
    expect(deps.loadProfile).toHaveBeenCalledTimes(1);
  });

  it("updateProfile without a signed-in user fails with 'No user logged in'", async () => {
    const { deps } = fakeDeps();
    const store = new AuthStore(deps);
    store.start();
    await settle();
    const { error } = await store.updateProfile({ age: 20 });
    expect(error?.message).toBe('No user logged in');
    expect(deps.writeProfile).not.toHaveBeenCalled();
  });

  it('updateProfile writes the partial body for the user, then reloads the profile', async () => {
    const { deps } = fakeDeps({ readSession: vi.fn(async () => session(user())) });
    const store = new AuthStore(deps);
    store.start();
    await settle();
    vi.mocked(deps.loadProfile).mockResolvedValueOnce({ ...profile(), age: 44 });
    expect(await store.updateProfile({ age: 44 })).toEqual({ error: null });
    expect(deps.writeProfile).toHaveBeenCalledWith('u1', { age: 44 });
    expect(store.getState().profile?.age).toBe(44);
  });

  it('updateProfile answers the write error', async () => {
    const { deps } = fakeDeps({
      readSession: vi.fn(async () => session(user())),
      writeProfile: vi.fn(async () => Promise.reject(new Error('23514'))),
    });
    const store = new AuthStore(deps);
    store.start();
    await settle();
    expect((await store.updateProfile({ age: 400 })).error?.message).toBe('23514');
  });
});
