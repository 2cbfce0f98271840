import { Page } from '../../components/ui';
import { IllustratedMessage } from './shared/illustrated-message';

/** `/success`: where the card payment provider sends the customer back after paying. */
export default function SuccessPage() {
  return (
    <Page title="Thank you" heading="Thank you for your booking!" width="narrow" className="centred-page">
      <IllustratedMessage picture={{ src: '/images/success.svg', alt: 'A sparkling tick: all done' }}>
        <p>Your booking is confirmed. We look forward to making your home sparkle.</p>
      </IllustratedMessage>
    </Page>
  );
}
