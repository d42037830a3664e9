import { Trans, useLingui } from '@lingui/react/macro';
import { payNowAmount, payNowPayload } from '@shared/paynow.ts';
import { useEffect, useState } from 'react';

import { formatPhoneNumber, formatSgd } from '../../../lib/format';
import { saveFile } from '../../../lib/save-file';
import { toastFailure, toastSuccess } from '../../../lib/toast';

const PIXELS_PER_MODULE = 10;

// The QR as a PNG the member keeps: the payer's own phone cannot scan its own screen, but every
// Singapore banking app scans a QR from the gallery (issue 37 §2).
function saveQrImage(modules: boolean[][], quiet: number, fileName: string): Promise<void> {
  const size = (modules.length + quiet * 2) * PIXELS_PER_MODULE;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('No canvas'));
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.fillStyle = '#000000';
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) {
        context.fillRect(
          (x + quiet) * PIXELS_PER_MODULE,
          (y + quiet) * PIXELS_PER_MODULE,
          PIXELS_PER_MODULE,
          PIXELS_PER_MODULE,
        );
      }
    }),
  );
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => {
      if (!blob) {
        reject(new Error('No image'));
        return;
      }
      saveFile(blob, fileName);
      resolve();
    }, 'image/png'),
  );
}

// The PayNow QR for one payment: the EMVCo payload (_shared/paynow.ts) drawn from the modules of
// a maintained QR encoder, loaded only when the QR is shown. The number, amount and reference
// are written out too, for a banking app that cannot scan or a screen reader.
export function PayNowQr({
  mobile,
  amount,
  reference,
  payeeName,
}: {
  mobile: string;
  amount: number;
  reference: string;
  payeeName: string;
}) {
  const { t } = useLingui();
  const payload = payNowPayload({ mobile, amount, reference, merchantName: payeeName });
  const [modules, setModules] = useState<boolean[][] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setModules(null);
    import('../qr-modules')
      .then(({ qrModules }) => {
        if (current) setModules(qrModules(payload));
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [payload]);

  const quiet = 4;
  const size = modules ? modules.length + quiet * 2 : 0;
  const path = modules
    ? modules
        .flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x + quiet} ${y + quiet}h1v1h-1z`] : [])))
        .join('')
    : '';
  // The amount the QR carries, to the cent, written as every other amount is.
  const sum = formatSgd(Number(payNowAmount(amount)));
  const phone = formatPhoneNumber(mobile);
  // Banking apps ask the 8 digits after their own fixed +65.
  const localNumber = mobile.replace(/^\+65/, '');
  const label = t`PayNow QR code: pay ${sum} to ${phone}, reference ${reference}`;

  return (
    <figure className="flex flex-col items-center gap-2">
      {modules ? (
        // Black on white whatever the theme: scanners read dark modules on a light ground.
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${size} ${size}`}
          className="h-56 w-56 rounded-box bg-white"
          shapeRendering="crispEdges"
          data-testid="paynow-qr"
        >
          <rect width={size} height={size} fill="#ffffff" />
          <path d={path} fill="#000000" />
        </svg>
      ) : failed ? (
        <p role="alert">
          <Trans>Could not draw the QR code. Pay with the details below.</Trans>
        </p>
      ) : (
        <div className="flex h-56 w-56 items-center justify-center rounded-box bg-base-200" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="sr-only">
            <Trans>Drawing the QR code…</Trans>
          </span>
        </div>
      )}
      {modules ? (
        <div className="flex flex-wrap justify-center gap-2">
          <button
            type="button"
            className="btn btn-outline btn-sm min-h-11"
            onClick={() =>
              void saveQrImage(modules, quiet, `paynow-${reference}.png`).then(
                () => toastSuccess(t`QR saved`, t`Open it from your gallery or downloads in your banking app.`),
                toastFailure(t`Could not save the QR`),
              )
            }
          >
            <Trans>Save QR</Trans>
          </button>
          <button
            type="button"
            className="btn btn-outline btn-sm min-h-11"
            onClick={() =>
              void navigator.clipboard
                .writeText(localNumber)
                .then(() => toastSuccess(t`PayNow number copied`, phone), toastFailure(t`Could not copy`))
            }
          >
            <Trans>Copy PayNow number</Trans>
          </button>
        </div>
      ) : null}
      <figcaption className="text-center text-sm">
        <span className="block">
          <Trans>
            PayNow to <strong translate="no">{phone}</strong>
          </Trans>
        </span>
        <span className="block">
          <Trans>
            Amount <strong>{sum}</strong> · Reference <strong translate="no">{reference}</strong>
          </Trans>
        </span>
      </figcaption>
    </figure>
  );
}
