import { BOOKING_TERMS } from '../../../domain/terms/booking-terms';
import { Page } from '../../components/ui';
import { LegalDocument } from './legal/legal-document';
import { termsSections } from './legal/terms-sections';

/** `/terms-condition`: the terms and conditions (R-TERMS-1). */
export default function TermsPage() {
  return (
    <Page title="Terms and conditions" description="The terms that apply to every booking with Sparkle Cleaning.">
      <p className="legal-intro">
        Please read these terms before you book. The short version: {BOOKING_TERMS}
      </p>
      <LegalDocument sections={termsSections} updated="1 November 2026" />
    </Page>
  );
}
