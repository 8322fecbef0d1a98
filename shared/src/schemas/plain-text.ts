/**
 * Characters a name never needs and that make it lie on screen: C0/C1 control characters (a line break, an escape
 * sequence) and the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) plus the
 * direction marks, which can reverse how the rest of a line reads ("Refund ‮0001 SEK" shown as "Refund KES 1000").
 */
const HIDDEN_OR_REORDERING = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** True when the text holds none of the characters above. */
export const isPlainText = (value: string): boolean => !HIDDEN_OR_REORDERING.test(value);

/** The 400 message for a field that holds one. */
export const plainTextMessage = (label: string) => `${label} cannot contain control or text-direction characters`;
