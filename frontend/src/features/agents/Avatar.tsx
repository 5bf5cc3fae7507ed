import clsx from 'clsx';
import { useState } from 'react';
import { DEFAULT_AVATAR_URL, profilePictureSrc } from './profilePicture.ts';

export interface AvatarProps {
  src: string | null | undefined;
  /** Accessible text; empty for a decorative avatar next to the name. */
  alt: string;
  className?: string;
}

/** A round profile picture; a missing or broken picture shows the bundled default image. */
export function Avatar({ src, alt, className }: AvatarProps) {
  const wanted = profilePictureSrc(src);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <img
      src={failed === wanted ? DEFAULT_AVATAR_URL : wanted}
      alt={alt}
      onError={() => setFailed(wanted)}
      className={clsx('shrink-0 rounded-full bg-slate-100 object-cover ring-1 ring-slate-900/5', className)}
      draggable={false}
    />
  );
}
