import { useStats } from '../api/get-stats';

export function StatsCards() {
  const { data, isPending } = useStats();
  const value = (n: number | undefined) => (isPending ? '…' : (n ?? '–'));
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="card bg-base-200 p-4">
        <p className="text-sm">Total Rides</p>
        <p className="text-2xl font-bold">{value(data?.totalRides)}</p>
      </div>
      <div className="card bg-base-200 p-4">
        <p className="text-sm">Total Users</p>
        <p className="text-2xl font-bold">{value(data?.totalUsers)}</p>
      </div>
    </div>
  );
}
