export * from "./api/errors.js";
export * from "./api/routes.js";
export * from "./constants.js";
export * from "./money.js";
export * from "./phone.js";
export * from "./schemas/auth.js";
export * from "./schemas/investor.js";
export * from "./schemas/user.js";
