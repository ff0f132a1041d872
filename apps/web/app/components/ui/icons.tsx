import type { ComponentProps, ReactNode } from 'react';

/**
 * Inline icons, drawn here so the page needs no icon font or third-party request. Decorative by
 * default (`aria-hidden`); the control around an icon carries the accessible name.
 */
type IconProps = ComponentProps<'svg'>;

function stroke({ className = 'size-6', ...props }: IconProps, shape: ReactNode) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      {shape}
    </svg>
  );
}

function solid({ className = 'size-6', ...props }: IconProps, shape: ReactNode) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      {shape}
    </svg>
  );
}

export const SearchIcon = (p: IconProps) =>
  stroke(
    p,
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </>,
  );

/** The enquiry list: a clipboard with lines. */
export const ListIcon = (p: IconProps) =>
  stroke(
    p,
    <>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4V3h6v1M8.5 10h7M8.5 14h7M8.5 18h4" />
    </>,
  );

export const MenuIcon = (p: IconProps) =>
  stroke(
    p,
    <>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </>,
  );

export const CloseIcon = (p: IconProps) =>
  stroke(
    p,
    <>
      <path d="M6 6l12 12M18 6 6 18" />
    </>,
  );

export const ChevronDownIcon = (p: IconProps) =>
  stroke(
    p,
    <>
      <path d="m6 9 6 6 6-6" />
    </>,
  );

export const ChevronRightIcon = (p: IconProps) =>
  stroke(
    p,
    <>
      <path d="m9 6 6 6-6 6" />
    </>,
  );

export const ChevronLeftIcon = (p: IconProps) =>
  stroke(
    p,
    <>
      <path d="m15 6-6 6 6 6" />
    </>,
  );

export const ArrowUpIcon = (p: IconProps) =>
  stroke(
    p,
    <>
      <path d="M12 19V5M5 12l7-7 7 7" />
    </>,
  );

export const GlobeIcon = (p: IconProps) =>
  stroke(
    p,
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
    </>,
  );

export const PhoneIcon = (p: IconProps) =>
  stroke(
    p,
    <>
      <path d="M5 4h3.5l1.6 4.2-2.2 1.4a11 11 0 0 0 6.5 6.5l1.4-2.2L20 15.5V19a1.5 1.5 0 0 1-1.6 1.5A16.5 16.5 0 0 1 3.5 5.6 1.5 1.5 0 0 1 5 4Z" />
    </>,
  );

export const MailIcon = (p: IconProps) =>
  stroke(
    p,
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m4 7 8 6 8-6" />
    </>,
  );

export const MapPinIcon = (p: IconProps) =>
  stroke(
    p,
    <>
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </>,
  );

export const ClockIcon = (p: IconProps) =>
  stroke(
    p,
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>,
  );

export const PlayIcon = (p: IconProps) =>
  solid(
    p,
    <>
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.4-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
    </>,
  );

export const PlusIcon = (p: IconProps) =>
  stroke(
    p,
    <>
      <path d="M12 5v14M5 12h14" />
    </>,
  );

export const MinusIcon = (p: IconProps) =>
  stroke(
    p,
    <>
      <path d="M5 12h14" />
    </>,
  );

/** A speech bubble with a handset: the chat link. */
export const ChatIcon = (p: IconProps) =>
  solid(
    p,
    <>
      <path d="M12 2.5a9.5 9.5 0 0 0-8.2 14.3L2.5 21.5l4.9-1.3A9.5 9.5 0 1 0 12 2.5Zm4.6 13.1c-.2.6-1.2 1.1-1.7 1.2-.5.1-1 .1-1.7-.1-.4-.1-.9-.3-1.5-.6-2.6-1.1-4.3-3.8-4.4-4-.1-.2-1-1.4-1-2.7s.7-1.9 1-2.2c.2-.3.5-.3.7-.3h.5c.2 0 .4 0 .6.5l.8 2c.1.2.1.3 0 .5l-.3.5-.4.4c-.1.1-.3.3-.1.6.2.3.7 1.2 1.5 1.9 1 .9 1.9 1.2 2.2 1.3.3.1.4.1.6-.1l.8-1c.2-.3.4-.2.6-.1l1.9.9c.3.1.5.2.5.3.1.2.1.7-.1 1.2Z" />
    </>,
  );

export const FacebookIcon = (p: IconProps) =>
  solid(
    p,
    <>
      <path d="M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4a20 20 0 0 0-2.2-.1c-2.2 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3Z" />
    </>,
  );

export const InstagramIcon = (p: IconProps) =>
  stroke(
    p,
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r=".6" fill="currentColor" />
    </>,
  );

export const LinkedInIcon = (p: IconProps) =>
  solid(
    p,
    <>
      <path d="M6.9 8.8H3.8V20h3.1V8.8ZM5.3 3.8a1.8 1.8 0 1 0 0 3.6 1.8 1.8 0 0 0 0-3.6ZM20.2 13.6c0-3-1.6-5-4.3-5-1.4 0-2.4.8-2.8 1.5V8.8H10V20h3.1v-5.6c0-1.5.3-2.9 2.1-2.9 1.8 0 1.8 1.7 1.8 3V20h3.2v-6.4Z" />
    </>,
  );

export const PinterestIcon = (p: IconProps) =>
  solid(
    p,
    <>
      <path d="M12.2 2.5a9.5 9.5 0 0 0-3.5 18.3c-.1-.8-.2-2 0-2.8l1.2-5s-.3-.6-.3-1.5c0-1.4.8-2.5 1.8-2.5.9 0 1.3.7 1.3 1.5 0 .9-.6 2.2-.9 3.5-.2 1 .5 1.9 1.6 1.9 1.9 0 3.3-2 3.3-4.9 0-2.5-1.8-4.3-4.4-4.3a4.6 4.6 0 0 0-4.8 4.6c0 .9.4 1.9.8 2.5.1.1.1.2.1.3l-.3 1.2c0 .2-.2.3-.4.2-1.4-.7-2.2-2.7-2.2-4.3 0-3.5 2.5-6.7 7.3-6.7 3.8 0 6.8 2.7 6.8 6.4 0 3.8-2.4 6.9-5.8 6.9-1.1 0-2.2-.6-2.5-1.3l-.7 2.6c-.3 1-.9 2.2-1.4 2.9A9.5 9.5 0 1 0 12.2 2.5Z" />
    </>,
  );

export const YouTubeIcon = (p: IconProps) =>
  solid(
    p,
    <>
      <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8ZM10 15V9l5.2 3L10 15Z" />
    </>,
  );
