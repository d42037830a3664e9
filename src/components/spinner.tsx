import { useLingui } from '@lingui/react/macro';

export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  const { t } = useLingui();
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-10 ${className}`}>
      <span className="spinner spinner-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label ?? t`Loading…`}</span>
    </div>
  );
}
