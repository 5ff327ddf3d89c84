import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { PROFILE_QUERY_TIMEOUT_MS } from '../constants/limits';
import { getCurrentSession, subscribeToAuthChanges } from '../data/auth/auth';
import { loadProfile, ProfileTimeoutError, updateProfile } from '../data/profiles/profiles';
import type { SupabaseClient } from '../data/supabase-client';
import { type AuthState, isAdmin } from './auth-state';
import { AuthStore } from './auth-store';

export interface AuthContextValue extends AuthState {
  isAdmin: boolean;
  supabase: SupabaseClient;
  store: AuthStore;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** An error or a timeout yields no profile and the app continues (spec 01 §8). */
async function loadProfileOrNull(client: SupabaseClient, userId: string) {
  try {
    return await loadProfile(client, userId, PROFILE_QUERY_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof ProfileTimeoutError) console.warn(error.message);
    else console.error('Loading the profile failed; continuing without one', error);
    return null;
  }
}

export function createAuthStore(client: SupabaseClient): AuthStore {
  return new AuthStore({
    readSession: () => getCurrentSession(client),
    subscribe: (listener) => subscribeToAuthChanges(client, listener),
    loadProfile: (userId) => loadProfileOrNull(client, userId),
    writeProfile: (userId, update) => updateProfile(client, userId, update),
    defer: (task) => setTimeout(task, 0),
  });
}

export function AuthProvider(props: { supabase: SupabaseClient; children: ReactNode }) {
  const { supabase } = props;
  const store = useMemo(() => createAuthStore(supabase), [supabase]);
  useEffect(() => store.start(), [store]);
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const value = useMemo<AuthContextValue>(
    () => ({ ...state, isAdmin: isAdmin(state), supabase, store }),
    [state, supabase, store],
  );
  return <AuthContext.Provider value={value}>{props.children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth is used outside <AuthProvider>');
  return value;
}
