/** A value sent blank ("" or null), as forms and query strings do, means "not given". */
export const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
