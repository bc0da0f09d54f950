import { siteConfig } from '@nova/ui/site-config';
import type { LegalSection } from '../document/LegalDocument.tsx';

const { brand, minimumAge, supportEmail } = siteConfig;

export const privacySections: readonly LegalSection[] = [
  {
    heading: 'Introduction',
    body: (
      <p>
        This policy explains what information the {brand} website handles and why. In short: we keep almost nothing. The
        site has no accounts, no analytics and no advertising trackers.
      </p>
    ),
  },
  {
    heading: 'Information We Collect',
    body: (
      <>
        <p>
          While you fill in the contact form, what you type (name, e-mail address, subject and message) is kept in your
          own browser tab's session storage, so that it is not lost if you visit another page. It never leaves your
          device: the form's sending is a simulation and transmits nothing.
        </p>
        <p>
          The profile shown on the home page is sample content. Its generated avatar is made in your browser and is not
          stored.
        </p>
      </>
    ),
  },
  {
    heading: 'How We Use Your Information',
    body: (
      <p>
        The saved contact draft is used only to put your words back into the form when you return to it. It is cleared
        when the form reports a successful send, and your browser deletes it when you close the tab.
      </p>
    ),
  },
  {
    heading: 'Disclosure',
    body: (
      <p>
        We do not sell, rent or share personal information, because we do not collect any. When you open a game, the
        demo is served by its game provider inside an embedded frame; that provider may receive the technical details
        any website receives, such as your IP address and browser type.
      </p>
    ),
  },
  {
    heading: 'Data Security',
    body: (
      <p>
        The site is served over secure connections with strict browser security headers. The contact draft lives only in
        your browser and is readable only by this site in that tab.
      </p>
    ),
  },
  {
    heading: 'Your Choices',
    body: (
      <p>
        You can clear the contact draft at any time by emptying the form, by closing the tab, or by clearing your
        browser's site data. No cookies are set, so there is nothing else to opt out of.
      </p>
    ),
  },
  {
    heading: "Children's Privacy",
    body: (
      <p>
        The site is meant for adults aged {minimumAge} or older and is not directed at anyone under {minimumAge}. We do
        not knowingly handle information about minors; if you believe a minor has contacted us, write to {supportEmail}{' '}
        and we will delete the message.
      </p>
    ),
  },
  {
    heading: 'Changes',
    body: (
      <p>
        If this policy changes, the new version will be posted here with a new date at the top. Questions about privacy
        are welcome at {supportEmail}.
      </p>
    ),
  },
];
