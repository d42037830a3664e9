import { z } from 'zod';

import { CURRENT_POLICIES, POLICY_DOCUMENTS } from '../policies.ts';
import { VALIDATION } from '../validation.ts';

// What a member accepts, as the register form's checkbox sends it: the version of each document
// they were shown ({ privacy: '2026-11-27', rules: '2026-11-27' }). Anything but an object (the
// unticked box's false, nothing at all) is no acceptance; an older version is a page opened
// before the document changed, which must be read again before it is accepted.
export const acceptedPoliciesField = z
  .object(
    {
      privacy: z.string({ error: VALIDATION.accept_policies.message }).max(20, VALIDATION.policies_changed.message),
      rules: z.string({ error: VALIDATION.accept_policies.message }).max(20, VALIDATION.policies_changed.message),
    },
    { error: VALIDATION.accept_policies.message },
  )
  .refine(
    (accepted) => POLICY_DOCUMENTS.every((document) => accepted[document] === CURRENT_POLICIES[document]),
    VALIDATION.policies_changed.message,
  );

// POST /api/policies/accept: a member who registered under older versions (or before there were
// any) accepting the current ones.
export const acceptPoliciesSchema = z.object({ acceptedPolicies: acceptedPoliciesField });
export type AcceptPoliciesInput = z.infer<typeof acceptPoliciesSchema>;
