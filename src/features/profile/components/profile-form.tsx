import { type ProfileInput, profileSchema } from '@shared/schemas/auth.ts';
import { toE164, toMalaysianE164 } from '@shared/phone.ts';
import { Form, SubmitButton, TextField } from '../../../components/form';
import type { User } from '../../../lib/auth';
import { phoneSavedAs } from '../../../lib/format';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';

// The username is shown in the form but is not part of the schema, so zod drops it and the
// API (which refuses a username change) never receives it.
type ProfileValues = ProfileInput & { discordUsername: string };

export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile(user.id);

  const onSubmit = (values: ProfileValues) =>
    update.mutate(
      {
        name: values.name,
        whatsappNumber: values.whatsappNumber,
        malaysianNumber: values.malaysianNumber,
        revolutUsername: values.revolutUsername,
      },
      {
        onSuccess: () => toastSuccess('Your profile has been updated'),
        onError: (error) => toastError(`Failed to update profile: ${errorMessage(error)}`),
      },
    );

  return (
    <section aria-labelledby="profile-title" className="card bg-base-200">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id="profile-title" className="card-title">
          Your details
        </h2>
        <p className="text-sm opacity-80">Passengers and organizers use these to reach you and to pay you.</p>
        <Form<ProfileValues>
          schema={profileSchema}
          ariaLabel="Profile"
          defaultValues={{
            discordUsername: user.discordUsername,
            name: user.name ?? '',
            whatsappNumber: user.whatsappNumber ?? '',
            malaysianNumber: user.malaysianNumber ?? '',
            revolutUsername: user.revolutUsername ?? '',
          }}
          onSubmit={onSubmit}
        >
          {(form) => (
            <>
              <TextField<ProfileValues>
                name="discordUsername"
                label="Discord username"
                readOnly
                hint="Your Discord username cannot be changed."
              />
              <TextField<ProfileValues> name="name" label="Full name" autoComplete="name" />
              <TextField<ProfileValues>
                name="whatsappNumber"
                label="WhatsApp number"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="+65 9123 4567"
                hint={`Singapore number such as +65 9123 4567 (8 digits are read as +65), or + and the country code.${phoneSavedAs(form.watch('whatsappNumber'), toE164)}`}
              />
              <TextField<ProfileValues>
                name="malaysianNumber"
                label="Malaysian number"
                type="tel"
                inputMode="tel"
                placeholder="+60 12 345 6789"
                hint={`Malaysian number such as +60 12 345 6789 (012-345 6789 works too).${phoneSavedAs(form.watch('malaysianNumber'), toMalaysianE164)}`}
              />
              <TextField<ProfileValues>
                name="revolutUsername"
                label="Revolut username"
                hint="Passengers pay their share through Revolut."
              />
              <SubmitButton pending={update.isPending} idleText="Save Profile" pendingText="Saving..." />
            </>
          )}
        </Form>
      </div>
    </section>
  );
}
