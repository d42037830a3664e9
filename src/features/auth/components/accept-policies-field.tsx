import { Trans } from '@lingui/react/macro';
import { CURRENT_POLICIES } from '@shared/policies.ts';
import type { NewAccountInput } from '@shared/schemas/auth.ts';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { Link } from 'react-router-dom';

import { validationText } from '../../../lib/refusal-text';

// The box a new member ticks to accept the privacy notice and the community rules (issue 26 §2).
// Ticked, the field holds the versions this app shows ({ privacy, rules }), which the api keeps;
// unticked, false, which the schema refuses. The documents open in a tab of their own, so what
// the form holds stays as it is.
export function AcceptPoliciesField() {
  const id = useId();
  const { field, fieldState } = useController<NewAccountInput, 'acceptedPolicies'>({ name: 'acceptedPolicies' });
  const message = fieldState.error?.message;
  const error = message ? validationText(message) : undefined;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input
          id={id}
          ref={field.ref}
          type="checkbox"
          className="checkbox checkbox-primary mt-3"
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked ? CURRENT_POLICIES : false)}
          onBlur={field.onBlur}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id} className="min-h-11 cursor-pointer content-center">
          <Trans>
            I have read and accept the{' '}
            <Link to="/privacy" target="_blank" rel="noopener" className="link">
              privacy notice
            </Link>{' '}
            and the{' '}
            <Link to="/rules" target="_blank" rel="noopener" className="link">
              community rules
            </Link>
            .
          </Trans>
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
