import { paths } from '../../../shared/paths';
import { LinkButton } from '../../../components/ui';
import './hero-section.css';

export const heroHeadline = { lead: 'A sparkling clean home,', highlight: 'without lifting a finger' };

/** The first screen: what the company does, the two ways in, and the house illustration. */
export function HeroSection() {
  return (
    <section className="hero" aria-label="Introduction" data-section="hero">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">Trusted cleaners across London</p>
          {/* The page's h1 (hidden, see landing-page.tsx) carries this headline for assistive tech. */}
          <p className="hero__title" aria-hidden="true">
            {heroHeadline.lead} <span>{heroHeadline.highlight}</span>
          </p>
          <p className="hero__lead">
            Trusted, insured cleaners for regular house keeping, end of tenancy, after builders and deep
            cleans, plus moving and handyman help. Book online in minutes.
          </p>
          <div className="hero__actions">
            <LinkButton href={paths.contact} size="lg">
              Free Consultation
            </LinkButton>
            <LinkButton href={paths.services} size="lg" variant="secondary">
              Book a service
            </LinkButton>
          </div>
        </div>
        <img
          className="hero__picture"
          src="/images/hero.svg"
          alt="A sparkling clean house with a bucket, a spray bottle and a mop"
          width={480}
          height={360}
          fetchPriority="high"
        />
      </div>
    </section>
  );
}
