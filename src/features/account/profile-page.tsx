import { Card, Page } from '../../components/ui';
import { MyDataPanel } from './my-data-panel';
import { TextMessagesPanel } from './text-messages-panel';
import { ProfileForm } from '../../shared/account/profile-form';
import '../../styles/account.css';

/** /profile (R-AUTH-8): My Profile. */
export default function ProfilePage() {
  return (
    <div className="account-screen">
      <Page title="My Profile" description="Update your name, email or password." className="profile-page">
        <Card className="account-screen__card profile-page__card">
          <ProfileForm title="My Profile" />
        </Card>
        <Card className="account-screen__card profile-page__card">
          <TextMessagesPanel />
        </Card>
        <Card className="account-screen__card profile-page__card">
          <MyDataPanel />
        </Card>
      </Page>
    </div>
  );
}
