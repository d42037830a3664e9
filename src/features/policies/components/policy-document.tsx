import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { intlLocale } from '../../../lib/i18n/i18n';

// A version ('2026-11-27', _shared/policies.ts) as the member's language writes a date.
function versionDate(version: string): string {
  return new Intl.DateTimeFormat(intlLocale(), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${version}T00:00:00Z`));
}

// The frame both documents share: title, the version they are at, and their sections. Static
// text only, so the page reads the same from the service worker's precache with no signal.
export function PolicyDocument({ title, version, children }: { title: string; version: string; children: ReactNode }) {
  const date = versionDate(version);
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 break-words" aria-labelledby="policy-title">
      <header className="flex flex-col gap-1">
        <h1 id="policy-title" className="text-2xl font-bold">
          {title}
        </h1>
        <p className="text-sm opacity-80">
          <Trans>
            Version of <time dateTime={version}>{date}</time>
          </Trans>
        </p>
      </header>
      {children}
    </article>
  );
}

export function PolicySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export function PolicyList({ children }: { children: ReactNode }) {
  return <ul className="flex list-disc flex-col gap-2 pl-5">{children}</ul>;
}
