import type { Passenger, Ride, RideListItem } from '@shared/types/ride.ts';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

import type { User } from '../../../lib/auth';
import type { JoinFormValues } from '../../../lib/join-form-schema';
import type { MemberSlot } from '../../../lib/member-slot';
import type { ReportSlot } from '../../../lib/report-slot';

// What a ride's pages show of other features, handed in by src/app (features do not import each
// other, ADR 0007): each slot draws that feature's part for this ride, or nothing when left out.

// Issue 14 §2: the border checklist, shown to the people travelling on an upcoming ride.
export type BorderChecklistSlot = (
  ride: Ride,
  traveller: { user: User; passengers: Passenger[] | undefined },
) => ReactNode;

// The ride's conversation (issue 25), for the people in it: its organiser, everyone aboard and
// the assigned vendor. The api refuses anyone else; the tab is not offered to them.
export type ChatSlot = (ride: Ride, member: { user: User }) => ReactNode;
// For the same people: the Chat tab's label (with its unread count) and the organiser's pinned
// announcement on the details.
export type ChatLabelSlot = (ride: Ride, label: string) => ReactNode;
export type ChatAnnouncementSlot = (ride: Ride) => ReactNode;

// Issue 21: a visitor on a shared link joins with a new account in the same form (one submit
// registers, then joins). The account's fields, rules and call belong to the auth feature.
export interface NewMemberSlot {
  schema: z.ZodObject;
  fields: ReactNode;
  // Makes the account without signing it in here: the new member, or null once a refusal was told.
  register(account: Record<string, unknown>): Promise<User | null>;
}

// Paying the organiser (issue 13): the passenger's own share, or the organiser's totals.
export type PaymentSlot = (ride: Ride, traveller: { user: User; passengers: Passenger[] }) => ReactNode;

// Issue 13: a full ride (or one with fewer spots than the party) offers its queue to a member not
// on it; its organiser sees who waits.
export type WaitlistSlot = (ride: Ride, viewer: { organiser: boolean }) => ReactNode;

// Issue 27: on a date of a weekly series, the series and its next dates; beside "Join Ride",
// the same party and stop for every date (checked by the same form first).
export type SeriesSlot = (
  ride: Ride,
  seriesId: number,
  member: { user: User | null; passengers: Passenger[] | undefined },
) => ReactNode;
export type JoinEveryDateSlot = (
  seriesId: number,
  form: UseFormReturn<JoinFormValues>,
  onJoined?: () => void,
) => ReactNode;

// Issue 26 §2: the offer of the ride to a passenger (the organiser's button beside each), and
// the banner the passenger offered answers it in.
export type HandoverButtonSlot = (ride: Ride, passenger: Passenger) => ReactNode;
export type HandoverBannerSlot = (ride: Ride, passenger: { user: User; enabled: boolean }) => ReactNode;

// Who drives an assigned ride, for the people on it; its vendor or organiser may release it.
export type VendorSlot = (ride: Ride, releaseAs: 'vendor' | 'organizer' | null) => ReactNode;

// Issue 27: a passenger follows the organiser they rode with.
export type FollowSlot = (organiser: { id: number; name: string }) => ReactNode;

// The ride as a calendar file, for its organiser and passengers.
export type CalendarSlot = (ride: Ride) => ReactNode;

// The recommended driver the organiser booked, for the people on the ride; the organiser's
// reminder of what organising takes, with the recommended drivers.
export type BookedDriverSlot = (ride: Ride) => ReactNode;
export type OrganiserDriversSlot = () => ReactNode;

// The passengers as the rides feature reads them, for a part that shows them too.
export interface PassengersRead {
  data: Passenger[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
}

// The stop order (ADR 0002, 0040): the organiser's drop-off order, or an SG->FC ride's pickups
// and times, set by its organiser or its driver.
export type StopOrderSlot = (ride: Ride, options: { passengers: PassengersRead; asDriver?: boolean }) => ReactNode;

// Issue 40 §1: the ride's day (the car's steps, each passenger's), above the tabs for the people
// on the ride. A passenger's "Not coming" is this page's Leave Ride: `leave` asks and leaves,
// null for a member who is not a passenger.
export type TodaySlot = (ride: Ride, member: { user: User; leave: (() => void) | null }) => ReactNode;

// Home's and My Rides': given the member's own rides, those on their day, at the top (or nothing).
export type TodayRidesSlot = (rides: RideListItem[]) => ReactNode;

export interface RidePageSlots {
  today?: TodaySlot;
  borderChecklist?: BorderChecklistSlot;
  newMember?: NewMemberSlot;
  chat?: ChatSlot;
  chatLabel?: ChatLabelSlot;
  chatAnnouncement?: ChatAnnouncementSlot;
  report?: ReportSlot;
  member?: MemberSlot;
  payment?: PaymentSlot;
  waitlist?: WaitlistSlot;
  series?: SeriesSlot;
  joinEveryDate?: JoinEveryDateSlot;
  handoverBanner?: HandoverBannerSlot;
  handover?: HandoverButtonSlot;
  vendor?: VendorSlot;
  follow?: FollowSlot;
  calendar?: CalendarSlot;
  bookedDriver?: BookedDriverSlot;
  organiserDrivers?: OrganiserDriversSlot;
  stopOrder?: StopOrderSlot;
}
