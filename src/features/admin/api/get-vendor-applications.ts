import { vendorApplicationsSchema } from '@shared/schemas/admin-response.ts';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from '../query-keys';

export const getVendorApplications = () => api.get('/api/admin/vendor-applications', vendorApplicationsSchema);

// Only the admin tools card calls this: anyone else would just collect a 403.
export function useVendorApplications() {
  return useQuery({ queryKey: adminKeys.vendorApplications(), queryFn: getVendorApplications });
}
