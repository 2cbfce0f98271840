import { paths } from '../../shared/paths';
import { Card, LinkButton, Page } from '../../components/ui';
import { ProfileForm } from '../../shared/account/profile-form';
import { ClosuresSection } from './closures/closures-section';
import './settings-page.css';

/**
 * R-AUTH-8 /settings: Update Information, the shared profile form (success logs the administrator out);
 * the company's closures below it (issue 15 §2).
 */
export function SettingsPage() {
  return (
    <Page title="Settings" heading="Update Information" width="full">
      <Card className="admin-settings">
        <ProfileForm title="Update Information" nameLabel="Full Name" />
      </Card>
      <Card className="admin-settings admin-settings--closures">
        <ClosuresSection />
      </Card>
      {/* Issue 15: the business's own settings live on their own page. */}
      <Card as="section" className="admin-settings" aria-labelledby="settings-pricing">
        <h2 id="settings-pricing">Prices and hours</h2>
        <p>Item prices, frequency discounts, extras, the Congestion Charge and opening hours, with who changed them and when.</p>
        <LinkButton href={paths.admin.pricing} variant="secondary" size="sm">Edit prices and hours</LinkButton>
      </Card>
    </Page>
  );
}
