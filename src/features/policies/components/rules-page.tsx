import { Trans, useLingui } from '@lingui/react/macro';
import { RULES_VERSION } from '@shared/policies.ts';
import { Link } from 'react-router-dom';

import { useDocumentTitle } from '../../../lib/use-document-title';
import { PolicyDocument, PolicyList, PolicySection } from './policy-document';

// The community rules every member accepts when registering (issue 26 §2). Change the text's
// meaning, move RULES_VERSION: members are then asked to accept the new version.
export function RulesPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Community rules`);
  return (
    <PolicyDocument title={t`Community rules`} version={RULES_VERSION}>
      <p>
        <Trans>FC RideShare works because members can count on each other. Using it, you agree to these rules.</Trans>
      </p>

      <PolicySection title={t`On every trip`}>
        <PolicyList>
          <li>
            <Trans>
              Be on time. If you cannot come, leave the ride in the app or tell the organiser as early as you can.
            </Trans>
          </li>
          <li>
            <Trans>Pay what the app says for your seats, the way the organiser asks, soon after the trip.</Trans>
          </li>
          <li>
            <Trans>
              Organisers: post only rides that will happen, keep their details up to date and cancel early if plans
              change.
            </Trans>
          </li>
          <li>
            <Trans>Carry a valid passport and follow the law at both checkpoints.</Trans>
          </li>
        </PolicyList>
      </PolicySection>

      <PolicySection title={t`With other members`}>
        <PolicyList>
          <li>
            <Trans>
              Be respectful. No harassment, threats, hate or unwanted contact, in the chat or outside it. Use other
              members' numbers only for the trip.
            </Trans>
          </li>
          <li>
            <Trans>No commercial spam: no adverts or sales that are not a ride.</Trans>
          </li>
          <li>
            <Trans>
              Vendors (drivers and transport companies) must hold the licences and permits that cross-border passenger
              transport needs, and drive only approved, insured cars.
            </Trans>
          </li>
        </PolicyList>
      </PolicySection>

      <PolicySection title={t`When something goes wrong`}>
        <p>
          <Trans>
            Report a ride, request, message or member that breaks these rules. Reports go to the admins, who may hide
            posts and suspend members for a while or for good.
          </Trans>
        </p>
      </PolicySection>

      <p>
        <Trans>
          What the app keeps about you is in the{' '}
          <Link to="/privacy" className="link">
            privacy notice
          </Link>
          .
        </Trans>
      </p>
    </PolicyDocument>
  );
}
