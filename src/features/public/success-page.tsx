import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { getReceipt } from '../../api/get-receipt';
import { pageId } from '../../../domain/site/page-routes';
import { paths } from '../../shared/paths';
import { useSession } from '../../shared/session';
import { useToast } from '../../shared/toasts';
import { useRequest } from '../../shared/use-request';
import { Alert, Spinner, TextLink, Page } from '../../components/ui';
import { readBookedState } from '../../lib/booked-order';
import { formatLondon } from '../../../domain/time/london-time';
import { formatMoney } from '../../../domain/money/money';
import { IllustratedMessage } from './shared/illustrated-message';

interface Booked {
  reference: number;
  service: string;
  when: string;
  total: string;
}

function BookedOrder({ booked }: { booked: Booked }) {
  return (
    <dl className="booked-order" aria-label="Your booking">
      <dt>Reference</dt>
      <dd>#{booked.reference}</dd>
      <dt>Service</dt>
      <dd>{booked.service}</dd>
      <dt>Date and time</dt>
      <dd>{booked.when} (UK time)</dd>
      <dt>Total</dt>
      <dd>{booked.total}</dd>
    </dl>
  );
}

/**
 * `/success`: where a cash checkout ends (with the booking it made, in the history state) and where
 * the card payment provider sends the customer back (`?order=N`). A card order is read from its
 * invoice, which exists only once the payment is confirmed: so the page shows the reference, the
 * UK date and time and the total, and says "Payment was successfully !", only for a paid order.
 */
export default function SuccessPage() {
  const cash = readBookedState(useLocation().state);
  const [search] = useSearchParams();
  const signedIn = useSession().user !== null;
  const cardOrder = cash ? null : pageId(search.get('order') ?? '');
  const receipt = useRequest(getReceipt, { auto: cardOrder !== null && signedIn, params: { id: cardOrder ?? 0 } });
  const paid = receipt.data;
  const showToast = useToast();
  const toasted = useRef(false);
  useEffect(() => {
    if (!paid || toasted.current) return;
    toasted.current = true;
    showToast('Payment was successfully !', 'success');
  }, [paid, showToast]);

  const booked: Booked | null = cash
    ? { reference: cash.reference, service: cash.service, when: `${cash.date} ${cash.time}`, total: `${formatMoney(cash.total)}, to pay in cash on the day` }
    : paid
      ? { reference: paid.reference, service: paid.service, when: formatLondon(paid.due), total: `${formatMoney(paid.gross)}, paid by card` }
      : null;
  return (
    <Page title="Thank you" heading="Thank you for your booking!" width="narrow" className="centred-page">
      <IllustratedMessage picture={{ src: '/images/success.svg', alt: 'A sparkling tick: all done' }}>
        {cardOrder !== null && !paid ? (
          receipt.failed ? (
            <Alert variant="info">
              We have not received the payment for your order yet. If you left the payment page, press Pay now on the
              order in My orders.
            </Alert>
          ) : (
            <Spinner label="Checking your payment" />
          )
        ) : (
          <p>Your booking is confirmed. We look forward to making your home sparkle.</p>
        )}
        {/* Beside the spec's toast, which a cash checkout shows too: what is paid and how (decision 087). */}
        {cash ? (
          <p className="booked-order__payment">
            <strong>Nothing has been paid yet.</strong> You pay {formatMoney(cash.total)} in cash to the cleaners on the day of the visit.
          </p>
        ) : null}
        {booked ? <BookedOrder booked={booked} /> : null}
        <p>
          <TextLink href={paths.myOrders}>See my orders</TextLink>
        </p>
      </IllustratedMessage>
    </Page>
  );
}
