/**
 * The timestamp formats Daraja uses. M-Pesa stamps its own times in Kenyan local time (EAT, UTC+3, no daylight
 * saving), so every field the simulator generates is rendered in that zone whatever the machine's zone is.
 */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

interface LocalParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  millis: string;
  monthIndex: number;
  fullYear: number;
}

export function nairobiParts(at: Date): LocalParts {
  const local = new Date(at.getTime() + NAIROBI_OFFSET_MS);
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return {
    year: pad(local.getUTCFullYear(), 4),
    month: pad(local.getUTCMonth() + 1),
    day: pad(local.getUTCDate()),
    hour: pad(local.getUTCHours()),
    minute: pad(local.getUTCMinutes()),
    second: pad(local.getUTCSeconds()),
    millis: pad(local.getUTCMilliseconds(), 3),
    monthIndex: local.getUTCMonth(),
    fullYear: local.getUTCFullYear(),
  };
}

/** `YYYYMMDDHHmmss` — STK `Timestamp`, `TransactionDate`, Transaction Status `FinalisedTime`. */
export function compactTimestamp(at: Date): string {
  const p = nairobiParts(at);
  return `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}`;
}

/** `DD.MM.YYYY HH:mm:ss` — B2C `TransactionCompletedDateTime`. */
export function dottedDateTime(at: Date): string {
  const p = nairobiParts(at);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * Whether `YYYYMMDDHHmmss` names a real calendar instant. Daraja only checks the format and that the same string
 * went into the Password (mpesa.md §1.3: the timezone is not documented), so no clock-skew check is made.
 */
export function isValidCompactTimestamp(value: string): boolean {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}
