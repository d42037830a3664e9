import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { fromHere } from '../lib/return-path';

// Every way into /auth says where the visitor was, so logging in or registering brings them back
// to it (a shared ride link survives the detour; issue 21).
export function AuthLink({ className, children }: { className?: string; children: ReactNode }) {
  const location = useLocation();
  return (
    <Link to="/auth" state={fromHere(location)} className={className}>
      {children}
    </Link>
  );
}
