import { Icon, type IconProps } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * Line icons of the admin screens, drawn inline like the app's other icons so no icon library lands in the
 * admin chunk. They are decorative: the text next to each one carries the meaning.
 */
function AdminIcon({ children, ...props }: IconProps & { children: ReactNode }) {
  // Sized to the text by default: outside a Button nothing else gives the svg a size.
  return (
    <Icon boxSize="1em" {...props}>
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

export function ArrowDownIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <path d="M12 5v14M5 12l7 7 7-7" />
    </AdminIcon>
  );
}

export function ArrowUpIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <path d="M12 19V5M5 12l7-7 7 7" />
    </AdminIcon>
  );
}

export function TrendingUpIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <path d="m22 7-8.5 8.5-5-5L2 17" />
      <path d="M16 7h6v6" />
    </AdminIcon>
  );
}

export function GiftIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M12 8v13M19 12v9H5v-9M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />
    </AdminIcon>
  );
}

export function UsersIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
      <circle cx="9" cy="7" r="4" />
      <path d="M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8" />
    </AdminIcon>
  );
}

export function SparklesIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9Z" />
      <path d="M19 17v4M17 19h4" />
    </AdminIcon>
  );
}

export function SlidersIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <path d="M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6" />
    </AdminIcon>
  );
}

export function DotIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <circle cx="12" cy="12" r="4" />
    </AdminIcon>
  );
}

export function CheckCircleIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="m8 12 3 3 5-6" />
    </AdminIcon>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 6v6l4 2" />
    </AdminIcon>
  );
}

export function XCircleIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="m15 9-6 6M9 9l6 6" />
    </AdminIcon>
  );
}

export function BanIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="m4.9 4.9 14.2 14.2" />
    </AdminIcon>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m21 21-4.3-4.3" />
    </AdminIcon>
  );
}

export function DownloadIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3" />
    </AdminIcon>
  );
}

export function PlusIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <path d="M12 5v14M5 12h14" />
    </AdminIcon>
  );
}

export function PencilIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <path d="M17 3a2.8 2.8 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5Z" />
    </AdminIcon>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <path d="M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6" />
    </AdminIcon>
  );
}

export function PackageIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <path d="M21 8 12 3 3 8v8l9 5 9-5Z" />
      <path d="m3 8 9 5 9-5M12 13v8" />
    </AdminIcon>
  );
}

export function WalletIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <path d="M20 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0 0 4h15v13H5a2 2 0 0 1-2-2V5" />
      <path d="M16 14h.01" />
    </AdminIcon>
  );
}

export function ActivityIcon(props: IconProps) {
  return (
    <AdminIcon {...props}>
      <path d="M22 12h-4l-3 9L9 3l-3 9H2" />
    </AdminIcon>
  );
}
