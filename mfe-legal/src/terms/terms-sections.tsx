import { siteConfig } from '@nova/ui/site-config';
import type { LegalSection } from '../document/LegalDocument.tsx';

const { brand, minimumAge, supportEmail } = siteConfig;

export const termsSections: readonly LegalSection[] = [
  {
    heading: 'Introduction',
    body: (
      <>
        <p>
          These terms govern your use of the {brand} website and the game demos it shows. By using the site you agree to
          them. If you do not agree, please do not use the site.
        </p>
        <p>
          {brand} is a free-to-play social-casino demo site. It exists for entertainment only: there is no real-money
          gambling here, nothing can be bought, and nothing can be won.
        </p>
      </>
    ),
  },
  {
    heading: 'Eligibility',
    body: (
      <>
        <p>
          The site is intended for adults aged {minimumAge} or older. By using it you confirm that you are at least{' '}
          {minimumAge} and that viewing social-casino content is lawful where you are.
        </p>
        <p>
          The games are for entertainment only. Success in a social-casino game does not imply future success at
          real-money gambling.
        </p>
      </>
    ),
  },
  {
    heading: 'Account Registration',
    body: (
      <p>
        You do not need an account to browse the site or play the demos. Sign-in is not available yet. If accounts are
        introduced, you will be responsible for keeping your details accurate and your password private, and these terms
        will be updated before any account feature goes live.
      </p>
    ),
  },
  {
    heading: 'Virtual Currency',
    body: (
      <ul>
        <li>Coins and chips shown on the site are virtual currency with no monetary value.</li>
        <li>Virtual currency cannot be exchanged for money, goods or services, or cashed out.</li>
        <li>It may not be sold, transferred or traded, on the site or anywhere else.</li>
        <li>We may change, reset or revoke virtual currency balances at any time, for example when a demo restarts.</li>
      </ul>
    ),
  },
  {
    heading: 'User Conduct',
    body: (
      <>
        <p>When you use the site you agree not to:</p>
        <ul>
          <li>break any law or encourage anyone else to;</li>
          <li>interfere with the site, its security or other visitors' use of it;</li>
          <li>use automated means to scrape, overload or copy the site;</li>
          <li>send abusive, misleading or unlawful messages through the contact form.</li>
        </ul>
      </>
    ),
  },
  {
    heading: 'Intellectual Property',
    body: (
      <p>
        The {brand} name, logo, text, artwork and code belong to us or to our licensors. The embedded game demos belong
        to their providers. You may view and play them for personal, non-commercial entertainment; you may not copy,
        modify or redistribute them.
      </p>
    ),
  },
  {
    heading: 'Disclaimer of Warranties',
    body: (
      <p>
        The site and the demos are provided "as is" and "as available". We do not promise that they will always be
        available, uninterrupted or free of errors, and demos may change or be removed without notice.
      </p>
    ),
  },
  {
    heading: 'Limitation of Liability',
    body: (
      <p>
        To the fullest extent the law allows, we are not liable for any indirect or consequential loss arising from your
        use of the site. Because no money is paid or won here, no financial loss can arise from playing the demos.
        Nothing in these terms limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    heading: 'Changes to Terms',
    body: (
      <p>
        We may update these terms from time to time. The date at the top of this page shows when they last changed;
        continuing to use the site after a change means you accept the new terms. Questions are welcome at{' '}
        {supportEmail}.
      </p>
    ),
  },
];
