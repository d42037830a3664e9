import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

// Official sites open in a new tab so the guide stays where the reader left it; the hidden
// text tells screen reader users that focus is about to move to another tab.
export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noreferrer" className={className}>
      {children}
      <span className="sr-only">
        {' '}
        <Trans>(opens in a new tab)</Trans>
      </span>
    </a>
  );
}
