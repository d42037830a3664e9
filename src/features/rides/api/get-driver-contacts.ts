import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';

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
  return useQuery(queryOptions({ queryKey: rideKeys.drivers(), queryFn: getDriverContacts }));
}
