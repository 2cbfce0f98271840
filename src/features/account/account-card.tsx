import type { ReactNode } from 'react';
import { Card, Page } from '../../components/ui';
import '../../styles/account.css';

export interface AccountCardProps {
  title: string;
  intro?: ReactNode;
  description?: string;
  children: ReactNode;
  /** Below the card: "No account yet? Register". */
  footer?: ReactNode;
}

/** The frame of the account screens: a centred card on a soft teal wash. */
export function AccountCard({ title, intro, description, children, footer }: AccountCardProps) {
  return (
    <div className="account-screen">
      <Page title={title} description={description} width="narrow" className="account-screen__page">
        {intro ? <p className="account-screen__intro">{intro}</p> : null}
        <Card className="account-screen__card">{children}</Card>
        {footer ? <div className="account-screen__footer">{footer}</div> : null}
      </Page>
    </div>
  );
}
