import { Icon, type IconProps } from "@chakra-ui/react";

/**
 * The app's line icons, drawn inline so no icon library lands in the bundle. They are decorative: the text next to
 * each one carries the meaning.
 */
function LineIcon({ children, ...props }: IconProps) {
  // Chakra's Icon styles its single <svg> child (asChild), so the svg element itself must be passed in.
  return (
    <Icon {...props}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {children}
      </svg>
    </Icon>
  );
}

/**
 * Sized to the text by default, for the admin screens' icons below: they often stand outside a Button, where
 * nothing else gives the svg a size. The icons drawn with LineIcon take their size from their Button or a boxSize.
 */
function TextIcon(props: IconProps) {
  return <LineIcon boxSize="1em" {...props} />;
}

export function HomeIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M3 10.5 12 3l9 7.5M5 9v12h5v-6h4v6h5V9" />
    </LineIcon>
  );
}

export function EyeIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12Z" />
      <circle cx="12" cy="12" r="3" />
    </LineIcon>
  );
}

export function EyeOffIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M17.9 17.9A10.4 10.4 0 0 1 12 19C5 19 1 12 1 12a18.6 18.6 0 0 1 5.1-5.9M9.9 5.2A9.7 9.7 0 0 1 12 5c7 0 11 7 11 7a18.8 18.8 0 0 1-2.2 3.2M14.1 14.1a3 3 0 1 1-4.2-4.2M1 1l22 22" />
    </LineIcon>
  );
}

export function CopyIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="9" y="9" width="13" height="13" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </LineIcon>
  );
}

export function ShareIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
    </LineIcon>
  );
}

export function SettingsIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
    </LineIcon>
  );
}

export function HistoryIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
      <path d="M3 3v5h5M12 7v5l3 3" />
    </LineIcon>
  );
}

export function ShieldIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z" />
    </LineIcon>
  );
}

export function ArrowDownIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <path d="M12 5v14M5 12l7 7 7-7" />
    </TextIcon>
  );
}

export function ArrowUpIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <path d="M12 19V5M5 12l7-7 7 7" />
    </TextIcon>
  );
}

export function TrendingUpIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <path d="m22 7-8.5 8.5-5-5L2 17" />
      <path d="M16 7h6v6" />
    </TextIcon>
  );
}

export function GiftIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M12 8v13M19 12v9H5v-9M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />
    </TextIcon>
  );
}

export function UsersIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
      <circle cx="9" cy="7" r="4" />
      <path d="M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8" />
    </TextIcon>
  );
}

export function SparklesIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9Z" />
      <path d="M19 17v4M17 19h4" />
    </TextIcon>
  );
}

export function SlidersIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <path d="M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6" />
    </TextIcon>
  );
}

export function DotIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <circle cx="12" cy="12" r="4" />
    </TextIcon>
  );
}

export function CheckCircleIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="m8 12 3 3 5-6" />
    </TextIcon>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 6v6l4 2" />
    </TextIcon>
  );
}

export function XCircleIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="m15 9-6 6M9 9l6 6" />
    </TextIcon>
  );
}

export function BanIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="m4.9 4.9 14.2 14.2" />
    </TextIcon>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m21 21-4.3-4.3" />
    </TextIcon>
  );
}

export function DownloadIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3" />
    </TextIcon>
  );
}

export function PlusIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <path d="M12 5v14M5 12h14" />
    </TextIcon>
  );
}

export function PencilIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <path d="M17 3a2.8 2.8 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5Z" />
    </TextIcon>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <path d="M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6" />
    </TextIcon>
  );
}

export function PackageIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <path d="M21 8 12 3 3 8v8l9 5 9-5Z" />
      <path d="m3 8 9 5 9-5M12 13v8" />
    </TextIcon>
  );
}

export function WalletIcon(props: IconProps) {
  return (
    <TextIcon {...props}>
      <path d="M20 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0 0 4h15v13H5a2 2 0 0 1-2-2V5" />
      <path d="M16 14h.01" />
    </TextIcon>
  );
}
