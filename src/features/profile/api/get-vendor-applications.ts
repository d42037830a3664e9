import { useQuery } from '@tanstack/react-query';
import type { VendorApplication } from '@shared/types/user.ts';
import { api } from '../../../lib/api-client';
import { profileKeys } from '../query-keys';

export const vendorApplicationsKey = () => [...profileKeys.all, 'vendor-applications'] as const;

export const getVendorApplications = () => api.get<VendorApplication[]>('/api/admin/vendor-applications');

// Only the admin tools card calls this: anyone else would just collect a 403.
export function useVendorApplications() {
  return useQuery({ queryKey: vendorApplicationsKey(), queryFn: getVendorApplications });
}
