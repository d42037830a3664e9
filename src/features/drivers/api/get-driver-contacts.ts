import { driverContactsSchema } from '@shared/schemas/driver-contacts-response.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { driverKeys } from '../query-keys';

export interface DriverContact {
  id: number;
  name: string;
  whatsappNumber: string;
  malaysianNumber: string | null;
  vehicleType: string;
  notes: string | null;
  basePriceSgd: number | null;
  seats?: number | null;
  // A range when stopPriceMaxSgd is set.
  stopPriceSgd?: number | null;
  stopPriceMaxSgd?: number | null;
  // The notes in the app's other languages; the English notes show where one is missing.
  // Optional: a copy saved before they existed has none.
  translations?: Partial<Record<'zh' | 'ms', { notes?: string } | null>>;
}

export const getDriverContacts = () => api.get<DriverContact[]>('/api/driver-contacts', driverContactsSchema);

export const driverContactsQueryOptions = () => queryOptions({ queryKey: driverKeys.all, queryFn: getDriverContacts });

export function useDriverContacts() {
  return useQuery(driverContactsQueryOptions());
}
