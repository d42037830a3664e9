import { Trans, useLingui } from '@lingui/react/macro';
import { PRIVACY_VERSION } from '@shared/policies.ts';
import { Link } from 'react-router-dom';

import { useDocumentTitle } from '../../../lib/use-document-title';
import { PolicyDocument, PolicyList, PolicySection } from './policy-document';

// What the app keeps, who sees it, how long and how to have it deleted (issue 26 §2; Singapore's
// PDPA 2012 and Malaysia's PDPA 2010). The periods are the database's own: private.purge_expired
// (supabase/schemas/90_admin.sql), ride requests' own purge (56_ride_requests.sql), the longest
// window of private.throttle_limits (a day), and the session, device and reset-code lifetimes of
// supabase/functions/api/lib. Change one there, change it here, and move PRIVACY_VERSION.
export function PrivacyPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Privacy notice`);
  return (
    <PolicyDocument title={t`Privacy notice`} version={PRIVACY_VERSION}>
      <p>
        <Trans>
          FC RideShare is run by members of the Singapore ⇄ Forest City commuter community. This notice says what the
          app keeps about you, who sees it, for how long, and how you can see or delete it, as Singapore's Personal Data
          Protection Act 2012 and Malaysia's Personal Data Protection Act 2010 ask.
        </Trans>
      </p>

      <PolicySection title={t`What the app keeps`}>
        <PolicyList>
          <li>
            <Trans>
              Your account: Discord username, password (stored scrambled, nobody can read it), name, WhatsApp and
              Malaysian numbers, Revolut username and language; for vendors, the company, driver and car details.
            </Trans>
          </li>
          <li>
            <Trans>
              The rides you organise and join, your drop-off points, your places on waitlists, and the payment marks
              (paid or not) for each trip.
            </Trans>
          </li>
          <li>
            <Trans>The messages you write in a ride's chat.</Trans>
          </li>
          <li>
            <Trans>Your inbox notifications, the ride alerts you set and the ride requests you post.</Trans>
          </li>
          <li>
            <Trans>
              The devices where you turned on push notifications: the address your browser's push service gave, with its
              keys.
            </Trans>
          </li>
          <li>
            <Trans>Your sign-in sessions and the devices you logged in from, as scrambled tokens.</Trans>
          </li>
          <li>
            <Trans>
              Abuse limits: counts of logins, registrations and other actions, with the network (IP) address they came
              from.
            </Trans>
          </li>
          <li>
            <Trans>
              Server logs: one line per request with its time, what was asked, the answer, how long it took and your
              member number. Never passwords, session tokens, phone numbers or what you wrote.
            </Trans>
          </li>
        </PolicyList>
      </PolicySection>

      <PolicySection title={t`Who sees what`}>
        <PolicyList>
          <li>
            <Trans>
              Everyone, even without an account: rides and ride requests, with the display name of the member who posted
              them, the pickup and drop-off areas, times, seats and prices.
            </Trans>
          </li>
          <li>
            <Trans>Logged-in members: who is on a ride, by display name.</Trans>
          </li>
          <li>
            <Trans>
              The people on the same ride (organiser, passengers and the assigned vendor): your phone numbers and
              Revolut username, to arrange the trip and pay, and the ride's chat.
            </Trans>
          </li>
          <li>
            <Trans>
              The admins: everything in the database, to run the app, reset passwords, approve vendors and act on
              reports.
            </Trans>
          </li>
          <li>
            <Trans>
              Nobody else. The app shows no ads and sells nothing. A push notification passes through your browser's
              push service (such as Google or Apple) encrypted: it cannot read it.
            </Trans>
          </li>
        </PolicyList>
      </PolicySection>

      <PolicySection title={t`How long it is kept`}>
        <PolicyList>
          <li>
            <Trans>
              Your account, rides, waitlist places and payment marks: until you delete your account. Past rides then
              keep an anonymous record ("a former member"), so other members' trips and payments still add up.
            </Trans>
          </li>
          <li>
            <Trans>Ride chat messages: 90 days after the ride. You can delete your own messages at any time.</Trans>
          </li>
          <li>
            <Trans>Inbox notifications: 90 days.</Trans>
          </li>
          <li>
            <Trans>Ride alerts: until their last day has passed. Ride requests: 30 days after their time.</Trans>
          </li>
          <li>
            <Trans>Sign-in sessions: 30 days. Remembered devices: 180 days. Password reset codes: 24 hours.</Trans>
          </li>
          <li>
            <Trans>Abuse-limit counts with network addresses: 24 hours.</Trans>
          </li>
          <li>
            <Trans>
              Push devices: until you turn notifications off, your browser stops taking them, or you add more than 10
              devices (the oldest goes).
            </Trans>
          </li>
          <li>
            <Trans>Server logs: as long as the server's operator keeps its logs; they are not in the database.</Trans>
          </li>
        </PolicyList>
        <p className="text-sm opacity-80">
          <Trans>Old rows are removed automatically in small batches, so removal can lag a little behind.</Trans>
        </p>
      </PolicySection>

      <PolicySection title={t`Seeing, correcting and deleting your data`}>
        <PolicyList>
          <li>
            <Trans>
              Correct: on your{' '}
              <Link to="/profile" className="link">
                Profile
              </Link>{' '}
              you can change your name, numbers and Revolut username at any time.
            </Trans>
          </li>
          <li>
            <Trans>
              See: Profile › "Download my data" gives you one file with everything the database holds about you.
            </Trans>
          </li>
          <li>
            <Trans>
              Delete: Profile › "Delete my account" erases your personal data. Upcoming rides you organise are cancelled
              or handed over, and you leave the rides you joined.
            </Trans>
          </li>
          <li>
            <Trans>Questions or other requests: ask the admins on the community's Discord server.</Trans>
          </li>
        </PolicyList>
      </PolicySection>

      <p>
        <Trans>
          When this notice changes, its date above changes and the app asks you to accept the new version. See also the{' '}
          <Link to="/rules" className="link">
            community rules
          </Link>
          .
        </Trans>
      </p>
    </PolicyDocument>
  );
}
