import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { AlertIcon } from '../../../components/icons';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BUS_FARE_RM, BUS_SCHEDULES, type BusScheduleId } from '../bus-schedule';
import { ROUTE_NAMES } from '../schedule-labels';
import { ExternalLink } from './external-link';
import { ScheduleFigure } from './schedule-figure';

const fare = BUS_FARE_RM;

// Elements, not strings: each <Trans> reads the language when it renders.
const REBOARD = (
  <Trans>
    Board the bus again at the bay with your ticket. If yours has already left, the next one can be an hour away.
  </Trans>
);

const PAY_ON_BOARD = (
  <Trans>Board and pay about RM {fare}: Touch &apos;n Go card, contactless bank card, or cash.</Trans>
);

const STEPS: Record<BusScheduleId, ReactNode[]> = {
  'sg-to-fc': [
    <Trans>Check the timetable below and plan to be at the stop at least 10 minutes before a departure.</Trans>,
    <Trans>
      Go to the cross-border bus stop on the Singapore side (the Second Link buses board near Tuas Link MRT station);
      check the operator&apos;s site for the current stop.
    </Trans>,
    PAY_ON_BOARD,
    <Trans>
      At the Tuas Second Link checkpoint, get off with all your belongings and clear Singapore departure immigration.
    </Trans>,
    REBOARD,
    <Trans>
      Cross the bridge to Sultan Abu Bakar CIQ in Malaysia. Get off with your belongings and clear Malaysian immigration
      and customs. If you are a foreign visitor, complete the Malaysia Digital Arrival Card beforehand when it applies
      to you.
    </Trans>,
    <Trans>Board the bus again and ride on to Forest City. Get off at the Forest City stop.</Trans>,
  ],
  'fc-to-sg': [
    <Trans>Check the timetable below and be at the Forest City bus stop at least 10 minutes before a departure.</Trans>,
    PAY_ON_BOARD,
    <Trans>At Sultan Abu Bakar CIQ, get off with all your belongings and clear Malaysian departure immigration.</Trans>,
    REBOARD,
    <Trans>
      Cross the Second Link bridge to the Tuas Second Link checkpoint. Get off with your belongings and clear Singapore
      immigration and customs. Visitors who are not Singapore citizens or permanent residents submit the SG Arrival Card
      beforehand.
    </Trans>,
    <Trans>Board the bus again for the last leg and continue your journey by MRT or taxi from where it stops.</Trans>,
  ],
};

const RESOURCES: Array<{ href: string; label: MessageDescriptor; about: MessageDescriptor }> = [
  {
    href: 'https://www.causewaylink.com.my',
    label: msg`Causeway Link (bus operator)`,
    about: msg`Current routes, stops, fares and the official timetable.`,
  },
  {
    href: 'https://www.ica.gov.sg',
    label: msg`Immigration & Checkpoints Authority (Singapore)`,
    about: msg`Singapore checkpoint rules, travel documents and the SG Arrival Card.`,
  },
  {
    href: 'https://www.imi.gov.my',
    label: msg`Immigration Department of Malaysia`,
    about: msg`Entry requirements for Malaysia and the Malaysia Digital Arrival Card.`,
  },
];

// Entirely static, so the service worker's precache serves all of it, images included.
export function BusGuidePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Bus Guide`);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold">
        <Trans>Bus Guide</Trans>
      </h1>
      <p>
        <Trans>
          Crossing between Singapore and Forest City by public bus over the Second Link, step by step. You get off at
          both checkpoints to clear immigration; allow 45-60 minutes for it.
        </Trans>
      </p>

      <div className="alert alert-warning items-start" role="note">
        <AlertIcon />
        <div>
          <p className="font-bold">
            <Trans>The bus departs only once an hour.</Trans>
          </p>
          <p>
            <Trans>
              Missing it costs you an hour. Be early at the stop and go straight back to the bus after each checkpoint.
            </Trans>
          </p>
        </div>
      </div>

      <div className="rounded-box bg-base-200 p-4">
        <p>
          <Trans>
            <strong>Cost: about RM {fare}</strong> per person each way. Pay with a Touch &apos;n Go card, a contactless
            bank card, or cash (untested).
          </Trans>
        </p>
      </div>

      {BUS_SCHEDULES.map((schedule) => (
        <section key={schedule.id} aria-labelledby={`bus-${schedule.id}`} className="flex flex-col gap-4">
          <h2 id={`bus-${schedule.id}`} className="text-xl font-semibold">
            {t(ROUTE_NAMES[schedule.id])}
          </h2>
          <ol className="list-decimal space-y-2 pl-6">
            {STEPS[schedule.id].map((step, index) => (
              <li key={index}>{step}</li>
            ))}
          </ol>
          <ScheduleFigure schedule={schedule} />
        </section>
      ))}

      <section aria-labelledby="bus-resources" className="flex flex-col gap-3">
        <h2 id="bus-resources" className="text-xl font-semibold">
          <Trans>Official resources</Trans>
        </h2>
        <ul className="flex flex-col gap-3">
          {RESOURCES.map(({ href, label, about }) => (
            <li key={href}>
              <ExternalLink href={href} className="link link-primary inline-flex min-h-11 items-center font-semibold">
                {t(label)}
              </ExternalLink>
              <p>{t(about)}</p>
            </li>
          ))}
        </ul>
      </section>

      <Link to="/guide" className="btn btn-outline min-h-11 self-start">
        <Trans>Back to the Travel Guide</Trans>
      </Link>
    </div>
  );
}
