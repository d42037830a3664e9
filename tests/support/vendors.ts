// Vendors must be approved by the admin before they take rides (migration
// 20261124000400_vendor_approval.sql). Suites that only need a working vendor approve it the
// way the admin's SQL editor does, so they need no admin account of their own.
import { type Member, registerVendor, type TestApp } from './api-client.ts';
import type { TestDatabase } from './databases.ts';

export const LICENCE_NOTE = 'Checked SSM company profile, cross-border permit for JQA 1234, called the driver';

export async function approveVendor(suite: { db: TestDatabase }, userId: number, note = LICENCE_NOTE): Promise<void> {
  const rows = await suite.db.database.transaction((tx) =>
    tx.query('select admin.approve_vendor(discord_username, $2::text) from public.users where id = $1::integer', [
      userId,
      note,
    ]),
  );
  if (rows.length !== 1) throw new Error(`no user ${userId} to approve as a vendor`);
}

// A vendor who registered and was approved: ready to assign rides.
export async function registerApprovedVendor(suite: { db: TestDatabase; app: TestApp }): Promise<Member> {
  const vendor = await registerVendor(suite.app);
  await approveVendor(suite, vendor.user.id);
  return vendor;
}
