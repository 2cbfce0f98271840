import { Page } from '../../components/ui';
import { LegalDocument } from './legal/legal-document';
import { privacySections } from './legal/privacy-sections';

/** `/privacy-policy`: what personal data the company keeps, why, and the visitor's rights. */
export default function PrivacyPage() {
  return (
    <Page title="Privacy policy" description="How Sparkle Cleaning collects, uses and protects your personal data.">
      <p className="legal-intro">
        This policy explains what personal information we collect when you use our website and services, how
        we use it and the rights you have over it.
      </p>
      <LegalDocument sections={privacySections} updated="1 November 2026" />
    </Page>
  );
}
