import type { ReactNode } from 'react';
import { HygieneIcon, ProviderIcon, ScheduleIcon, SprayIcon } from '../illustrations/feature-icons';
import { Section } from '../shared/section';
import './why-us-section.css';

const reasons: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Experienced Providers',
    text: 'Every cleaner is vetted, trained and insured, with years of experience in homes like yours.',
    icon: <ProviderIcon />,
  },
  {
    title: 'Deep Cleaning and house keeper',
    text: 'From a one-off deep clean to a regular house keeper, we take care of every corner.',
    icon: <SprayIcon />,
  },
  {
    title: 'Customized Schedules',
    text: 'Weekly, fortnightly or just once: choose the day and time that suit you.',
    icon: <ScheduleIcon />,
  },
  {
    title: 'Extra Care Hygiene',
    text: 'Professional products, fresh cloths for every room and extra care around kitchens and bathrooms.',
    icon: <HygieneIcon />,
  },
];

/** Four reasons to choose the company (R-SITE-2: the four cards, in this order). */
export function WhyUsSection() {
  return (
    <Section id="why-us" eyebrow="Why choose us" title="Why work with us">
      <ul className="why-us">
        {reasons.map((reason) => (
          <li key={reason.title} className="why-us__card">
            <span className="why-us__icon">{reason.icon}</span>
            <h3>{reason.title}</h3>
            <p>{reason.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
