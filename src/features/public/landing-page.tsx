import { Footer } from '../../components/layout';
import { Page } from '../../components/ui';
import { ConsultationBanner } from './landing/consultation-banner';
import { CountersSection } from './landing/counters-section';
import { HeroSection, heroHeadline } from './landing/hero-section';
import { ServicesSection } from './landing/services-section';
import { TestimoniesSection } from './landing/testimonies-section';
import { WhyUsSection } from './landing/why-us-section';

/**
 * `/`: the landing page, sections in the order R-SITE-2 gives. The hero shows the headline large;
 * the h1 with the same words is kept for screen readers and focus only. The layout leaves the landing
 * without the common footer, so the page closes with it itself (R-SITE-6: address, links, copyright).
 */
export default function LandingPage() {
  return (
    <Page
      title="Professional cleaning services"
      heading={`${heroHeadline.lead} ${heroHeadline.highlight}`}
      description="Sparkle Cleaning: trusted house keeping, end of tenancy, after builders and deep cleaning, plus moving and handyman services."
      hideHeading
      width="full"
      className="landing"
    >
      <HeroSection />
      <WhyUsSection />
      <CountersSection />
      <ServicesSection />
      <TestimoniesSection />
      <ConsultationBanner />
      <Footer />
    </Page>
  );
}
