import { useEffect, useState } from 'react';
import { getOrderPhoto } from '../../../api/order-photos';
import { formatDateTime } from '../../../lib/dates';
import { Alert, Spinner } from '../../../components/ui';
import type { JobPhoto } from '../../../../openapi/schema';

/**
 * The team's check-out photo on the order page (decision 061). An image element cannot send the staff
 * member's token, so the bytes are fetched with it and shown from memory (a blob: address, which
 * the CSP allows for images), released when the page leaves.
 */
export function OrderPhoto({ orderId, photo }: { orderId: number; photo: JobPhoto }) {
  const [shown, setShown] = useState<{ url: string | null; error: string | null }>({ url: null, error: null });
  useEffect(() => {
    let url: string | null = null;
    let current = true;
    getOrderPhoto(orderId).then(
      (blob) => {
        if (!current) return;
        url = URL.createObjectURL(blob);
        setShown({ url, error: null });
      },
      (error: unknown) => current && setShown({ url: null, error: error instanceof Error ? error.message : 'The photo could not be loaded' }),
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [orderId, photo.taken_at]);
  const alt = `Check-out photo of the job taken by ${photo.taken_by ?? 'the team'} on ${formatDateTime(photo.taken_at)}`;
  if (shown.error) return <Alert variant="error">{shown.error}</Alert>;
  if (!shown.url) return <Spinner label="Loading the check-out photo" />;
  // A 4:3 box whatever the photo's shape (object-fit in the CSS): the page does not shift as it decodes.
  return <img className="order-detail__photo" src={shown.url} alt={alt} width={640} height={480} />;
}
