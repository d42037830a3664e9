import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';

import { saveProfileLanguage } from '../../../lib/auth';
import { isLanguage } from '../../../lib/i18n/languages';
import { errorMessage, toastError } from '../../../lib/toast';

// After a member picks a language (the menu's picker, the profile page): it is kept in their
// profile too, so their other devices switch to it when they sign in. A visitor's choice stays on
// the device. The app has switched already: a failed save leaves this device as chosen.
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return (language: string) => {
    if (!isLanguage(language)) return;
    saveProfileLanguage(queryClient, language).catch((error: unknown) =>
      toastError(t`Could not save the language to your profile`, errorMessage(error)),
    );
  };
}
