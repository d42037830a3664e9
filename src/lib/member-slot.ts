import type { ReactNode } from 'react';

// What src/app shows beside a member on a ride's pages (issue 26 §1): Block, and with `record`
// their trips and no-shows where the list does not carry them already.
export type MemberSlot = (member: { userId: number; name: string }, options?: { record?: boolean }) => ReactNode;
