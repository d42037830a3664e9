import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/home" className="btn btn-primary min-h-11">
        Back to Home
      </Link>
    </section>
  );
}
