import { PageContainer } from '@nova/ui/page';
import { siteConfig } from '@nova/ui/site-config';
import { useRef, type MouseEvent } from 'react';
import { About } from './about/About.tsx';
import { Disclaimer } from './disclaimer/Disclaimer.tsx';
import { FeaturedGames } from './featured/FeaturedGames.tsx';
import { ViewAllGames } from './featured/ViewAllGames.tsx';
import { Hero } from './hero/Hero.tsx';
import { scrollIntoFocus } from './hero/scroll-into-focus.ts';
import { ProfileMockup } from './profile/ProfileMockup.tsx';
import { headingIdOf } from './Section.tsx';
import { Testimonials } from './testimonials/Testimonials.tsx';

const featuredTitle = 'Featured Games';

/** Home: the sections of the landing page, in the order the product spec gives. */
export function HomePage() {
  const featuredHeading = useRef<HTMLHeadingElement>(null);
  // The link jumps to the heading by itself; the page scrolls there smoothly and focuses it, the address unchanged.
  const startPlaying = (event: MouseEvent) => {
    if (!featuredHeading.current) return;
    event.preventDefault();
    scrollIntoFocus(featuredHeading.current);
  };

  return (
    <PageContainer>
      <title>{siteConfig.homeTitle}</title>
      <Hero games={headingIdOf(featuredTitle)} onStartPlaying={startPlaying} />
      <ProfileMockup />
      <About />
      <FeaturedGames title={featuredTitle} headingRef={featuredHeading} />
      <ViewAllGames />
      <Testimonials />
      <Disclaimer />
    </PageContainer>
  );
}
