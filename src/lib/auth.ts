import type { UserProfile } from '@shared/types/user.ts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, API_IS_SAME_ORIGIN, ApiError, forgetSession } from './api-client';
import { chooseLanguage, currentLanguage } from './i18n/i18n';
import { isLanguage, type Language } from './i18n/languages';
import { clearPersistedCache, withoutSaving } from './query-persister';
import { getSessionToken } from './session-token';

// The shell's calls (who is signed in, the language, signing out) are in every first render, where
// zod is not: their schemas' modules come with the request (ADR 0048).
const ownUserAnswer = () => import('@shared/schemas/auth-response.ts').then((module) => module.ownUserSchema);
const messageAnswer = () => import('@shared/schemas/message-response.ts').then((module) => module.messageAnswerSchema);

export const authKeys = {
  me: ['auth', 'me'] as const,
};

export interface User extends UserProfile {
  isAdmin?: boolean;
}

// Only a vendor the admin approved takes rides (migration 20261124000400): one still waiting,
// or revoked, is offered no assign action that would only lead to the waiting page.
export function canTakeRides(user: Pick<User, 'isVendor' | 'vendorStatus'> | null | undefined): boolean {
  return user?.isVendor === true && user.vendorStatus === 'approved';
}

// A vendor the admin has not approved (still waiting, or withdrawn): the dashboard and Home show
// them where they stand instead of rides they cannot take (issue 37 §4).
export function awaitsVendorApproval(user: Pick<User, 'isVendor' | 'vendorStatus'> | null | undefined): boolean {
  return user?.isVendor === true && user.vendorStatus !== 'approved';
}

// No session to ask about: no bearer token, and (api on this origin) no session hint cookie.
// A visitor's first paint then makes no call that is bound to answer 401.
export function mayHaveSession(): boolean {
  if (getSessionToken()) return true;
  if (!API_IS_SAME_ORIGIN || typeof document === 'undefined') return true;
  return /(?:^|;\s*)fc_signed_in=/.test(document.cookie);
}

// SPEC §7: a 401 on the current-user call means "nobody", not an error.
export async function fetchCurrentUser(): Promise<User | null> {
  if (!mayHaveSession()) return null;
  try {
    return await api.get<User>('/api/auth/me', ownUserAnswer);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

// Everything but the session itself: rides, passengers and stats as one member saw them.
function dropMemberData(queryClient: QueryClient) {
  void clearPersistedCache();
  queryClient.removeQueries({ predicate: isMemberData });
}

function isMemberData(query: { queryKey: readonly unknown[] }): boolean {
  return query.queryKey[0] !== authKeys.me[0];
}

// The member's own name and numbers show on cards, details and passenger lists of every
// feature: after the member changes them, everything but the session is read again.
export function refreshMemberData(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ predicate: isMemberData });
}

// A member's language is kept in their profile too (users.language): when the session loads, or
// they sign in, with one that is not this device's, the app switches to it. An answer read while
// this device was saving a new choice may predate it: it is not followed (languageSaves moves on
// at the start and the end of every save).
let languageSaves = 0;
let languageSaving = 0;

function followProfileLanguage(user: User | null, savesBefore: number): void {
  if (!user?.language || languageSaving > 0 || savesBefore !== languageSaves) return;
  if (isLanguage(user.language) && user.language !== currentLanguage()) void chooseLanguage(user.language);
}

// The member's choice (the menu's picker, the profile), into their profile: other devices follow.
export async function saveProfileLanguage(queryClient: QueryClient, language: Language): Promise<void> {
  const user = queryClient.getQueryData<User | null>(authKeys.me);
  if (!user || user.language === language) return;
  languageSaving += 1;
  languageSaves += 1;
  try {
    const saved = await api.patch<User>(`/api/users/${user.id}`, { language }, ownUserAnswer);
    queryClient.setQueryData(authKeys.me, withoutSessionToken(saved));
  } finally {
    languageSaving -= 1;
    languageSaves += 1;
  }
}

export function useUser() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: authKeys.me,
    // Without a session to ask about, "nobody" is known before any call: the visitor's first
    // paint already holds what depends on it (the promo), instead of it arriving a moment later
    // and pushing the rides down the screen. Dated 0, so a copy restored from the offline cache
    // counts as newer, and the start's refresh (app/app.tsx) reads it again as before.
    initialData: () => (mayHaveSession() ? undefined : null),
    initialDataUpdatedAt: 0,
    queryFn: async () => {
      const savesBefore = languageSaves;
      const user = await fetchCurrentUser();
      followProfileLanguage(user, savesBefore);
      // A session that ended without Logout (expired, or ended by a password change elsewhere)
      // must not leave its member's data on this phone for the next person.
      const previous = queryClient.getQueryData<User | null>(authKeys.me);
      if (previous && previous.id !== user?.id) dropMemberData(queryClient);
      return user;
    },
  });
}

// What goes into the query cache (and from there into offline storage) is the user alone:
// api-client already took a bearer token out of the answer; this makes sure of it.
export function withoutSessionToken(user: User): User {
  if (!('token' in user)) return user;
  const { token: _token, ...rest } = user as User & { token?: unknown };
  return rest;
}

export function useSignedIn() {
  const queryClient = useQueryClient();
  return (user: User) => {
    // What a visitor (or the previous member) saw is not this member's: read everything again.
    replaceSignedInMember(queryClient, withoutSessionToken(user));
    followProfileLanguage(user, languageSaves);
  };
}

// React Router applies navigations as transitions, but a query-cache update renders at once:
// between the two, the protected page being left sees nobody signed in. For this moment after
// Logout it goes home like `leave` does, instead of to /auth as if the session had expired.
const LOGOUT_SETTLE_MS = 1000;
let loggedOutAt = Number.NEGATIVE_INFINITY;
export function justLoggedOut(): boolean {
  return Date.now() - loggedOutAt < LOGOUT_SETTLE_MS;
}

// leave: called first, before the member's data is dropped, so a protected page being left
// does not redirect to /auth on its way out.
export function useLogout(leave?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    // The token is dropped here, not in onSuccess: the screen that asked may be gone by then.
    mutationFn: async () => {
      const answer = await api.post('/api/logout', undefined, messageAnswer);
      forgetSession();
      return answer;
    },
    onSuccess: () => forgetSignedInMember(queryClient, leave),
  });
}

// The session ended on this device (Logout, or the account deleted): leave first (see
// useLogout), then the member's data goes with them.
export function forgetSignedInMember(queryClient: QueryClient, leave?: () => void): void {
  loggedOutAt = Date.now();
  leave?.();
  replaceSignedInMember(queryClient, null);
}

// The saved copy is deleted, and the next save holds only the new session. Saved between the
// two steps, at Logout it held the member without their data: a page loaded then (a tap on
// Login right after Logout) started as them, its first call answered 401 and the form it showed
// was drawn again, empty, under the member's typing.
function replaceSignedInMember(queryClient: QueryClient, user: User | null) {
  void clearPersistedCache();
  withoutSaving(() => {
    queryClient.removeQueries({ predicate: isMemberData });
    queryClient.setQueryData(authKeys.me, user);
  });
}
