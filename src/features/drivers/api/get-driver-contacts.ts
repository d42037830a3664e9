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

// The guide shows the drivers, and its first render has no zod: the schema's module comes with
// the request (ADR 0048).
const driverContactsAnswer = () =>
  import('@shared/schemas/driver-contacts-response.ts').then((module) => module.driverContactsSchema);

export const getDriverContacts = () => api.get<DriverContact[]>('/api/driver-contacts', driverContactsAnswer);

export const driverContactsQueryOptions = () => queryOptions({ queryKey: driverKeys.all, queryFn: getDriverContacts });

export function useDriverContacts() {
  return useQuery(driverContactsQueryOptions());
}
