import jonasAvatar from './avatars/jonas.svg?no-inline';
import mayaAvatar from './avatars/maya.svg?no-inline';
import priyaAvatar from './avatars/priya.svg?no-inline';

export interface Testimonial {
  /** Names the avatar file too (avatars/{id}.svg, made by scripts/render-testimonial-avatars.mjs). */
  id: string;
  name: string;
  quote: string;
  avatar: string;
}

/** Static sample quotes: written for this demo site, not from real players. */
export const testimonials: readonly Testimonial[] = [
  {
    id: 'maya',
    name: 'Maya R.',
    quote: 'I play a few spins on my lunch break. No sign-up, no wallet, just the fun part.',
    avatar: mayaAvatar,
  },
  {
    id: 'jonas',
    name: 'Jonas T.',
    quote: 'The art is gorgeous. Undead Fortune is my favourite, and I like knowing the coins are only for play.',
    avatar: jonasAvatar,
  },
  {
    id: 'priya',
    name: 'Priya S.',
    quote: 'A good way to try a slot before deciding whether it is for me. It loads fast, even on my phone.',
    avatar: priyaAvatar,
  },
];
