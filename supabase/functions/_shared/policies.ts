// The privacy notice (/privacy) and the community rules (/rules) each carry the date they last
// changed, the one version the pages show, the register form sends and the api stores
// (public.policy_acceptances). Change a date when its document's meaning changes: members who
// accepted the older one are asked once to accept the new one (src/features/policies), and a
// registration that shows the older one is refused until the page is reloaded.
export const PRIVACY_VERSION = '2026-11-27';
export const RULES_VERSION = '2026-11-27';

export const POLICY_DOCUMENTS = ['privacy', 'rules'] as const;
export type PolicyDocument = (typeof POLICY_DOCUMENTS)[number];
export type PolicyVersions = Record<PolicyDocument, string>;

export const CURRENT_POLICIES: PolicyVersions = { privacy: PRIVACY_VERSION, rules: RULES_VERSION };

// Whether a member's newest acceptances ({ privacy, rules }; null for one never accepted) are the
// current documents.
export function acceptedCurrentPolicies(accepted: Record<PolicyDocument, string | null>): boolean {
  return POLICY_DOCUMENTS.every((document) => accepted[document] === CURRENT_POLICIES[document]);
}
