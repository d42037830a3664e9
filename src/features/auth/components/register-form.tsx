import { Trans, useLingui } from '@lingui/react/macro';
import { toE164, toMalaysianE164 } from '@shared/phone.ts';
import { type RegisterInput, registerSchema } from '@shared/schemas/auth.ts';

import { Form, SubmitButton, TextField } from '../../../components/form';
import { phoneSavedAs } from '../../../lib/format';
import { toastRegistrationFailed, useRegister } from '../api/register';
import { AcceptPoliciesField } from './accept-policies-field';
import { NewAccountFields } from './new-account-fields';

type RegisterValues = RegisterInput;

export function RegisterForm() {
  const { t } = useLingui();
  const register = useRegister();
  const onSubmit = (values: RegisterValues) => register.mutate(values, { onError: toastRegistrationFailed });

  return (
    <Form<RegisterValues>
      schema={registerSchema}
      onSubmit={onSubmit}
      ariaLabel={t`Register`}
      defaultValues={{ isVendor: false } as RegisterValues}
    >
      {(form) => {
        const isVendor = form.watch('isVendor');
        return (
          <>
            <NewAccountFields />
            <TextField<RegisterValues> name="name" label={t`Full name (optional)`} autoComplete="name" />
            <TextField<RegisterValues>
              name="whatsappNumber"
              label={t`WhatsApp number (optional)`}
              type="tel"
              inputMode="tel"
              placeholder="+65 9123 4567"
              hint={`${t`Singapore number such as +65 9123 4567 (8 digits are read as +65), or + and the country code.`}${phoneSavedAs(form.watch('whatsappNumber'), toE164)}`}
            />
            <TextField<RegisterValues>
              name="malaysianNumber"
              label={t`Malaysian number (optional)`}
              type="tel"
              inputMode="tel"
              placeholder="+60 12 345 6789"
              hint={`${t`Malaysian number such as +60 12 345 6789 (012-345 6789 works too).`}${phoneSavedAs(form.watch('malaysianNumber'), toMalaysianE164)}`}
            />
            <TextField<RegisterValues> name="revolutUsername" label={t`Revolut username (optional)`} />
            <label className="flex min-h-11 cursor-pointer items-center gap-3">
              <input type="checkbox" className="checkbox checkbox-primary" {...form.register('isVendor')} />
              <span>
                <Trans>I am a vendor (driver or transport company)</Trans>
              </span>
            </label>
            {isVendor ? (
              <fieldset className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
                <legend className="px-1 font-semibold">
                  <Trans>Vendor details</Trans>
                </legend>
                <TextField<RegisterValues> name="companyName" label={t`Company name`} autoComplete="organization" />
                <TextField<RegisterValues> name="driverDetails.name" label={t`Driver name`} />
                <TextField<RegisterValues>
                  name="driverDetails.contact"
                  label={t`Driver contact`}
                  type="tel"
                  inputMode="tel"
                />
                <TextField<RegisterValues>
                  name="driverDetails.carNumber"
                  label={t`Car number`}
                  hint={t`Required for border-entry compliance: immigration checks the car plate.`}
                />
              </fieldset>
            ) : null}
            <AcceptPoliciesField />
            <SubmitButton pending={register.isPending} idleText={t`Register`} pendingText={t`Registering...`} />
          </>
        );
      }}
    </Form>
  );
}
