import { Trans, useLingui } from '@lingui/react/macro';
import { toE164, toMalaysianE164 } from '@shared/phone.ts';
import { type ProfileInput, profileSchema } from '@shared/schemas/auth.ts';
import { useId } from 'react';

import { Form, SubmitButton, TextField } from '../../../components/form';
import type { User } from '../../../lib/auth';
import { formatPhoneNumber, phoneSavedAs } from '../../../lib/format';
import { chooseLanguage, currentLanguage } from '../../../lib/i18n/i18n';
import { HTML_LANG, isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../../lib/i18n/languages';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { useSaveLanguage } from '../api/save-language';
import { useUpdateProfile } from '../api/update-profile';
import { PhoneVisibilityChoice } from './phone-visibility-choice';

// The username is shown in the form but is not part of the schema, so zod drops it and the
// API (which refuses a username change) never receives it.
type ProfileValues = ProfileInput & { discordUsername: string };

// The app's language: switched at once on this device, and kept in the profile, so the member's
// other devices switch to it when they sign in. Each name is written in its own language.
function LanguageChoice() {
  const id = useId();
  const saveLanguage = useSaveLanguage();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        className="select w-full"
        value={currentLanguage()}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) return;
          void chooseLanguage(language).then(() => saveLanguage(language));
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={HTML_LANG[language]}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-sm opacity-80">
        <Trans>The app switches at once; your other devices follow when you sign in.</Trans>
      </p>
    </div>
  );
}

export function ProfileForm({ user }: { user: User }) {
  const { t } = useLingui();
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
        onSuccess: () => toastSuccess(t`Your profile has been updated`),
        onError: (error) => {
          const message = errorMessage(error);
          toastError(t`Failed to update profile: ${message}`);
        },
      },
    );

  return (
    <section aria-labelledby="profile-title" className="card bg-base-200">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id="profile-title" className="card-title">
          <Trans>Your details</Trans>
        </h2>
        <p className="text-sm opacity-80">
          <Trans>Passengers and organizers use these to reach you and to pay you.</Trans>
        </p>
        <Form<ProfileValues>
          schema={profileSchema}
          ariaLabel={t`Profile`}
          defaultValues={{
            discordUsername: user.discordUsername,
            name: user.name ?? '',
            // Stored in E.164, shown as the member writes it; the api reads either.
            whatsappNumber: formatPhoneNumber(user.whatsappNumber, ''),
            malaysianNumber: formatPhoneNumber(user.malaysianNumber, ''),
            revolutUsername: user.revolutUsername ?? '',
          }}
          onSubmit={onSubmit}
        >
          {(form) => (
            <>
              <TextField<ProfileValues>
                name="discordUsername"
                label={t`Discord username`}
                readOnly
                hint={t`Your Discord username cannot be changed.`}
              />
              <TextField<ProfileValues> name="name" label={t`Full name`} autoComplete="name" />
              <TextField<ProfileValues>
                name="whatsappNumber"
                label={t`WhatsApp number`}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="+65 9123 4567"
                hint={`${t`Singapore number such as +65 9123 4567 (8 digits are read as +65), or + and the country code.`}${phoneSavedAs(form.watch('whatsappNumber'), toE164)}`}
              />
              <TextField<ProfileValues>
                name="malaysianNumber"
                label={t`Malaysian number`}
                type="tel"
                inputMode="tel"
                placeholder="+60 12 345 6789"
                hint={`${t`Malaysian number such as +60 12 345 6789 (012-345 6789 works too).`}${phoneSavedAs(form.watch('malaysianNumber'), toMalaysianE164)}`}
              />
              <TextField<ProfileValues>
                name="revolutUsername"
                label={t`Revolut username`}
                hint={t`Passengers pay their share through Revolut.`}
              />
              <SubmitButton pending={update.isPending} idleText={t`Save Profile`} pendingText={t`Saving...`} />
            </>
          )}
        </Form>
        <LanguageChoice />
        <PhoneVisibilityChoice user={user} />
      </div>
    </section>
  );
}
