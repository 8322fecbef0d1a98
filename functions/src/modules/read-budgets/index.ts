/** The read-budgets module: what the rest of the server may use. */
export { readBudgets } from "./module.js";
export { createReadBudgets, type ReadBudgets } from "./read-budgets.js";
