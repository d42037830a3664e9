import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';

import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`);
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-3xl font-bold">
        <Trans>404 Page Not Found</Trans>
      </h1>
      <p>
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <Link to="/home" className="btn btn-primary min-h-11">
        <Trans>Back to Home</Trans>
      </Link>
    </section>
  );
}
