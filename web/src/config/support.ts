/**
 * How a user reaches support, shown in the footer and on the Terms of Service page. The support desk's own address,
 * number and hours are configuration of each deployment (VITE_SUPPORT_EMAIL, VITE_SUPPORT_PHONE as +2547…,
 * VITE_SUPPORT_HOURS, README's configuration table); a build without them shows the local placeholders, on the
 * .example domain that reaches no one, and the deploy checklist asks for them before a production build.
 */
const env = import.meta.env;

const given = (raw: string | undefined) => (raw !== undefined && raw.trim() !== "" ? raw.trim() : undefined);

/** +254712345678 → "+254 712 345 678"; anything else as given. */
function phoneDisplay(dial: string): string {
  const match = /^\+254(\d{3})(\d{3})(\d{3})$/.exec(dial);
  return match ? `+254 ${match[1]} ${match[2]} ${match[3]}` : dial;
}

const dial = given(env.VITE_SUPPORT_PHONE)?.replace(/[\s-]/g, "") ?? "+254700000000";

export const supportContacts = {
  email: given(env.VITE_SUPPORT_EMAIL) ?? "support@jengafund.example",
  phone: { display: phoneDisplay(dial), dial },
  hours: given(env.VITE_SUPPORT_HOURS) ?? "Mon–Fri, 8:00–17:00 EAT",
} as const;
