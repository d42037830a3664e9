import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AlertIcon } from '../../../components/icons';
import { BUS_FARE_RM, BUS_SCHEDULES, type BusScheduleId } from '../bus-schedule';
import { ExternalLink } from './external-link';
import { ScheduleFigure } from './schedule-figure';
import { useDocumentTitle } from '../../../lib/use-document-title';

const REBOARD = 'Board the bus again at the bay with your ticket. If yours has already left, the next one can be an hour away.';

const STEPS: Record<BusScheduleId, ReactNode[]> = {
  'sg-to-fc': [
    'Check the timetable below and plan to be at the stop at least 10 minutes before a departure.',
    <>
      Go to the cross-border bus stop on the Singapore side (the Second Link buses board near Tuas Link MRT station);
      check the operator&apos;s site for the current stop.
    </>,
    `Board and pay about RM ${BUS_FARE_RM}: Touch 'n Go card, contactless bank card, or cash.`,
    'At the Tuas Second Link checkpoint, get off with all your belongings and clear Singapore departure immigration.',
    REBOARD,
    <>
      Cross the bridge to Sultan Abu Bakar CIQ in Malaysia. Get off with your belongings and clear Malaysian immigration
      and customs. If you are a foreign visitor, complete the Malaysia Digital Arrival Card beforehand when it applies to
      you.
    </>,
    'Board the bus again and ride on to Forest City. Get off at the Forest City stop.',
  ],
  'fc-to-sg': [
    'Check the timetable below and be at the Forest City bus stop at least 10 minutes before a departure.',
    `Board and pay about RM ${BUS_FARE_RM}: Touch 'n Go card, contactless bank card, or cash.`,
    'At Sultan Abu Bakar CIQ, get off with all your belongings and clear Malaysian departure immigration.',
    REBOARD,
    <>
      Cross the Second Link bridge to the Tuas Second Link checkpoint. Get off with your belongings and clear Singapore
      immigration and customs. Visitors who are not Singapore citizens or permanent residents submit the SG Arrival Card
      beforehand.
    </>,
    'Board the bus again for the last leg and continue your journey by MRT or taxi from where it stops.',
  ],
};

const RESOURCES = [
  {
    href: 'https://www.causewaylink.com.my',
    label: 'Causeway Link (bus operator)',
    about: 'Current routes, stops, fares and the official timetable.',
  },
  {
    href: 'https://www.ica.gov.sg',
    label: 'Immigration & Checkpoints Authority (Singapore)',
    about: 'Singapore checkpoint rules, travel documents and the SG Arrival Card.',
  },
  {
    href: 'https://www.imi.gov.my',
    label: 'Immigration Department of Malaysia',
    about: 'Entry requirements for Malaysia and the Malaysia Digital Arrival Card.',
  },
];

// Entirely static, so the service worker's precache serves all of it, images included.
export function BusGuidePage() {
  useDocumentTitle('Bus Guide');
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold">Bus Guide</h1>
      <p>
        Crossing between Singapore and Forest City by public bus over the Second Link, step by step. You get off at
        both checkpoints to clear immigration; allow 45-60 minutes for it.
      </p>

      <div className="alert alert-warning items-start" role="note">
        <AlertIcon />
        <div>
          <p className="font-bold">The bus departs only once an hour.</p>
          <p>Missing it costs you an hour. Be early at the stop and go straight back to the bus after each checkpoint.</p>
        </div>
      </div>

      <div className="rounded-box bg-base-200 p-4">
        <p>
          <strong>Cost: about RM {BUS_FARE_RM}</strong> per person each way. Pay with a Touch &apos;n Go card, a contactless
          bank card, or cash (untested).
        </p>
      </div>

      {BUS_SCHEDULES.map((schedule) => (
        <section key={schedule.id} aria-labelledby={`bus-${schedule.id}`} className="flex flex-col gap-4">
          <h2 id={`bus-${schedule.id}`} className="text-xl font-semibold">
            {schedule.from} to {schedule.to}
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
          Official resources
        </h2>
        <ul className="flex flex-col gap-3">
          {RESOURCES.map(({ href, label, about }) => (
            <li key={href}>
              <ExternalLink href={href} className="link link-primary inline-flex min-h-11 items-center font-semibold">
                {label}
              </ExternalLink>
              <p>{about}</p>
            </li>
          ))}
        </ul>
      </section>

      <Link to="/guide" className="btn btn-outline min-h-11 self-start">
        Back to the Travel Guide
      </Link>
    </div>
  );
}
