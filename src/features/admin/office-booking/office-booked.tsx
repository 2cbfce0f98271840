import { useSelector } from '@xstate/react';
import { formatMoney } from '../../../../domain/money/money';
import { Alert, Button, TextLink } from '../../../components/ui';
import { paths } from '../../../shared/paths';
import type { OfficeBookingRef } from './office-booking-ref';

/** Booked: the order's number and total, a link to its back-office page, and Book another. */
export function OfficeBooked({ actorRef }: { actorRef: OfficeBookingRef }) {
  const placed = useSelector(actorRef, (s) => s.context.placed);
  if (!placed) return null;
  return (
    <>
      <Alert variant="success">
        {/* The number the caller's mails carry (decision 051); the back office's link goes by id. */}
        {`Booked: order #${placed.reference}, total ${formatMoney(placed.total)}`}
        {placed.payment === 'pay_link' ? ', the Pay now link was mailed to the customer.' : ', paid in cash on the day.'}
      </Alert>
      <p><TextLink href={paths.admin.order(placed.order)}>{`Open order #${placed.reference}`}</TextLink></p>
      <Button variant="secondary" onPress={() => actorRef.send({ type: 'booking.restart' })}>Book another</Button>
    </>
  );
}
