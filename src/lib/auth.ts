import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './api-client';
import { authKeys, rideKeys } from './query-keys';

export interface User {
  id: number;
  discordUsername: string;
  name: string | null;
  whatsappNumber: string | null;
  malaysianNumber: string | null;
  revolutUsername: string | null;
  isVendor: boolean;
  companyName: string | null;
  driverDetails: { name?: string | null; contact?: string | null; carNumber?: string | null } | null;
  isAdmin?: boolean;
}

// SPEC §7: a 401 on the current-user call means "nobody", not an error.
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await api.get<User>('/api/auth/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useUser() {
  return useQuery({ queryKey: authKeys.me, queryFn: fetchCurrentUser });
}

export function useSignedIn() {
  const queryClient = useQueryClient();
  return (user: User) => {
    queryClient.setQueryData(authKeys.me, user);
    // What a visitor saw lacks contacts; read rides again as the member.
    void queryClient.invalidateQueries({ queryKey: rideKeys.all });
  };
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/logout'),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      queryClient.setQueryData(authKeys.me, null);
    },
  });
}
