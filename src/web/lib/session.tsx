import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { Profile } from '#shared/contract/auth';
import { getToken, setToken } from './api-client';
import { requestToken } from './login-request';
import { clearOfflineData } from './offline';
import { fetchProfile } from './profile';
import { notifyAccountChange, onUnauthorized } from './session-events';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface Session {
  user: Profile | null;
  status: SessionStatus;
  /** True after the person pressed Logout (until the next sign-in): guards then send them to /login. */
  loggedOut: boolean;
  login(username: string, password: string): Promise<Profile>;
  logout(): void;
}

const SessionContext = createContext<Session | null>(null);

/** Token in localStorage, profile fetched at start and after login (docs/product/portals.md#signing-in). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<Profile | null>(null);
  const [status, setStatus] = useState<SessionStatus>(() => (getToken() ? 'loading' : 'anonymous'));
  const [loggedOut, setLoggedOut] = useState(false);

  useEffect(() => {
    if (!getToken()) return;
    const controller = new AbortController();
    fetchProfile(controller.signal)
      .then((profile) => {
        setUser(profile);
        setStatus('authenticated');
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Stored session is no longer valid', err);
        setToken(null);
        setUser(null);
        setStatus('anonymous');
      });
    return () => controller.abort();
  }, []);

  const endSession = useCallback(() => {
    setToken(null);
    setUser(null);
    setStatus('anonymous');
    notifyAccountChange();
  }, []);

  const logout = useCallback(() => {
    setLoggedOut(true);
    clearOfflineData();
    endSession();
  }, [endSession]);

  // An expired token is not a logout: the guard sends the person to their portal's sign-in page.
  useEffect(() => onUnauthorized(endSession), [endSession]);

  const login = useCallback(async (username: string, password: string) => {
    const { access_token } = await requestToken(username, password);
    setToken(access_token);
    try {
      const profile = await fetchProfile();
      // Another account may have been cached in this tab.
      notifyAccountChange();
      setUser(profile);
      setStatus('authenticated');
      setLoggedOut(false);
      return profile;
    } catch (err) {
      setToken(null);
      throw err;
    }
  }, []);

  const value = useMemo<Session>(
    () => ({ user, status, loggedOut, login, logout }),
    [user, status, loggedOut, login, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
