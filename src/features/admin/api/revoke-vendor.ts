import { vendorRevokedSchema } from '@shared/schemas/admin-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { refreshMemberData } from '../../../lib/auth';

export const revokeVendor = (userId: number) =>
  api.post(`/api/admin/vendors/${userId}/revoke`, undefined, vendorRevokedSchema);

export function useRevokeVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeVendor,
    // Revoking opens the vendor's upcoming rides again: the applications and every ride shown
    // anywhere are read again.
    onSuccess: () => refreshMemberData(queryClient),
  });
}
