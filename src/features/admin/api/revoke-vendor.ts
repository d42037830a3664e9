import type { VendorApplication } from '@shared/types/user.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { refreshMemberData } from '../../../lib/auth';

export const revokeVendor = (userId: number) =>
  api.post<{ message: string; application: VendorApplication; released: number }>(
    `/api/admin/vendors/${userId}/revoke`,
  );

export function useRevokeVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeVendor,
    // Revoking opens the vendor's upcoming rides again: the applications and every ride shown
    // anywhere are read again.
    onSuccess: () => refreshMemberData(queryClient),
  });
}
