import type { ReactNode } from 'react';

// "Report" beside a ride, its organiser, each passenger and a ride request (issue 26): the
// moderation feature's button and dialog, which the app puts here, for signed-in members and
// never on their own ride, request or name.
export interface ReportTarget {
  kind: 'ride' | 'member' | 'ride_request';
  id: number;
  label: string;
  // Shorter words on screen where the context names the target (a passenger's row); the label
  // stays the button's accessible name and the dialog's title.
  text?: ReactNode;
}
export type ReportSlot = (target: ReportTarget) => ReactNode;
