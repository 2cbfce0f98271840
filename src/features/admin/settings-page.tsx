import { Card, Page } from '../../components/ui';
import { ProfileForm } from '../account/profile-form';
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
    </Page>
  );
}
