import { DeviceNotificationsCard } from '../../features/push/components/device-notifications-card';
import { ProfilePage } from '../../features/profile/components/profile-page';

// The profile with the push feature's card for this device.
export function ProfileRoute() {
  return <ProfilePage deviceNotifications={<DeviceNotificationsCard />} />;
}
