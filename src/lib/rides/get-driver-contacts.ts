import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { driverKeys } from '../query-keys';

export interface DriverContact {
  id: number;
  name: string;
  whatsappNumber: string;
  malaysianNumber: string | null;
  vehicleType: string;
  notes: string | null;
  basePriceSgd: number | null;
}

export const getDriverContacts = () => api.get<DriverContact[]>('/api/driver-contacts');

export function useDriverContacts() {
  return useQuery(queryOptions({ queryKey: driverKeys.all, queryFn: getDriverContacts }));
}
