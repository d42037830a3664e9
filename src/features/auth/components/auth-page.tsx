import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { useDocumentTitle } from '../../../lib/use-document-title';
import { ForgotPassword } from './forgot-password';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type View = 'login' | 'register' | 'forgot';

export function AuthPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Login or Register`);
  const [view, setView] = useState<View>('login');

  return (
    <div className="mx-auto flex max-w-md flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Welcome to FC RideShare</Trans>
      </h1>
      {view === 'forgot' ? (
        <ForgotPassword onBack={() => setView('login')} />
      ) : (
        <>
          <div role="tablist" aria-label={t`Login or register`} className="tabs tabs-box">
            {(['login', 'register'] as const).map((tab) => (
              <button
                key={tab}
                type="button"
                role="tab"
                id={`tab-${tab}`}
                aria-selected={view === tab}
                aria-controls={`panel-${tab}`}
                className={`tab min-h-11 flex-1 ${view === tab ? 'tab-active' : ''}`}
                onClick={() => setView(tab)}
              >
                {tab === 'login' ? t`Login` : t`Register`}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${view}`} aria-labelledby={`tab-${view}`} className="card bg-base-200 p-4">
            {view === 'login' ? <LoginForm onForgotPassword={() => setView('forgot')} /> : <RegisterForm />}
          </div>
        </>
      )}
      <Link to="/" className="btn btn-ghost min-h-11">
        <Trans>Back to Home</Trans>
      </Link>
    </div>
  );
}
