import { PageContainer } from '@nova/ui/page';
import { siteConfig } from '@nova/ui/site-config';
import { useRef } from 'react';
import { About } from './about/About.tsx';
import { Disclaimer } from './disclaimer/Disclaimer.tsx';
import { FeaturedGames } from './featured/FeaturedGames.tsx';
import { ViewAllGames } from './featured/ViewAllGames.tsx';
import { Hero } from './hero/Hero.tsx';
import { scrollIntoFocus } from './hero/scroll-into-focus.ts';
import { ProfileMockup } from './profile/ProfileMockup.tsx';
import { Testimonials } from './testimonials/Testimonials.tsx';

/** Home: the sections of the landing page, in the order the product spec gives. */
export function HomePage() {
  const featuredHeading = useRef<HTMLHeadingElement>(null);
  const startPlaying = () => {
    if (featuredHeading.current) scrollIntoFocus(featuredHeading.current);
  };

  return (
    <PageContainer>
      <title>{siteConfig.homeTitle}</title>
      <Hero onStartPlaying={startPlaying} />
      <ProfileMockup />
      <About />
      <FeaturedGames headingRef={featuredHeading} />
      <ViewAllGames />
      <Testimonials />
      <Disclaimer />
    </PageContainer>
  );
}
