import { useLocation } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { TextLink, Page } from '../../components/ui';
import { readBookedState } from '../../lib/booked-order';
import { formatMoney } from '../../lib/money';
import { IllustratedMessage } from './shared/illustrated-message';

/**
 * `/success`: where a cash checkout ends (with the booking it made) and where the card payment
 * provider sends the customer back after paying.
 */
export default function SuccessPage() {
  const booked = readBookedState(useLocation().state);
  return (
    <Page title="Thank you" heading="Thank you for your booking!" width="narrow" className="centred-page">
      <IllustratedMessage picture={{ src: '/images/success.svg', alt: 'A sparkling tick: all done' }}>
        <p>Your booking is confirmed. We look forward to making your home sparkle.</p>
        {booked ? (
          <dl className="booked-order" aria-label="Your booking">
            <dt>Reference</dt>
            <dd>#{booked.reference}</dd>
            <dt>Service</dt>
            <dd>{booked.service}</dd>
            <dt>Date and time</dt>
            <dd>{booked.date} {booked.time} (UK time)</dd>
            <dt>Total</dt>
            <dd>{formatMoney(booked.total)}, to pay in cash on the day</dd>
          </dl>
        ) : null}
        <p>
          <TextLink href={paths.myOrders}>See my orders</TextLink>
        </p>
      </IllustratedMessage>
    </Page>
  );
}
