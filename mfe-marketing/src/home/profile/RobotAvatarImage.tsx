import * as bottts from '@dicebear/bottts';
import { createAvatar } from '@dicebear/core';
import { useMemo } from 'react';

export interface RobotAvatarImageProps {
  seed: string;
  size: number;
  alt: string;
}

/** The robot DiceBear draws for a seed, as an image. Loaded on demand: it carries DiceBear. */
export default function RobotAvatarImage({ seed, size, alt }: RobotAvatarImageProps) {
  const src = useMemo(() => createAvatar(bottts, { seed, size }).toDataUri(), [seed, size]);
  return <img src={src} width={size} height={size} alt={alt} />;
}
