import type { AdjustmentPerson as PersonView } from "@jengafund/shared";
import type { AdjustmentPerson } from "./adjustments-port.js";

/** A person an adjustment or a package change names, as the API answers it. */
export const personView = ({ id, firstName, lastName, email }: AdjustmentPerson): PersonView => ({
  _id: id,
  firstName,
  lastName,
  email,
});
