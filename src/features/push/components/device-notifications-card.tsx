import { Trans, useLingui } from '@lingui/react/macro';
import type { NotificationKind } from '@shared/types/notification.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { QueryState } from '../../../components/query-state';
import { useUser } from '../../../lib/auth';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { useDeletePushSubscription } from '../api/delete-push-subscription';
import { pushKeyQueryOptions } from '../api/get-push-key';
import { usePushSubscription } from '../api/get-push-subscription';
import { useSavePushSubscription } from '../api/save-push-subscription';
import {
  currentDeviceSubscription,
  notificationPermission,
  offeredPushKinds,
  PUSH_KIND_LABELS,
  pushSupport,
  subscribeDevice,
  subscriptionJson,
} from '../device-push';
import { pushKeys } from '../query-keys';

function sameKinds(a: readonly NotificationKind[], b: readonly NotificationKind[]): boolean {
  return a.length === b.length && a.every((kind) => b.includes(kind));
}

// "Notifications on this device" on the profile: which events this browser shows as Web Push.
// The inbox (the bell) has every event whatever is chosen here.
export function DeviceNotificationsCard() {
  const { t } = useLingui();
  const [support] = useState(pushSupport);
  const [permission, setPermission] = useState(notificationPermission);
  const queryClient = useQueryClient();
  const device = useQuery({
    queryKey: pushKeys.device(),
    // Plain JSON, not the live PushSubscription: the query cache is saved to IndexedDB.
    queryFn: async () => {
      const subscription = await currentDeviceSubscription();
      return subscription ? subscriptionJson(subscription) : null;
    },
    enabled: support === 'supported',
  });
  const endpoint = device.data?.endpoint ?? null;
  const server = usePushSubscription(endpoint);
  const save = useSavePushSubscription();
  const remove = useDeletePushSubscription();
  const [working, setWorking] = useState(false);
  // Null: the checkboxes show what the server keeps (or every kind before the first enable).
  const [chosen, setChosen] = useState<NotificationKind[] | null>(null);

  const offered = offeredPushKinds(useUser().data?.isVendor === true);
  const subscribed = endpoint !== null && server.data?.subscribed === true;
  const savedKinds = subscribed ? server.data!.kinds : offered;
  const kinds = chosen ?? savedKinds;
  const busy = working || save.isPending || remove.isPending;

  const toggle = (kind: NotificationKind, on: boolean) =>
    setChosen(on ? [...new Set([...kinds, kind])] : kinds.filter((item) => item !== kind));

  async function enable() {
    setWorking(true);
    try {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer !== 'granted') return;
      const { publicKey } = await queryClient.fetchQuery(pushKeyQueryOptions());
      const subscription = await subscribeDevice(publicKey);
      await save.mutateAsync({ ...subscriptionJson(subscription), kinds });
      setChosen(null);
      toastSuccess(t`Notifications are on for this device`);
    } catch (error) {
      toastError(t`Could not turn notifications on`, errorMessage(error));
    } finally {
      setWorking(false);
    }
  }

  async function saveChoices() {
    if (!device.data) return;
    try {
      await save.mutateAsync({ ...device.data, kinds });
      setChosen(null);
      toastSuccess(t`Saved: this device tells you about what you ticked`);
    } catch (error) {
      toastError(t`Could not save your choices`, errorMessage(error));
    }
  }

  async function disable() {
    if (!device.data || endpoint === null) return;
    setWorking(true);
    try {
      await remove.mutateAsync(endpoint);
      await (await currentDeviceSubscription())?.unsubscribe();
      await queryClient.invalidateQueries({ queryKey: pushKeys.device() });
      setChosen(null);
      toastSuccess(t`Notifications are off for this device`);
    } catch (error) {
      toastError(t`Could not turn notifications off`, errorMessage(error));
    } finally {
      setWorking(false);
    }
  }

  let body;
  if (support === 'install-first') {
    body = (
      <div role="status" className="alert alert-info flex-col items-start">
        <p>
          <Trans>Install the app to get notifications on this phone; the inbox works anyway.</Trans>
        </p>
        <p className="text-sm">
          <Trans>In Safari: Share → Add to Home Screen, then open FC RideShare from your Home Screen.</Trans>
        </p>
      </div>
    );
  } else if (support === 'unsupported') {
    body = (
      <p role="status" className="alert">
        <Trans>This browser cannot show notifications from the app; the inbox works anyway.</Trans>
      </p>
    );
  } else if (device.isPending || (endpoint !== null && server.isPending)) {
    body = <QueryState loading={t`Checking this device…`} className="py-4" />;
  } else if (device.isError || server.isError) {
    const reason = errorMessage(device.error ?? server.error);
    body = (
      <QueryState
        error={<Trans>Could not check this device: {reason}</Trans>}
        onRetry={() => (device.isError ? device.refetch() : server.refetch())}
      />
    );
  } else {
    const denied = permission === 'denied' && !subscribed;
    body = (
      <>
        <p className="text-sm" aria-live="polite">
          {subscribed ? t`On for this device.` : t`Off for this device.`}
        </p>
        {denied ? (
          <p role="alert" className="alert alert-warning">
            <Trans>
              Notifications are blocked for this site. Allow them in your browser&apos;s site settings, then come back
              here; the inbox works anyway.
            </Trans>
          </p>
        ) : null}
        <fieldset className="fieldset" disabled={busy}>
          <legend className="fieldset-legend">
            <Trans>Tell me when</Trans>
          </legend>
          {offered.map((kind) => (
            <label key={kind} className="label min-h-11 cursor-pointer gap-3 whitespace-normal text-base-content">
              <input
                type="checkbox"
                className="checkbox checkbox-primary"
                checked={kinds.includes(kind)}
                onChange={(event) => toggle(kind, event.target.checked)}
              />
              <span>{t(PUSH_KIND_LABELS[kind])}</span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-3">
          {subscribed ? (
            <>
              <button
                type="button"
                className="btn btn-primary min-h-11"
                disabled={busy || sameKinds(kinds, savedKinds)}
                onClick={() => void saveChoices()}
              >
                <Trans>Save choices</Trans>
              </button>
              <button type="button" className="btn btn-outline min-h-11" disabled={busy} onClick={() => void disable()}>
                {working ? t`Turning off…` : t`Disable notifications`}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn btn-primary min-h-11"
              disabled={busy || denied || kinds.length === 0}
              onClick={() => void enable()}
            >
              {working ? t`Turning on…` : t`Enable notifications`}
            </button>
          )}
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby="device-notifications-title" className="card bg-base-200">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id="device-notifications-title" className="card-title">
          <Trans>Notifications on this device</Trans>
        </h2>
        <p className="text-sm opacity-80">
          <Trans>The inbox (the bell) always has everything. Choose what also pops up on this device.</Trans>
        </p>
        {body}
      </div>
    </section>
  );
}
