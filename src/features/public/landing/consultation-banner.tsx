import { paths } from '../../../shared/paths';
import { LinkButton } from '../../../components/ui';
import { SparkleIcon } from '../illustrations/sparkle-icon';
import './consultation-banner.css';

/** The closing call to action: a free consultation (R-SITE-2: "Want a clean space"). */
export function ConsultationBanner() {
  return (
    <section className="consultation" aria-labelledby="consultation-title" data-section="consultation">
      <div className="container">
        <div className="consultation__box">
          <SparkleIcon size={28} className="consultation__sparkle consultation__sparkle--one" />
          <SparkleIcon size={18} className="consultation__sparkle consultation__sparkle--two" />
          <div>
            <h2 id="consultation-title">Want a clean space?</h2>
            <p>Tell us about your home and we will suggest the right service and a price, free of charge.</p>
          </div>
          <LinkButton href={paths.contact} size="lg" variant="secondary" className="consultation__button">
            Get a free consultation
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
