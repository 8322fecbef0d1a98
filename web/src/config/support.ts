/**
 * How a user reaches support, shown in the footer and on the Terms of Service page. Placeholders until the support
 * desk exists (spec §1): the .example domain cannot reach anyone.
 */
export const supportContacts = {
  email: "support@jengafund.example",
  phone: { display: "+254 700 000 000", dial: "+254700000000" },
  hours: "Mon–Fri, 8:00–17:00 EAT",
} as const;
