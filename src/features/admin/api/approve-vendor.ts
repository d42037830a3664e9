import { vendorApprovedSchema } from '@shared/schemas/admin-response.ts';
import type { ApproveVendorInput } from '@shared/schemas/vendor.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from '../query-keys';

export const approveVendor = ({ userId, ...input }: ApproveVendorInput & { userId: number }) =>
  api.post(`/api/admin/vendors/${userId}/approve`, input, vendorApprovedSchema);

export function useApproveVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveVendor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.vendorApplications() }),
  });
}
